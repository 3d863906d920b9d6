/** `$NAME` values (docs/semantics.md §11.2): read from the environment by the preview, warned about when unset, never plain text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { resolveCredential } from '../../../src/core/sources/remote/credentials';
import { environmentReference } from '../../../src/core/text/environmentReference';
import { validateText } from '../../../src/core/validation/validateText';

test('a value that is exactly $ and a variable name is a reference; anything else is text', () => {
  assert.equal(environmentReference('$LANGSMITH_API_KEY'), 'LANGSMITH_API_KEY');
  assert.equal(environmentReference('$_x1'), '_x1');
  for (const text of ['LANGSMITH', '$1ABC', '$A B', ' $A', '$A-B', '$', 'pre$A', '${A}']) assert.equal(environmentReference(text), undefined, text);
  assert.equal(environmentReference(42), undefined);
});

test('the preview reads a $NAME path from the environment; the spec is not changed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-lens-env-'));
  try {
    writeFileSync(join(dir, 'rows.jsonl'), '{"a":1}\n{"a":2}\n');
    const spec = { source: { type: 'local', file_path: '$DATA_FILE' } };
    const result = await preview(spec, { limit: 10, env: { DATA_FILE: join(dir, 'rows.jsonl') } });
    assert.equal(result.matched, 2);
    assert.equal(spec.source.file_path, '$DATA_FILE');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unset variable stops the preview with a message naming the field, the variable and how to set it', async () => {
  await assert.rejects(
    preview({ source: { type: 'langsmith', project: '$LANGSMITH_PROJECT', api_key: 'k' } }, { limit: 10, env: {} }),
    (error: unknown) => error instanceof PreviewError && error.kind === 'invalidSource' && /'project' is \$LANGSMITH_PROJECT.*set LANGSMITH_PROJECT in the environment/.test(error.message),
  );
});

test('a credential written $NAME is read from the environment, and an unset one names the field and the variable, not a value', async () => {
  assert.equal(await resolveCredential('$MY_KEY', 'api_key', [], { env: { MY_KEY: 'from-env' } }), 'from-env');
  await assert.rejects(resolveCredential('$MY_KEY', 'api_key', [], { env: {} }), /'api_key' refers to the environment variable MY_KEY, which is not set/);
});

test('in the editor and validate: a $NAME credential is not plain text; an unset variable is a warning on its value', () => {
  const text = ['key: runs', 'display_name: Runs', 'source:', '  type: langsmith', '  project: $PROJ', '  api_key: $KEY', ''].join('\n');
  const unset = validateText(text, 'runs.dataset.yaml', { env: {} }).diagnostics;
  assert.deepEqual(unset.map((d) => [d.code, text.slice(d.range.start, d.range.end)]), [['unset-variable', '$PROJ'], ['unset-variable', '$KEY']]);
  assert.deepEqual(validateText(text, 'runs.dataset.yaml', { env: { PROJ: 'p', KEY: 'k' } }).diagnostics, []);
  const plain = validateText(text.replace('$KEY', 'sk-fake-0000'), 'runs.dataset.yaml', { env: { PROJ: 'p' } }).diagnostics;
  assert.deepEqual(plain.map((d) => d.code), ['plain-text-credential']);
});
