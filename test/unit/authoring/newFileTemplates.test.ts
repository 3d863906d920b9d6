import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { isUsableName, keyFromName, newFileName, newFileText } from '../../../src/core/authoring/newFileTemplates';
import { validateText } from '../../../src/core/validation/validateText';
import { kindFromFileName } from '../../../src/core/fileKind';

describe('new dataset spec and generator templates', () => {
  test('a new dataset spec is recognised by its name and has no problem when its data file is there', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-new-'));
    try {
      const file = path.join(dir, newFileName('dataset', 'Capital Questions'));
      assert.equal(path.basename(file), 'Capital Questions.dataset.yaml');
      assert.equal(kindFromFileName(file), 'dataset');
      const text = newFileText('dataset', 'Capital Questions');
      assert.match(text, /^key: capital-questions$/m);
      fs.mkdirSync(path.join(dir, 'data'));
      fs.writeFileSync(path.join(dir, 'data', 'capital-questions.jsonl'), '{"question":"q"}\n');
      const result = validateText(text, file);
      assert.equal(result.kind, 'dataset');
      assert.deepEqual(result.diagnostics.map((d) => d.message), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a new generator definition validates with no problem, its config key used by its template', () => {
    const file = path.join(os.tmpdir(), newFileName('generator', 'qa'));
    assert.equal(kindFromFileName(file), 'generator');
    const result = validateText(newFileText('generator', 'qa'), file);
    assert.equal(result.kind, 'generator');
    assert.deepEqual(result.diagnostics.map((d) => d.message), []);
  });

  test('names become keys and file names safely', () => {
    assert.equal(keyFromName('  Été / 2026  '), 't-2026');
    assert.equal(keyFromName('***'), 'new');
    assert.equal(newFileName('dataset', 'x.dataset.yaml'), 'x.dataset.yaml');
    for (const bad of ['', '   ', 'a/b', 'a\\b', '..', 'a:b', 'a\u0000b', 'x'.repeat(121)]) assert.equal(isUsableName(bad), false, JSON.stringify(bad));
    assert.equal(isUsableName('capital questions'), true);
  });
});
