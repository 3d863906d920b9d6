import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateText } from '../../../src/core/validation/validateText';
import { lines, show } from './testText';

function check(fileName: string, text: string) {
  const result = validateText(text, fileName);
  return { kind: result.kind, shown: result.diagnostics.map((d) => show(text, d)), diagnostics: result.diagnostics };
}

const base = ['display_name: Example'];

describe('validateText: one diagnostic per real problem, on the smallest range', () => {
  test('a valid spec has no diagnostics', () => {
    const r = check('a.dataset.yaml', lines('key: ok-key_1', ...base, 'source:', '  type: local', '  file_path: data.csv'));
    assert.equal(r.kind, 'dataset');
    assert.deepEqual(r.shown, []);
  });

  test('an invalid key is underlined on its value with a message naming the fix', () => {
    const r = check('a.dataset.yaml', lines('key: "has spaces!"', ...base, 'source:', '  type: local', '  file_path: data.csv'));
    assert.deepEqual(r.shown, [{ at: '1:6-1:19', underlined: '"has spaces!"', message: "key may only contain letters, digits, '_' and '-'", severity: 'error' }]);
  });

  test('a key longer than 250 characters', () => {
    const r = check('a.dataset.yaml', lines(`key: ${'k'.repeat(251)}`, ...base, 'source:', '  type: local', '  file_path: data.csv'));
    assert.equal(r.shown.length, 1);
    assert.match(r.shown[0].message, /250/);
    assert.equal(check('a.dataset.yaml', lines(`key: ${'k'.repeat(250)}`, ...base, 'source:', '  type: local', '  file_path: d.csv')).shown.length, 0);
  });

  test('an unknown source type: one diagnostic on the value, naming the type meant or listing every spelling of every type', () => {
    const r = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: locl', '  file_path: data.csv'));
    assert.equal(r.shown.length, 1);
    assert.equal(r.shown[0].underlined, 'locl');
    assert.match(r.shown[0].message, /did you mean `local`\?$/);
    const far = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: spreadsheet', '  file_path: data.csv'));
    assert.equal(far.shown.length, 1);
    assert.match(far.shown[0].message, /local, folder, url, huggingface, dataset_hub, claude_code, coding_agent_sessions, langsmith, trace_platform_a, langfuse, trace_platform_b, inspect_ai, eval_logs, phoenix/);
  });

  test('an unknown operator says which one was meant, in one short line', () => {
    const r = check('a.dataset.yaml', lines('key: k', ...base, 'source:', '  type: local', '  file_path: data.csv', '  filters:', '    - expression: "{{ sample.a }}"', '      op: greater', '      value: 1'));
    assert.deepEqual(r.shown.map((d) => [d.underlined, d.message]), [['greater', '`op` cannot be the text "greater"; did you mean `greater_than`?']]);
    const type = check('a.dataset.yaml', lines('key: k', ...base, 'source:', '  type: folders', '  directory_path: docs'));
    assert.match(type.shown[0].message, /did you mean `folder`\?$/);
  });

  test('a mistyped key is one diagnostic on the key with "did you mean"', () => {
    const r = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: folder', '  directory_pat: notes'));
    assert.deepEqual(r.shown.map((d) => [d.underlined, d.message]), [['directory_pat', 'unknown property `directory_pat` in Folder dataset source; did you mean `directory_path`?']]);
    assert.equal(r.diagnostics[0].data?.suggestion, 'directory_path');
  });

  test('a missing required property is placed on the key of the object that lacks it', () => {
    const r = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: folder', '  extension: md'));
    assert.equal(r.shown.length, 1);
    assert.equal(r.shown[0].underlined, 'source');
    assert.match(r.shown[0].message, /missing required property `directory_path`/);
    assert.equal(r.diagnostics[0].data?.missing, 'directory_path');
  });

  test('a filter op of another kind reports only the chosen branch', () => {
    const r = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: local', '  file_path: a.csv', '  filters:', '    - expression: "{{ sample.a }}"', '      op: in', '      value: 3'));
    assert.deepEqual(r.shown.map((d) => d.underlined), ['value']);
    assert.match(r.shown[0].message, /did you mean `values`/);
  });

  test('source and generator_specification together, and neither', () => {
    const both = check('a.dataset.yaml', lines('key: ok', ...base, 'source: {type: url, url: "https://a/b.csv"}', 'generator_specification: {dataset_generator_key: g, num_samples: 1, dataset_generator_config: {}}'));
    const message = 'a dataset needs either `source` or `generator_specification`, not both';
    assert.deepEqual(both.shown.map((d) => [d.at.split('-')[0], d.underlined, d.message]), [['3:1', 'source', message], ['4:1', 'generator_specification', message]]);
    const neither = check('a.dataset.yaml', lines('key: ok', ...base));
    assert.equal(neither.shown.length, 1);
    assert.equal(neither.shown[0].underlined, 'key');
    assert.match(neither.shown[0].message, /either `source` or `generator_specification`/);
  });

  test('url endings and num_samples limits', () => {
    const r = check('a.dataset.yaml', lines('key: ok', ...base, 'source:', '  type: url', '  url: "https://a/b.csv?x=1"'));
    assert.match(r.shown[0].message, /\.csv or \.jsonl/);
    const g = check('a.dataset.yaml', lines('key: ok', ...base, 'generator_specification:', '  dataset_generator_key: g', '  num_samples: 0', '  dataset_generator_config: {}'));
    assert.deepEqual(g.shown.map((d) => d.underlined), ['0']);
    assert.match(g.shown[0].message, /at least 1/);
  });

  test('each document of a YAML stream is validated and placed in its own lines', () => {
    const text = lines('key: one', ...base, 'source: {type: local, file_path: a.csv}', '---', 'key: two', ...base, 'source:', '  type: local', '  file_pth: a.csv');
    const r = check('multi.dataset.yaml', text);
    assert.deepEqual(r.shown.map((d) => [d.at.split('-')[0], d.underlined]), [['9:3', 'file_pth']]);
    assert.equal(r.diagnostics[0].documentIndex, 1);
  });

  test('a dataset key used twice in one stream', () => {
    const text = lines('key: same', ...base, 'source: {type: local, file_path: a.csv}', '---', 'key: same', ...base, 'source: {type: local, file_path: b.csv}');
    const r = check('multi.dataset.yaml', text);
    assert.equal(r.shown.length, 1);
    assert.match(r.shown[0].message, /already used by document 1/);
    assert.equal(r.shown[0].at.split(':')[0], '5');
  });

  test('JSON specs get the same diagnostics at JSON ranges', () => {
    const text = '{\n  "key": "ok",\n  "display_name": "x",\n  "source": {"type": "local", "file_path": "a.csv", "filter": []}\n}\n';
    const r = check('spec.dataset.json', text);
    assert.deepEqual(r.shown.map((d) => [d.at, d.underlined]), [['4:53-4:61', '"filter"']]);
    assert.match(r.shown[0].message, /did you mean `filters`/);
  });

  test('YAML syntax errors are reported and no schema noise is added', () => {
    const r = check('a.dataset.yaml', 'key: ok\nsource: [unclosed\n');
    assert.ok(r.shown.length >= 1);
    assert.ok(r.diagnostics.every((d) => d.source === 'syntax'));
  });

  test('files that are none of ours give no diagnostics and no kind', () => {
    const r = check('config.yaml', 'name: app\nreplicas: 3\n');
    assert.equal(r.kind, undefined);
    assert.deepEqual(r.shown, []);
  });

  test('content recognition and the modeline apply to plain YAML names', () => {
    assert.equal(check('anything.yaml', 'key: k\nsource: {type: local, file_path: a.csv}\n').kind, 'dataset');
    assert.equal(check('anything.yaml', '# eval-lens: dataset\nkey: k\n').kind, 'dataset');
  });
});

describe('validateText: checks JSON Schema cannot express', () => {
  test('a plain-text credential is a warning on the value; secret and env references are not', () => {
    const text = lines('connection_type: managed_agent', 'agent_id: a', 'environment_id: e', 'vault_id: v', 'api_key: sk-live-123');
    const r = check('agent.yaml', text);
    assert.equal(r.kind, 'connection');
    assert.deepEqual(r.shown.map((d) => [d.severity, d.underlined]), [['warning', 'sk-live-123']]);
    assert.match(r.shown[0].message, /credential in plain text/);
    assert.deepEqual(check('agent.yaml', lines('connection_type: managed_agent', 'agent_id: a', 'environment_id: e', 'vault_id: v', 'api_key: { secret: VAULT_KEY }')).shown, []);
    assert.deepEqual(check('agent.yaml', lines('connection_type: managed_agent', 'agent_id: a', 'environment_id: e', 'vault_id: v', 'api_key: { env: API_KEY }')).shown, []);
  });

  test('a credential of the wrong shape is one error', () => {
    const r = check('agent.yaml', lines('connection_type: managed_agent', 'agent_id: a', 'environment_id: e', 'vault_id: v', 'api_key: 12'));
    assert.equal(r.shown.length, 1);
    assert.match(r.shown[0].message, /secret: NAME/);
    const typo = check('agent.yaml', lines('connection_type: managed_agent', 'agent_id: a', 'environment_id: e', 'vault_id: v', 'api_key: { secrt: X }'));
    assert.deepEqual(typo.shown.map((d) => d.underlined), ['secrt']);
  });

  test('generator templates: unknown config keys are warnings on the reference, unused keys warnings (docs/semantics.md §6)', () => {
    const text = lines(
      'key: qa-gen', 'display_name: QA generator', 'description: d',
      'config_spec:', '  - {key: topic, type: string, display_name: Topic}', '  - {key: tone, type: string, display_name: Tone}',
      'definition:', '  type: declarative_dataset_generator', '  data_source: {type: empty}',
      '  synthesizers:', '    - type: llm', '      model_key: m', '      use_structured_outputs: true', '      system_prompt: "You write about << config.topic >>."',
      '      user_prompt_template: "Write one question in a << config.style >> voice."', '  sample_properties: {question: {type: string}}',
    );
    const r = check('qa.generator.yaml', text);
    assert.equal(r.kind, 'generator');
    assert.equal(r.shown.filter((d) => d.severity === 'error').length, 0);
    const unknown = r.shown.find((d) => d.severity === 'warning' && d.underlined === '<< config.style >>');
    const warning = r.shown.find((d) => d.severity === 'warning' && d.underlined === 'tone');
    assert.match(unknown!.message, /known keys: topic, tone/);
    assert.match(warning!.message, /`tone` is used by no template/);
  });
});

describe('validateText: task result logs', () => {
  const log = {
    format_version: 'v1', app_version: '1.0', status: 'success',
    evidence: { metrics: null, samples: [{ sample_id: 1, errors: [{ error_type: 'x', message: 'm', stage: 'nope' }] }] },
    specification: { display_name: 'd', task: {}, config: {}, run_config: null },
    execution: { runtime: 1, started_at: 1, ended_at: 2 }, errors: [],
  };

  test('logs are validated with JSON ranges found by scanning', () => {
    const text = JSON.stringify(log, null, 2);
    const r = check('run.tasklog.json', text);
    assert.equal(r.kind, 'log');
    assert.deepEqual(r.shown.map((d) => d.underlined), ['"nope"']);
    assert.match(r.shown[0].message, /configuration, dataset, solver, score, metric, action/);
  });

  test('a JSON log is recognised by content whatever its name', () => {
    assert.equal(check('whatever.json', JSON.stringify(log)).kind, 'log');
  });

  test('invalid JSON names the line and column', () => {
    const r = check('run.tasklog.json', '{\n  "format_version": "v1",\n  "status": oops\n}');
    assert.equal(r.shown.length, 1);
    assert.match(r.shown[0].message, /invalid JSON/);
    assert.equal(r.shown[0].at.split(':')[0], '3');
  });
});

describe('validateText: filter expressions (docs/semantics.md §4)', () => {
  const spec = (...filter: string[]) => lines('key: ok', 'display_name: x', 'source:', '  type: local', '  file_path: a.csv', '  filters:', ...filter);

  test('a valid expression gives nothing', () => {
    assert.deepEqual(check('a.dataset.yaml', spec('    - expression: "{{ sample[\\"my col\\"] }}"', '      op: exists')).shown, []);
  });

  test('an invalid expression names the filter and the column, underlining where parsing failed', () => {
    const r = check('a.dataset.yaml', spec('    - expression: "{{ sample.a | upper }}"', '      op: exists'));
    assert.equal(r.shown.length, 1);
    assert.match(r.shown[0].message, /^filter 1: invalid expression at column 13/);
    assert.equal(r.shown[0].underlined, '|');
  });

  test('an unknown root and missing braces are errors too', () => {
    const root = check('a.dataset.yaml', spec('    - expression: "{{ row.a }}"', '      op: exists'));
    assert.equal(root.shown.length, 1);
    assert.equal(root.shown[0].underlined.startsWith('row'), true);
    const bare = check('a.dataset.yaml', spec('    - expression: sample.a', '      op: exists'));
    assert.equal(bare.shown.length, 1);
    assert.match(bare.shown[0].message, /filter 1/);
  });

  test('ordering against a boolean is an invalid filter', () => {
    const r = check('a.dataset.yaml', spec('    - expression: "{{ sample.a }}"', '      op: greater_than', '      value: true'));
    assert.deepEqual(r.shown.map((d) => d.underlined), ['true']);
  });
});

describe('validateText: a new, blank spec in the editor', () => {
  test('a blank spec is quiet in the editor; the command line still says it is empty; a spec of comments is still empty', () => {
    for (const text of ['', '\n  \n']) {
      assert.deepEqual(validateText(text, 'new.dataset.yaml', { blankIsQuiet: true }).diagnostics, [], JSON.stringify(text));
      assert.deepEqual(validateText(text, 'new.dataset.yaml').diagnostics.map((d) => d.message), ['the document is empty']);
    }
    assert.deepEqual(validateText('# a spec\n', 'new.dataset.yaml', { blankIsQuiet: true }).diagnostics.map((d) => d.message), ['the document is empty']);
  });
});
