/**
 * Quick fixes inside a run config (docs/semantics.md §11.5): the diagnostics of a dataset or generator written out
 * in it get the fixes of a file of its own, with edits placed in the run config's text.
 */
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runConfigQuickFixes } from '../../../src/core/authoring/runConfigQuickFixes';
import type { QuickFix } from '../../../src/core/authoring/quickFixes';
import type { Diagnostic } from '../../../src/core/validation/diagnostic';
import { validateText } from '../../../src/core/validation/validateText';
import { applyFix } from './quickFixSupport';

const FILE = '/repo/guide/run.yaml';

function diagnosticsOf(text: string): Diagnostic[] {
  return validateText(text, FILE, { env: {} }).diagnostics;
}

function fixesOf(text: string, pick: (d: Diagnostic) => boolean): QuickFix[] {
  const result = validateText(text, FILE, { env: {} });
  assert.equal(result.runConfig, true);
  return result.diagnostics.filter(pick).flatMap((d) => runConfigQuickFixes(text, d, { json: false, documents: result.documents }));
}

const models = 'models:\n  - $provider: "openai/gpt-4.1-nano"\n';

describe('quick fixes of the entries written out in a run config', () => {
  test('an unknown source type: the closest type first, replacing the value in the run config', () => {
    const text = `${models}datasets:\n  - key: qa\n    display_name: QA\n    source:\n      type: locall\n      file_path: ./a.csv\n`;
    const fixes = fixesOf(text, (d) => d.path.join('/') === 'datasets/0/source/type');
    assert.ok(fixes.length > 0, JSON.stringify(diagnosticsOf(text)));
    const preferred = fixes.find((f) => f.preferred) ?? fixes[0];
    assert.equal(text.slice(preferred.edits[0].range.start, preferred.edits[0].range.end), 'locall');
    const fixed = applyFix(text, preferred);
    assert.match(fixed, /type: local\n/);
    assert.deepEqual(diagnosticsOf(fixed).filter((d) => d.severity === 'error'), []);
  });

  test('a top-level file_path of a dataset in the second list place: rewritten under source:, indented for the entry', () => {
    const text = `datasets:\n  - $ref: ./datasets/seed.yaml\n  - key: qa  # the answers\n    display_name: QA\n    file_path: ./data/qa.jsonl\n`;
    const fixes = fixesOf(text, (d) => d.code === 'older-service-form');
    assert.equal(fixes.length, 1);
    assert.equal(fixes[0].needsConfirmation, true);
    const fixed = applyFix(text, fixes[0]);
    assert.equal(fixed, 'datasets:\n  - $ref: ./datasets/seed.yaml\n  - key: qa  # the answers\n    display_name: QA\n    source:\n      type: local\n      file_path: ./data/qa.jsonl\n');
    assert.deepEqual(diagnosticsOf(fixed).filter((d) => d.code === 'older-service-form'), []);
  });

  test('a generator\'s kind: and namespaced key: for type: each rewritten in place', () => {
    const text = [
      'dataset_generators:',
      '  - key: gen',
      '    display_name: Gen',
      '    definition:',
      '      data_source:',
      '        kind: empty',
      '      synthesizers:',
      '        - key: "latticeflow$template"',
      '          template: "x"',
      '',
    ].join('\n');
    const notes = diagnosticsOf(text).filter((d) => d.code === 'older-service-form');
    assert.deepEqual(notes.map((d) => text.slice(d.range.start, d.range.end)), ['kind', 'key']);
    let fixed = text;
    for (const note of notes.reverse()) {
      const [fix] = fixesOf(fixed, (d) => d.code === note.code && d.path.join('/') === note.path.join('/'));
      fixed = applyFix(fixed, fix);
    }
    assert.match(fixed, /data_source:\n {8}type: empty\n/);
    assert.match(fixed, /- type: "template"\n/);
    assert.deepEqual(diagnosticsOf(fixed).filter((d) => d.code === 'older-service-form'), []);
  });

  test('a misspelt key of an embedded dataset: renamed to the key it is closest to', () => {
    const text = 'datasets:\n  - key: qa\n    display_name: QA\n    descripton: d\n    source:\n      type: local\n      file_path: ./a.csv\n';
    const fixes = fixesOf(text, (d) => d.code === 'unknown-property');
    assert.ok(fixes.length >= 1, JSON.stringify(diagnosticsOf(text)));
    assert.match(applyFix(text, fixes[0]), /\n {4}description: d\n/);
  });

  test('a missing required key is added inside the entry, at the entry\'s indentation', () => {
    const text = 'datasets:\n  - key: qa\n    source:\n      type: local\n      file_path: ./a.csv\nmodels: []\n';
    const fixes = fixesOf(text, (d) => d.code === 'required');
    assert.ok(fixes.length >= 1, JSON.stringify(diagnosticsOf(text)));
    const fixed = applyFix(text, fixes[0]);
    assert.match(fixed, /\n {4}display_name: ""\nmodels: \[\]\n$/);
    assert.deepEqual(diagnosticsOf(fixed).filter((d) => d.code === 'required'), []);
  });

  test('a plain-text credential: the store command is aimed at the place in the run config', () => {
    const text = 'datasets:\n  - key: t\n    display_name: T\n    source:\n      type: langsmith\n      project: p\n      api_key: lsv2_plaintext_key\n';
    const fixes = fixesOf(text, (d) => d.code === 'plain-text-credential');
    assert.equal(fixes.length, 1);
    const [target] = fixes[0].command?.arguments ?? [];
    assert.deepEqual((target as { path: unknown }).path, ['datasets', 0, 'source', 'api_key']);
  });

  test('nothing outside the written-out entries, and nothing for a made-up path', () => {
    const text = 'datasets:\n  - $ref: ./a.yaml\nmodels: []\n';
    const made: Diagnostic = { severity: 'error', message: 'm', range: { start: 0, end: 8 }, path: ['datasets', 0, 'source', 'type'], documentIndex: 0, source: 'schema', code: 'enum', data: { allowed: ['local'] } };
    assert.deepEqual(runConfigQuickFixes(text, made, { json: false }), []);
    assert.deepEqual(runConfigQuickFixes(text, { ...made, path: ['models'] }, { json: false }), []);
    assert.deepEqual(runConfigQuickFixes('not: [a run config', { ...made }, { json: false }), []);
  });
});
