/** `url`: a CSV or JSON Lines file downloaded from a URL (after consent), filtered by the spec's `filters`. */
import type { SourceDefinition } from '../sourceDefinition';
import { previewUrl } from './urlSource';

export const urlSource: SourceDefinition = {
  identifiers: ['url'],
  recordNoun: () => undefined,
  fields: [{ name: 'url', role: 'url' }],
  columns: [],
  selection: 'filters',
  authoring: { factsFields: [], factsNeedPreview: false },
  preview: (context) => previewUrl({ url: context.requiredText('url'), filters: context.filters, options: context.options, run: context.run }),
};
