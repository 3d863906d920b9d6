/**
 * `<< secrets.NAME >>` values (docs/semantics.md §11.2): read through the file's own `secrets:` map (else the
 * environment variable NAME) by the preview, the export and the credential reader; warned about when they read
 * nothing; masked in every output; never written back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { resolveCredential } from '../../../src/core/sources/remote/credentials';
import { resolveReference, secretsReference } from '../../../src/core/text/environmentReference';
import { maskRegistered } from '../../../src/core/text/secretMask';
import { validateText } from '../../../src/core/validation/validateText';
import { exportKeptRows } from '../../../src/core/export/keptRowsExport';

test('a value that is exactly << secrets.NAME >> (spaces optional) names a secret; anything else is text', () => {
  assert.equal(secretsReference('<< secrets.OPENAI_API_KEY >>'), 'OPENAI_API_KEY');
  assert.equal(secretsReference('<<secrets.k>>'), 'k');
  for (const text of ['<< config.topic >>', 'Bearer << secrets.K >>', '<< secrets. >>', '$K', '<< secrets.1A >>']) assert.equal(secretsReference(text), undefined, text);
});

test('a secret is read through the secrets: map, else the variable of its own name; unset reads nothing', () => {
  const env = { OPENAI_KEY_VAR: 'sk-from-map-var', OTHER: 'sk-same-name' };
  assert.deepEqual(resolveReference('<< secrets.OPENAI_API_KEY >>', env, { OPENAI_API_KEY: '$OPENAI_KEY_VAR' }),
    { secret: 'OPENAI_API_KEY', variable: 'OPENAI_KEY_VAR', inSecretsMap: true, value: 'sk-from-map-var' });
  assert.deepEqual(resolveReference('<< secrets.OTHER >>', env, { OPENAI_API_KEY: '$OPENAI_KEY_VAR' }),
    { secret: 'OTHER', variable: 'OTHER', inSecretsMap: false, value: 'sk-same-name' });
  assert.equal(resolveReference('<< secrets.MISSING >>', env, undefined)?.value, undefined);
  // A map entry is the map's own, never an inherited property.
  assert.equal(resolveReference('<< secrets.toString >>', {}, {})?.value, undefined);
});

test('a credential written << secrets.NAME >> is read through the map; an unset one names the field, the secret and the variable', async () => {
  const options = { env: { LS_KEY: 'ls-key-abcdef123456' }, secrets: { LANGSMITH_API_KEY: '$LS_KEY' } };
  assert.equal(await resolveCredential('<< secrets.LANGSMITH_API_KEY >>', 'api_key', [], options), 'ls-key-abcdef123456');
  await assert.rejects(resolveCredential('<< secrets.LANGSMITH_API_KEY >>', 'api_key', [], { env: {}, secrets: { LANGSMITH_API_KEY: '$LS_KEY' } }),
    (error: unknown) => error instanceof PreviewError && /'api_key' is the secret LANGSMITH_API_KEY.*environment variable LS_KEY, not set/.test(error.message));
  await assert.rejects(resolveCredential('<< secrets.NOPE >>', 'api_key', [], { env: {} }),
    (error: unknown) => error instanceof PreviewError && /secrets: map does not hold it.*add NOPE: \$NOPE under secrets:/.test(error.message));
});

test('the preview and the export read a << secrets.NAME >> path through the dataset\'s secrets:, mask it, and change nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-lens-secrets-'));
  try {
    const data = join(dir, 'rows-secret-folder-0123456789.jsonl');
    writeFileSync(data, `{"where":"${data}"}\n{"where":"x"}\n`);
    const spec = { key: 'k', display_name: 'K', secrets: { DATA: '$DATA_FILE_VAR' }, source: { type: 'local', file_path: '<< secrets.DATA >>' } };
    const before = JSON.stringify(spec);
    const result = await preview(spec, { limit: 10, env: { DATA_FILE_VAR: data } });
    assert.equal(result.matched, 2);
    assert.equal(JSON.stringify(spec), before);
    // The secret's value is masked in rows, as every configured credential (docs/security.md, "Masking").
    assert.equal(result.rows[0].values.where, '***');
    assert.equal(maskRegistered(`at ${data}`), 'at ***');
    const out = join(dir, 'out.jsonl');
    await exportKeptRows(spec, { specPath: join(dir, 'spec.yaml'), outFile: out, previewOptions: { env: { DATA_FILE_VAR: data } } });
    assert.doesNotMatch(readFileSync(out, 'utf8'), /rows-secret-folder/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a preview that needs an unset secret stops naming the field, the secret and what to do', async () => {
  await assert.rejects(
    preview({ source: { type: 'langsmith', project: '<< secrets.PROJ >>', api_key: 'k' }, secrets: { PROJ: '$PROJ_VAR' } }, { limit: 10, env: {} }),
    (error: unknown) => error instanceof PreviewError && /'project' is the secret PROJ.*PROJ_VAR, not set: set PROJ_VAR/.test(error.message),
  );
});

test('in the editor and validate: a << secrets.NAME >> credential is not plain text; one that reads nothing is a warning on its value', () => {
  const text = ['key: runs', 'display_name: Runs', 'secrets:', '  LS: $LS_KEY', 'source:', '  type: langsmith', '  project: p', '  api_key: << secrets.LS >>', '  api_url: "<< secrets.ENDPOINT >>"', ''].join('\n');
  const unset = validateText(text, 'runs.dataset.yaml', { env: {} }).diagnostics;
  assert.deepEqual(unset.map((d) => [d.code, d.severity, text.slice(d.range.start, d.range.end)]),
    [['unset-variable', 'warning', '<< secrets.LS >>'], ['unset-variable', 'warning', '"<< secrets.ENDPOINT >>"']]);
  assert.match(unset[0].message, /`api_key` is the secret LS, which this file's `secrets:` reads from the environment variable LS_KEY/);
  assert.match(unset[1].message, /Add `ENDPOINT: \$ENDPOINT` under `secrets:`/);
  assert.deepEqual(validateText(text, 'runs.dataset.yaml', { env: { LS_KEY: 'k', ENDPOINT: 'https://x' } }).diagnostics, []);
});
