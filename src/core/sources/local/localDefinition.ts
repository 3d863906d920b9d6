/** `local`: a CSV or JSON Lines file on this machine, filtered by the spec's `filters`. */
import type { SourceDefinition } from '../sourceDefinition';
import { previewLocalFile } from './localSource';

export const localSource: SourceDefinition = {
  identifiers: ['local'],
  recordNoun: () => undefined,
  fields: [{ name: 'file_path', role: 'path', target: 'file', fileNames: /\.(csv|jsonl)$/i, watched: true }],
  columns: [],
  selection: 'filters',
  authoring: { factsFields: [], factsNeedPreview: false },
  preview: (context) => {
    const file = context.requiredPath('file_path');
    const filtersRaw = Array.isArray(context.source.filters) ? (context.source.filters as unknown[]) : [];
    return previewLocalFile({ file, filtersRaw, filters: context.filters, options: context.options, run: context.run });
  },
};
