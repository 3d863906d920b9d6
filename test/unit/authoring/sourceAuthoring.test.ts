import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { completionsAt } from '../../../src/core/authoring/completionEngine';
import { datasetChecks } from '../../../src/core/authoring/datasetChecks';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { sourceFactsKey, sourceFactsKeys } from '../../../src/core/authoring/sourceFacts';
import type { SourceFacts } from '../../../src/core/model/previewTypes';
import { CODING_AGENT_SESSION_COLUMNS } from '../../../src/core/sources/sessions/sessionColumns';
import { TRACE_PLATFORM_B_COLUMNS } from '../../../src/core/sources/langfuse/langfuseColumns';
import { parseSourceTime } from '../../../src/core/validation/sourceSelectionCheck';
import { validateText } from '../../../src/core/validation/validateText';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { cursor, listDirectory, makeDataFolder } from './authoringTestSupport';

const sessionFacts: SourceFacts = { sessionIds: ['4f1c-aaaa', '9e2d-bbbb'], metadataKeys: ['gitBranch', 'team'], scoreKeys: ['passed'] };
const hubFacts: SourceFacts = {
  hub: {
    dataset: 'stanfordnlp/imdb', config: 'plain_text', split: 'train', configs: ['plain_text'],
    splits: [{ config: 'plain_text', split: 'train' }, { config: 'plain_text', split: 'test' }, { config: 'plain_text', split: 'unsupervised' }],
    features: [{ name: 'text', type: { dtype: 'string', _type: 'Value' } }, { name: 'label', type: { names: ['neg', 'pos'], _type: 'ClassLabel' } }],
  },
};

function hover(marked: string, facts?: SourceFacts) {
  const { text, offset } = cursor(marked);
  return hoverAt(text, parseSpecDocuments(text), offset, { kind: 'dataset', factsFor: facts ? () => facts : undefined });
}

function complete(marked: string, facts?: SourceFacts, specPath?: string) {
  const { text, offset } = cursor(marked);
  return completionsAt(text, offset, { kind: 'dataset', json: false, listDirectory, specPath, factsFor: facts ? () => facts : undefined });
}

const head = 'key: s\ndisplay_name: S\nsource:\n';

describe('source authoring: hovers show columns and preview facts', () => {
  test('a coding_agent_sessions source: its §9.2 columns and the metadata/scores keys of the last preview', () => {
    const h = hover(`${head}  ty|pe: coding_agent_sessions\n  path: sessions\n`, sessionFacts);
    assert.ok(h);
    for (const column of CODING_AGENT_SESSION_COLUMNS) assert.ok(h.markdown.includes(`\`${column}\``), column);
    assert.match(h.markdown, /Keys seen in `metadata` \(last preview\): `gitBranch`, `team`/);
    assert.match(h.markdown, /Keys seen in `scores` \(last preview\): `passed`/);
    assert.match(h.markdown, /2 sessions found/);
    assert.match(hover(`${head}  ty|pe: coding_agent_sessions\n`)!.markdown, /Preview this dataset/);
  });

  test('a trace platform source lists its columns; an unrelated field keeps its plain hover', () => {
    const h = hover(`sou|rce:\n  type: trace_platform_b\n  project: p\n`.replace(/^/, 'key: s\ndisplay_name: S\n'));
    assert.ok(h);
    assert.ok(TRACE_PLATFORM_B_COLUMNS.every((c) => h.markdown.includes(`\`${c}\``)));
    const limit = hover(`${head}  type: trace_platform_b\n  project: p\n  lim|it: 5\n`);
    assert.ok(limit && !limit.markdown.includes('observation_count'));
  });

  test('a dataset_hub source: configs, splits and features once a preview fetched them; a note before', () => {
    const h = hover(`${head}  type: dataset_hub\n  path: stanfordnlp/imdb\n  spl|it: train\n`, hubFacts);
    assert.ok(h);
    assert.match(h.markdown, /Configs: \*\*`plain_text`\*\*/);
    assert.match(h.markdown, /Splits of `plain_text`: `train`, `test`, `unsupervised`/);
    assert.match(h.markdown, /`label` \(ClassLabel\)/);
    assert.match(h.markdown, /`text` \(string\)/);
    assert.match(hover(`${head}  type: dataset_hub\n  path: stanfordnlp/imdb\n  spl|it: train\n`)!.markdown, /once a preview has fetched them/);
  });
});

describe('source authoring: completion from preview facts and the file system', () => {
  let dir: string;
  before(() => {
    dir = makeDataFolder();
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('session_id offers the sessions the last preview found', () => {
    const items = complete(`${head}  type: coding_agent_sessions\n  session_id: |\n`, sessionFacts);
    assert.deepEqual(items.map((i) => i.label), ['4f1c-aaaa', '9e2d-bbbb']);
    assert.deepEqual(complete(`${head}  type: trace_platform_b\n  project: p\n  session_id: |\n`, sessionFacts).filter((i) => i.label === '4f1c-aaaa'), []);
  });

  test('inside {{ sample.… }} of a dataset_hub filter: the hub features', () => {
    const items = complete(`${head}  type: dataset_hub\n  path: stanfordnlp/imdb\n  split: train\n  filters:\n    - expression: "{{ sample.|"\n`, hubFacts);
    assert.deepEqual(items.filter((i) => i.kind === 'column').map((i) => [i.label, i.detail]), [['text', 'column (string) of stanfordnlp/imdb (plain_text/train)'], ['label', 'column (ClassLabel) of stanfordnlp/imdb (plain_text/train)']]);
  });

  test('path of coding_agent_sessions and eval_logs completes files and folders', () => {
    const specPath = path.join(dir, 'spec.dataset.yaml');
    for (const type of ['coding_agent_sessions', 'eval_logs']) {
      const labels = complete(`${head}  type: ${type}\n  path: |\n`, undefined, specPath).map((i) => i.label);
      assert.ok(labels.includes('docs/') && labels.includes('notes.txt'), `${type}: ${labels.join(', ')}`);
    }
  });
});

describe('source authoring: diagnostics of the selecting fields', () => {
  const diagnostics = (source: string) => validateText(`${head}${source}`, 'x.dataset.yaml').diagnostics;

  test('from_time / to_time must parse by the §9.1 rules', () => {
    assert.equal(parseSourceTime('2026-11-01'), Date.UTC(2026, 10, 1));
    assert.equal(parseSourceTime('2026-11-01T09:30'), Date.UTC(2026, 10, 1, 9, 30));
    assert.equal(parseSourceTime('2026-11-01T09:30:15.250+02:00'), Date.UTC(2026, 10, 1, 7, 30, 15, 250));
    assert.equal(parseSourceTime('2026-11-01T09:30:00Z'), Date.UTC(2026, 10, 1, 9, 30));
    for (const bad of ['yesterday', '2026-02-30', '2026-13-01', '2026-11-01T24:00', '01/11/2026', '2026-11-01T09:30+25:00', '']) assert.equal(parseSourceTime(bad), undefined, bad);
    const found = diagnostics('  type: coding_agent_sessions\n  from_time: last week\n  to_time: "2026-11-02"\n');
    assert.deepEqual(found.map((d) => [d.severity, d.path.join('.')]), [['error', 'source.from_time']]);
    assert.match(found[0].message, /"last week" is not an ISO 8601 time/);
    const range = diagnostics('  type: coding_agent_sessions\n  path: logs\n  from_time: "2026-11-05"\n  to_time: "2026-11-01"\n');
    assert.deepEqual(range.map((d) => [d.severity, d.path.join('.')]), [['warning', 'source.to_time']]);
  });

  test('limit below 1 is an error on the value', () => {
    const text = `${head}  type: trace_platform_a\n  project: p\n  limit: 0\n`;
    const [d] = validateText(text, 'x.dataset.yaml').diagnostics;
    assert.match(d.message, /`limit` must be at least 1/);
    assert.equal(text.slice(d.range.start, d.range.end), '0');
    assert.deepEqual(diagnostics('  type: trace_platform_a\n  project: p\n  limit: 1\n'), []);
  });

  test('trace platforms take no filters: the diagnostic says so; dataset_hub still takes them', () => {
    for (const type of ['trace_platform_a', 'trace_platform_b']) {
      const found = diagnostics(`  type: ${type}\n  project: p\n  filters:\n    - expression: "{{ sample.name }}"\n      op: exists\n`);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.match(found[0].message, new RegExp(`the \`${type}\` source takes no \`filters\``));
      assert.equal(found[0].severity, 'error');
    }
    assert.deepEqual(diagnostics('  type: dataset_hub\n  path: a/b\n  split: train\n  filters:\n    - expression: "{{ sample.label }}"\n      op: exists\n'), []);
  });

  test('a credential in plain text stays a warning', () => {
    const found = diagnostics('  type: trace_platform_a\n  project: p\n  api_key: lsv2-plain-text\n');
    assert.deepEqual(found.map((d) => [d.severity, d.code]), [['warning', 'plain-text-credential']]);
  });

  test('a path of coding_agent_sessions or eval_logs that does not exist', () => {
    const text = `${head}  type: eval_logs\n  path: missing-logs\n`;
    const found = datasetChecks(text, parseSpecDocuments(text), { specPath: '/work/spec.dataset.yaml', pathKind: () => undefined });
    assert.equal(found.length, 1);
    assert.match(found[0].message, /`path`: missing-logs does not exist/);
    assert.deepEqual(datasetChecks(text, parseSpecDocuments(text), { specPath: '/work/spec.dataset.yaml', pathKind: () => 'directory' }), []);
  });
});

describe('source facts are kept per dataset and config', () => {
  test('the hub key names the dataset and the config; the chosen config is a second key', () => {
    const source = { type: 'dataset_hub', path: 'stanfordnlp/imdb', split: 'train' };
    assert.equal(sourceFactsKey(source), 'dataset_hub|stanfordnlp/imdb|');
    assert.equal(sourceFactsKey({ ...source, load_dataset_kwargs: { name: 'plain_text' } }), 'dataset_hub|stanfordnlp/imdb|plain_text');
    assert.deepEqual(sourceFactsKeys(source, hubFacts), ['dataset_hub|stanfordnlp/imdb|', 'dataset_hub|stanfordnlp/imdb|plain_text']);
    assert.equal(sourceFactsKey({ type: 'eval_logs', path: 'logs' }, '/w/spec.yaml'), `eval_logs|${path.resolve('/w/logs')}`);
    assert.equal(sourceFactsKey({ type: 'local', file_path: 'a.csv' }), undefined);
  });
});
