/** `folder`: one row per file of a folder, searched recursively, filtered by the spec's `filters`. */
import type { SourceDefinition } from '../sourceDefinition';
import { previewFolder } from './folderSource';

export const folderSource: SourceDefinition = {
  identifiers: ['folder'],
  recordNoun: () => undefined,
  fields: [
    { name: 'directory_path', role: 'path', target: 'folder', watched: true },
    { name: 'extension', role: 'option' },
  ],
  columns: [],
  selection: 'filters',
  authoring: { factsFields: [], factsNeedPreview: false },
  preview: (context) => {
    const directory = context.requiredPath('directory_path');
    const extension = typeof context.source.extension === 'string' ? context.source.extension : undefined;
    return previewFolder({ directory, extension, filters: context.filters, options: context.options, run: context.run });
  },
};
