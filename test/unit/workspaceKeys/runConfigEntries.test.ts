import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { embeddedEntryAt, MAX_RUN_CONFIG_ENTRIES, runConfigEntries, runConfigEntryIndex } from '../../../src/core/validation/runConfigEntries';
import { validateText } from '../../../src/core/validation/validateText';
import { locate, parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { hoverAt, runConfigSecretsHover } from '../../../src/core/authoring/hoverEngine';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { datasetEntries } from '../../../src/extension/preview/datasetDocuments';

const RUN = [
  'datasets:',
  '  - $ref: ./datasets/seed-dataset.yaml',
  '  - display_name: "QA"',
  '    key: "qa"',
  '    generator_specification:',
  '      dataset_generator_key: "gen"',
  '      num_samples: 10',
  '      dataset_generator_config: {}',
  'dataset_generators:',
  '  - key: "gen"',
  '    display_name: "Gen"',
  '    config_spec:',
  '      - key: "topic"',
  '        type: "string"',
  '    definition:',
  '      data_source:',
  '        type: "empty"',
  '      synthesizers:',
  '        - type: "template"',
  '          template: "About << config.topic >> and << config.colour >>"',
  'tasks:',
  '  - $ref: ./tasks/t.yaml',
  '',
].join('\n');

describe('the entries of a run config', () => {
  test('embedded entries and $refs of datasets and generators, never tasks', () => {
    const entries = runConfigEntries(parseSpecDocuments(RUN), '/repo/guide/run.yaml');
    assert.deepEqual(entries.map((e) => [e.list, e.position, e.kind, e.embedded]), [
      ['datasets', 0, 'dataset', false], ['datasets', 1, 'dataset', true], ['dataset_generators', 0, 'generator', true],
    ]);
    const ref = entries[0];
    assert.ok(!ref.embedded);
    assert.equal(ref.target, '/repo/guide/datasets/seed-dataset.yaml');
    assert.equal(RUN.slice(ref.valueRange.start, ref.valueRange.end), './datasets/seed-dataset.yaml');
    assert.equal(RUN.slice(ref.anchor, ref.anchor + 4), '$ref');
    const generator = entries[2];
    assert.equal(RUN.slice(generator.anchor, generator.anchor + 3), 'key');
    assert.deepEqual(entries.map(runConfigEntryIndex), [0, 2, 1]);
  });

  test('an embedded entry reads as a document of its own with the run config offsets', () => {
    const entries = runConfigEntries(parseSpecDocuments(RUN));
    const dataset = embeddedEntryAt(entries, RUN.indexOf('num_samples'));
    assert.ok(dataset);
    assert.equal((dataset.document.value as { key: string }).key, 'qa');
    const at = locate(dataset.document, ['generator_specification', 'dataset_generator_key']);
    assert.equal(RUN.slice(at.valueRange.start, at.valueRange.end), '"gen"');
    assert.equal(embeddedEntryAt(entries, RUN.indexOf('seed-dataset')), undefined);
  });

  test('a run config with very many entries is read up to the bound', () => {
    const text = `datasets:\n${'  - $ref: ./a.yaml\n'.repeat(MAX_RUN_CONFIG_ENTRIES + 50)}dataset_generators:\n  - key: g\n`;
    const entries = runConfigEntries(parseSpecDocuments(text));
    assert.equal(entries.length, MAX_RUN_CONFIG_ENTRIES);
    assert.ok(entries.every((e) => e.list === 'datasets'));
  });

  test('a file that is not a run config has no entries', () => {
    assert.deepEqual(runConfigEntries(parseSpecDocuments('key: a\nsource:\n  type: local\n  file_path: a.csv\n')), []);
    assert.deepEqual(runConfigEntries(parseSpecDocuments('apps:\n  - x\n')), []);
  });
});

describe('the checks of a run config', () => {
  test('an embedded generator\'s << config.KEY >> is checked against its config_spec, on the run config', () => {
    const result = validateText(RUN, '/repo/guide/run.yaml', { env: {} });
    assert.equal(result.kind, undefined);
    assert.equal(result.runConfig, true);
    const config = result.diagnostics.filter((d) => d.source === 'template');
    assert.equal(config.length, 1, JSON.stringify(result.diagnostics));
    assert.match(config[0].message, /colour/);
    assert.equal(RUN.slice(config[0].range.start, config[0].range.end), '<< config.colour >>');
    assert.deepEqual(config[0].path.slice(0, 2), ['dataset_generators', 0]);
  });

  test('an embedded dataset gets the schema checks of a dataset spec', () => {
    const text = RUN.replace('      num_samples: 10', '      num_samples: "ten"');
    const result = validateText(text, '/repo/guide/run.yaml', { env: {} });
    const schema = result.diagnostics.filter((d) => d.source === 'schema');
    assert.equal(schema.length, 1, JSON.stringify(result.diagnostics));
    assert.deepEqual(schema[0].path, ['datasets', 1, 'generator_specification', 'num_samples']);
    assert.equal(text.slice(schema[0].range.start, schema[0].range.end), '"ten"');
  });

  test('a file that is none of ours stays without diagnostics', () => {
    const result = validateText('apps:\n  - key: a\n', '/repo/app.yaml', { env: {} });
    assert.equal(result.runConfig, undefined);
    assert.deepEqual(result.diagnostics, []);
  });
});

const WITH_SECRETS = [
  'secrets:',
  '  LS_KEY: $LANGSMITH_KEY_VAR',
  '  PROJECT: "written-project"',
  'datasets:',
  '  - key: traces',
  '    display_name: Traces',
  '    source:',
  '      type: langsmith',
  '      project: << secrets.PROJECT >>',
  '      api_key: << secrets.LS_KEY >>',
  '      api_url: "https://ls.example/<< secrets.REGION >>"',
  '  - key: own',
  '    display_name: Own',
  '    secrets:',
  '      PROJECT: $OWN_PROJECT_VAR',
  '    source:',
  '      type: langsmith',
  '      project: << secrets.PROJECT >>',
  '      api_key: << secrets.LS_KEY >>',
  '',
].join('\n');

describe('a run config\'s own secrets:', () => {
  test('an entry reads the run config\'s secrets: map, its own map over it', () => {
    const [shared, own] = runConfigEntries(parseSpecDocuments(WITH_SECRETS));
    assert.ok(shared.embedded && own.embedded);
    assert.deepEqual(shared.secrets, { LS_KEY: '$LANGSMITH_KEY_VAR', PROJECT: 'written-project' });
    assert.deepEqual(own.secrets, { LS_KEY: '$LANGSMITH_KEY_VAR', PROJECT: '$OWN_PROJECT_VAR' });
    const none = runConfigEntries(parseSpecDocuments(RUN)).find((e) => e.embedded);
    assert.ok(none?.embedded && none.secrets === undefined);
  });

  test('the "not set" warnings of an entry read through the run config\'s map, each on its own place', () => {
    const result = validateText(WITH_SECRETS, '/repo/guide/run.yaml', { env: {} });
    assert.deepEqual(result.diagnostics.map((d) => [d.code, d.path.join('/'), WITH_SECRETS.slice(d.range.start, d.range.end)]), [
      ['unset-variable', 'datasets/0/source/api_key', '<< secrets.LS_KEY >>'],
      ['unset-variable', 'datasets/0/source/api_url', '<< secrets.REGION >>'],
      ['unset-variable', 'datasets/1/source/project', '<< secrets.PROJECT >>'],
      ['unset-variable', 'datasets/1/source/api_key', '<< secrets.LS_KEY >>'],
    ]);
    assert.match(result.diagnostics[0].message, /secrets:` reads from the environment variable LANGSMITH_KEY_VAR/);
    const set = validateText(WITH_SECRETS, '/repo/guide/run.yaml', { env: { LANGSMITH_KEY_VAR: 'k', REGION: 'eu', OWN_PROJECT_VAR: 'p' } });
    assert.deepEqual(set.diagnostics, []);
  });

  test('the hover of an entry\'s secret reads the run config\'s map', () => {
    const [entry] = runConfigEntries(parseSpecDocuments(WITH_SECRETS));
    assert.ok(entry.embedded);
    const offset = WITH_SECRETS.indexOf('<< secrets.LS_KEY >>') + 4;
    const set = hoverAt(WITH_SECRETS, [entry.document], offset, { kind: 'dataset', env: { LANGSMITH_KEY_VAR: 'abcdef' }, secrets: entry.secrets });
    assert.match(set?.markdown ?? '', /secret `LS_KEY` from the environment variable `LANGSMITH_KEY_VAR`: set \(6 characters/);
    const unset = hoverAt(WITH_SECRETS, [entry.document], offset, { kind: 'dataset', env: {}, secrets: entry.secrets });
    assert.match(unset?.markdown ?? '', /`LANGSMITH_KEY_VAR`, which is not set here/);
  });

  test('an entry of the run config\'s own secrets: map is hovered with what it reads, never its value', () => {
    const documents = parseSpecDocuments(WITH_SECRETS);
    const offset = WITH_SECRETS.indexOf('$LANGSMITH_KEY_VAR') + 3;
    const hover = runConfigSecretsHover(WITH_SECRETS, documents, offset, { LANGSMITH_KEY_VAR: 'sk-0123456789' });
    assert.equal(WITH_SECRETS.slice(hover!.range.start, hover!.range.end), '$LANGSMITH_KEY_VAR');
    assert.match(hover!.markdown, /`LANGSMITH_KEY_VAR`: set \(13 characters/);
    assert.doesNotMatch(hover!.markdown, /sk-0123456789/);
    assert.equal(runConfigSecretsHover(WITH_SECRETS, documents, WITH_SECRETS.indexOf('written-project'), {}), undefined, 'a secret written as text reads no variable');
    assert.equal(runConfigSecretsHover(WITH_SECRETS, documents, WITH_SECRETS.indexOf('key: traces') + 6, {}), undefined, 'not in secrets:');
  });

  test('the preview of an entry reads the run config\'s map', async () => {
    const entries = datasetEntries(WITH_SECRETS);
    assert.deepEqual((entries[0].document.value as { secrets: unknown }).secrets, { LS_KEY: '$LANGSMITH_KEY_VAR', PROJECT: 'written-project' });
    // The lens still sits on the entry's source: key.
    assert.equal(WITH_SECRETS.slice(entries[0].sourceKeyRange!.start, entries[0].sourceKeyRange!.end), 'source');
    await assert.rejects(preview(entries[0].document.value, { limit: 1, env: {} }),
      (error: unknown) => error instanceof PreviewError && /'api_url' is the secret REGION/.test(error.message));
  });
});
