/** `dataset_hub` (docs/semantics.md §9.4): a split of a public hub dataset, filtered by the spec's `filters`. */
import type { SourceDefinition } from '../sourceDefinition';
import { hubConfigOf, hubFactsKey, hubHoverMarkdown } from './hubFacts';
import { previewDatasetHub } from './hubSource';
import { HUB_SOURCE_TYPE } from './hubSourceType';

export const hubSource: SourceDefinition = {
  identifiers: [HUB_SOURCE_TYPE, 'huggingface'],
  recordNoun: () => undefined,
  fields: [
    { name: 'path', role: 'dataset' },
    { name: 'split', role: 'option' },
    { name: 'load_dataset_kwargs', role: 'option' },
  ],
  columns: [],
  selection: 'filters',
  authoring: {
    factsKey: (source) => hubFactsKey(typeof source.path === 'string' ? source.path : '', hubConfigOf(source)),
    moreFactsKeys: (facts) => (facts.hub ? [hubFactsKey(facts.hub.dataset, facts.hub.config)] : []),
    hover: hubHoverMarkdown,
    factsFields: ['path', 'split', 'load_dataset_kwargs'],
    factsNeedPreview: false,
  },
  preview: (context) => previewDatasetHub({ source: context.source, filters: context.filters, options: context.options, run: context.run }),
};
