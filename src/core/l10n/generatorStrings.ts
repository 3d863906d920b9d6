/** Words of a generator definition's preview (docs/semantics.md §11.3): its data source, synthesizers and samples. */
import * as l10n from '@vscode/l10n';
import { formatCount } from './numberFormat';

export const generatorRunStrings = {
  get noDatasetKey() {
    return l10n.t('`dataset_key` is not set: there are no source samples to show');
  },
  get noDatasetKeys() {
    return l10n.t('`dataset_keys` lists no dataset: there are no source samples to show');
  },
  unknownSourceType: (type: string) => l10n.t('the data source type `{0}` is not known to Eval Lens: its samples cannot be shown', type),
  datasetNotFound: (key: string, suggestion: string | undefined) =>
    (suggestion ? l10n.t('no dataset with key `{0}` in this workspace; did you mean `{1}`?', key, suggestion) : l10n.t('no dataset with key `{0}` in this workspace', key)),
  datasetUnreadable: (key: string, file: string, reason: string) => l10n.t('the dataset `{0}` ({1}) could not be read: {2}', key, file, reason),
  title: (name: string) => l10n.t('Generator {0}', name),
  get configHeading() {
    return l10n.t('Configuration');
  },
  configValue: (key: string, value: string | undefined, from: 'dataset' | 'default' | 'unset') =>
    (from === 'unset' ? l10n.t('{0}: not set (no default_value)', key) : from === 'default' ? l10n.t('{0}: {1} (default)', key, value ?? '') : `${key}: ${value ?? ''}`),
  sourceHeading: (type: string) => l10n.t('Data source: {0}', type),
  sourceCount: (total: number, complete: boolean) =>
    (!complete ? l10n.t('at least {0} source samples', formatCount(total)) : total === 1 ? l10n.t('1 source sample') : l10n.t('{0} source samples', formatCount(total))),
  datasetFrom: (key: string, file: string) => l10n.t('dataset `{0}` from {1}', key, file),
  sourceSample: (index: number) => l10n.t('Source sample {0}', index + 1),
  stageHeading: (index: number, type: string) => l10n.t('Synthesizer {0}: {1}', index + 1, type),
  templateCount: (total: number, perSource: number, complete: boolean) =>
    (complete ? l10n.t('{0} samples ({1} per source sample)', formatCount(total), formatCount(perSource)) : l10n.t('at least {0} samples ({1} per source sample)', formatCount(total), formatCount(perSource))),
  pageRange: (first: number, last: number, total: number) => l10n.t('samples {0}–{1} of {2}', formatCount(first), formatCount(last), formatCount(total)),
  sample: (index: number) => l10n.t('Sample {0}', formatCount(index + 1)),
  model: (model: string | undefined) => (model ? l10n.t('Model: {0}', model) : l10n.t('Model: not set')),
  columns: (columns: string[]) => (columns.length ? l10n.t('Columns to expect: {0}', columns.join(', ')) : l10n.t('No sample properties are declared')),
  get systemPrompt() {
    return l10n.t('system prompt');
  },
  get userPrompt() {
    return l10n.t('user prompt');
  },
  unresolved: (names: string[]) => l10n.t('No value for {0}.', names.join(', ')),
  get neverCalled() {
    return l10n.t('No model is called: the prompts are shown as the model would receive them.');
  },
  get pythonNotRun() {
    return l10n.t('The snippet runs on the service; Eval Lens shows it and never runs it.');
  },
  includedFrom: (path: string) => l10n.t('included from {0}', path),
  includeMissing: (path: string) => l10n.t('!include names {0}, and there is no such file next to the definition', path),
  get claimInputs() {
    return l10n.t('No model is called: these are the values each source sample gives it.');
  },
  roles: (roles: string[]) => l10n.t('Columns read: {0}', roles.join(', ')),
  unknownStage: (type: string) => l10n.t('The synthesizer type `{0}` is not known to Eval Lens: what it produces is not shown.', type),
  get previousPage() {
    return l10n.t('Previous samples');
  },
  get nextPage() {
    return l10n.t('Next samples');
  },
  get definitionIntro() {
    return l10n.t('What this generator produces for its first source samples. No model is called and no code is run.');
  },
  get noSynthesizers() {
    return l10n.t('The definition has no synthesizers.');
  },
  get noSourceSamples() {
    return l10n.t('No source samples.');
  },
  get codeLensTooltip() {
    return l10n.t('Show what the generator produces for its first source samples: template samples, prompts, snippets');
  },
};
