import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateText } from '../../../src/core/validation/validateText';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { completionsAt } from '../../../src/core/authoring/completionEngine';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { datasetEntriesOf } from '../../../src/core/export/datasetList';
import { LineIndex } from '../../../src/core/text/lineIndex';
import { aliasBomb, binaryBytes, deepFlow, deepSpecs, prototypeIsClean } from './hostileCases';

const TIMEOUT = { timeout: 20_000 };

/** Every authoring entry point on one text; returns the validation for further checks. */
function everyEntryPoint(name: string, text: string) {
  const started = Date.now();
  const result = validateText(text, name);
  const docs = parseSpecDocuments(text);
  const json = name.endsWith('.json');
  for (const offset of [0, Math.floor(text.length / 2), text.length]) {
    assert.ok(Array.isArray(completionsAt(text, offset, { kind: 'dataset', json })));
    hoverAt(text, docs, offset, { kind: 'dataset' });
  }
  datasetEntriesOf(name, text);
  assert.ok(Date.now() - started < 10_000, `${name} took ${Date.now() - started} ms`);
  return result;
}

function errorsOf(text: string, result: ReturnType<typeof validateText>): { line: number; message: string }[] {
  const lines = new LineIndex(text);
  return result.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ line: lines.positionAt(d.range.start).line + 1, message: d.message }));
}

describe('hostile spec input: validation, completion, hover, listing', () => {
  const deepLine: Record<string, number> = { 'flow.dataset.yaml': 6, 'block.dataset.yaml': 7, 'deep.dataset.json': 6 };
  for (const [name, text] of Object.entries(deepSpecs)) {
    test(`${name}: nesting 25,000 levels is one error on its line, no stack overflow`, TIMEOUT, () => {
      const result = everyEntryPoint(name, text);
      const errors = errorsOf(text, result);
      assert.equal(errors.length, 1, JSON.stringify(errors));
      assert.equal(errors[0].line, deepLine[name]);
      assert.match(errors[0].message, /^nested more than 512 levels deep; .*flatten/);
    });
  }

  test('nesting just inside the limit is parsed and validated as usual', TIMEOUT, () => {
    const text = `key: ok\ndisplay_name: OK\nsource: {type: local, file_path: a.csv}\ntags: ${deepFlow(200)}\n`;
    const result = everyEntryPoint('ok.dataset.yaml', text);
    assert.ok(errorsOf(text, result).every((e) => !/nested more than/.test(e.message)));
    assert.ok(errorsOf(text, result).some((e) => e.line === 4), 'tags must be a list of strings: a schema error on line 4');
  });

  test('a YAML alias bomb is refused quickly with a message', TIMEOUT, () => {
    const text = aliasBomb();
    const result = everyEntryPoint('bomb.dataset.yaml', text);
    assert.ok(errorsOf(text, result).some((e) => /alias/i.test(e.message)), JSON.stringify(errorsOf(text, result)));
  });

  test('binary bytes, NUL and invalid UTF-8 give diagnostics, not exceptions', TIMEOUT, () => {
    const binary = binaryBytes(200_000).toString('utf8');
    assert.ok(errorsOf(binary, everyEntryPoint('bin.dataset.yaml', binary)).length > 0);
    everyEntryPoint('bin.json', binary);
    const nul = 'key: a\u0000b\ndisplay_name: N\nsource: {type: local, file_path: a.csv}\n';
    assert.ok(errorsOf(nul, everyEntryPoint('nul.dataset.yaml', nul)).some((e) => e.line === 1));
    const invalidUtf8 = Buffer.concat([Buffer.from('key: bad\ndisplay_name: "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"\nsource: {type: local, file_path: a.csv}\n')]).toString('utf8');
    const result = everyEntryPoint('utf8.dataset.yaml', invalidUtf8);
    assert.deepEqual(errorsOf(invalidUtf8, result), []);
    assert.match(String((result.values[0] as Record<string, unknown>).display_name), /\uFFFD/);
  });

  test('an empty spec file and a huge single line', TIMEOUT, () => {
    everyEntryPoint('empty.dataset.yaml', '');
    everyEntryPoint('empty.dataset.json', '');
    const long = `key: long\ndisplay_name: "${'x'.repeat(5_000_000)}"\nsource: {type: local, file_path: a.csv}\n`;
    const result = validateText(long, 'long.dataset.yaml');
    assert.deepEqual(errorsOf(long, result), []);
    assert.equal(String((result.values[0] as Record<string, unknown>).display_name).length, 5_000_000);
  });

  test('__proto__, constructor and prototype keys are reported as unknown, never merged into objects', TIMEOUT, () => {
    const text = 'key: p\ndisplay_name: P\nsource: {type: local, file_path: a.csv}\n__proto__: {polluted: true}\nconstructor: {hostile: 1}\nprototype: 1\n';
    const result = everyEntryPoint('proto.dataset.yaml', text);
    const errors = errorsOf(text, result);
    assert.deepEqual(errors.map((e) => e.line), [4, 5, 6]);
    assert.ok(prototypeIsClean());
    const json = '{"key": "p", "display_name": "P", "source": {"type": "local", "file_path": "a.csv", "__proto__": {"polluted": true}}}';
    assert.equal(errorsOf(json, everyEntryPoint('proto.dataset.json', json)).length, 1);
    assert.ok(prototypeIsClean());
  });
});
