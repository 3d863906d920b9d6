import * as assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { SourceFactsCache } from '../../../src/extension/authoring/sourceFactsCache';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import type { SourceFacts } from '../../../src/core/model/previewTypes';

const hub = (config: string, features: string[]): SourceFacts => ({
  hub: { dataset: 'org/data', config, split: 'train', configs: ['en', 'fr'], splits: [{ config, split: 'train' }], features: features.map((name) => ({ name, type: { dtype: 'string', _type: 'Value' } })) },
});

describe('SourceFactsCache: facts of the last preview, per dataset and config', () => {
  beforeEach(() => SourceFactsCache.clear());

  test('a hub preview without a config name is found with and without the name it chose; other configs are not', () => {
    SourceFactsCache.record({ source: { type: 'dataset_hub', path: 'org/data', split: 'train' } }, '/w/a.dataset.yaml', { sourceFacts: hub('en', ['text']) });
    const lookup = SourceFactsCache.lookup('/w/b.dataset.yaml');
    assert.deepEqual(lookup({ type: 'dataset_hub', path: 'org/data', split: 'test' })?.hub?.features.map((f) => f.name), ['text']);
    assert.equal(lookup({ type: 'dataset_hub', path: 'org/data', load_dataset_kwargs: { name: 'en' } })?.hub?.config, 'en');
    assert.equal(lookup({ type: 'dataset_hub', path: 'org/data', load_dataset_kwargs: { name: 'fr' } }), undefined);
    assert.equal(lookup({ type: 'dataset_hub', path: 'org/other' }), undefined);
  });

  test('the newest preview replaces older facts; a result without facts changes nothing', () => {
    const spec = { source: { type: 'dataset_hub', path: 'org/data', load_dataset_kwargs: { name: 'fr' } } };
    SourceFactsCache.record(spec, undefined, { sourceFacts: hub('fr', ['a']) });
    SourceFactsCache.record(spec, undefined, { sourceFacts: hub('fr', ['a', 'b']) });
    SourceFactsCache.record(spec, undefined, {});
    assert.deepEqual(SourceFactsCache.lookup(undefined)(spec.source)?.hub?.features.map((f) => f.name), ['a', 'b']);
  });

  test('session facts are found by the resolved path, and reach the hover', () => {
    SourceFactsCache.record({ source: { type: 'coding_agent_sessions', path: 'sessions' } }, '/w/specs/a.dataset.yaml', { sourceFacts: { metadataKeys: ['team'], sessionIds: ['s1'] } });
    const text = 'key: b\ndisplay_name: B\nsource:\n  type: coding_agent_sessions\n  path: ../specs/sessions\n';
    const h = hoverAt(text, parseSpecDocuments(text), text.indexOf('type'), { kind: 'dataset', factsFor: SourceFactsCache.lookup('/w/other/b.dataset.yaml') });
    assert.match(h?.markdown ?? '', /Keys seen in `metadata` \(last preview\): `team`/);
    assert.equal(SourceFactsCache.lookup('/w/other/b.dataset.yaml')({ type: 'coding_agent_sessions', path: 'sessions' }), undefined);
  });
});
