/**
 * `<< secrets.NAME >>` inside a longer string (docs/semantics.md §11.2): each reference is read for the preview,
 * masked in what is shown, hovered and diagnosed on its own place; a `<< … >>` that is no reference is named; a
 * `$NAME` inside a longer string is text, as the service's CLI reads it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { preview, PreviewError } from '../../../src/core/sources/preview';
import { resolveCredential } from '../../../src/core/sources/remote/credentials';
import { MAX_REFERENCES_PER_VALUE, resolveText, templateParts } from '../../../src/core/text/environmentReference';
import { maskRegistered } from '../../../src/core/text/secretMask';
import { validateText } from '../../../src/core/validation/validateText';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { failureFromError } from '../../../src/extension/preview/previewFailure';

describe('references inside a longer string', () => {
  test('each << … >> part is found with its place and role', () => {
    const parts = templateParts('https://h/<< secrets.PATH >>/x?k=<<secrets.KEY>>&t=<< config.topic >>&<< secret.TYPO >>');
    assert.deepEqual(parts.map((p) => [p.role, p.name, p.text]), [
      ['secret', 'PATH', '<< secrets.PATH >>'], ['secret', 'KEY', '<<secrets.KEY>>'], ['config', 'topic', '<< config.topic >>'], ['invalid', undefined, '<< secret.TYPO >>'],
    ]);
    assert.equal(parts[0].start, 'https://h/'.length);
    assert.deepEqual(templateParts('a << b and c >> d'.replace(' and c', '')).map((p) => p.role), ['invalid']);
    assert.deepEqual(templateParts('x << y'), [], 'an unclosed << is text');
    assert.deepEqual(templateParts(`<< secrets.${'A'.repeat(300)} >>`), [], 'an overlong part is text');
  });

  test('every secret part is replaced; one that reads nothing leaves the value unread', () => {
    const env = { T: 'tok-123456789', P: 'sub/dir' };
    const read = resolveText('Bearer << secrets.TOKEN >> on << secrets.P >> and << secrets.TOKEN >>', env, { TOKEN: '$T' });
    assert.equal(read?.whole, false);
    assert.equal(read?.value, 'Bearer tok-123456789 on sub/dir and tok-123456789');
    assert.deepEqual(read?.parts.map((p) => [p.secret, p.variable, p.inSecretsMap]), [['TOKEN', 'T', true], ['P', 'P', false], ['TOKEN', 'T', true]]);
    const unset = resolveText('Bearer << secrets.NONE >>', {}, undefined);
    assert.equal(unset?.value, undefined);
    assert.equal(unset?.parts[0].secret, 'NONE');
  });

  test('a $NAME inside a longer string is text; << config.KEY >> alone is not a reference here', () => {
    assert.equal(resolveText('https://h/$PATH/x', { PATH: 'p' }, undefined), undefined);
    assert.equal(resolveText('about << config.topic >>', {}, undefined), undefined);
    assert.equal(resolveText('$PATH', { PATH: 'p' }, undefined)?.value, 'p');
  });

  test('a hostile value reads a bounded number of parts', () => {
    const many = '<< secrets.A >>'.repeat(10_000);
    assert.equal(templateParts(many).length, MAX_REFERENCES_PER_VALUE);
  });
});

describe('the preview and the credential reader', () => {
  test('a path with a secret folder inside it is read, and the secret is masked in the rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-lens-secret-text-'));
    try {
      const folder = 'hidden-folder-5f2a9c7e';
      mkdirSync(join(dir, folder));
      const data = join(dir, folder, 'rows.jsonl');
      writeFileSync(data, `{"where":"${data}"}\n{"where":"x"}\n`);
      const spec = { key: 'k', display_name: 'K', secrets: { DIR: '$DATA_DIR_VAR' }, source: { type: 'local', file_path: `${dir}/<< secrets.DIR >>/rows.jsonl` } };
      const before = JSON.stringify(spec);
      const result = await preview(spec, { limit: 10, env: { DATA_DIR_VAR: folder } });
      assert.equal(result.matched, 2);
      assert.equal(JSON.stringify(spec), before, 'the spec is not changed');
      assert.doesNotMatch(String(result.rows[0].values.where), /hidden-folder-5f2a9c7e/);
      assert.equal(maskRegistered(`in ${folder}`), 'in ***');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a preview whose string holds an unset secret stops naming the field and the secret', async () => {
    await assert.rejects(preview({ source: { type: 'local', file_path: './<< secrets.MISSING_DIR >>/a.csv' } }, { limit: 1, env: {} }),
      (error: unknown) => error instanceof PreviewError && /'file_path' is the secret MISSING_DIR.*add MISSING_DIR: \$MISSING_DIR under secrets:/.test(error.message));
  });

  test('a credential written "Bearer << secrets.T >>" is read with the secret put in', async () => {
    assert.equal(await resolveCredential('Bearer << secrets.T >>', 'api_key', [], { env: { T_VAR: 'abcdef-0123' }, secrets: { T: '$T_VAR' } }), 'Bearer abcdef-0123');
    await assert.rejects(resolveCredential('Bearer << secrets.T >>', 'api_key', [], { env: {} }), (error: unknown) => error instanceof PreviewError && /'api_key' is the secret T/.test(error.message));
  });
});

const SPEC = [
  'key: runs',
  'display_name: Runs',
  'secrets:',
  '  TOKEN: $TOKEN_VAR',
  'source:',
  '  type: url',
  '  url: "https://host/<< secrets.PATH >>/t-<< secrets.TOKEN >>/<< secret.USER >>/rows.csv"',
  '',
].join('\n');

describe('in the editor and validate', () => {
  test('each reference of a longer string is diagnosed on its own range; an invalid one is named', () => {
    const diagnostics = validateText(SPEC, 'runs.dataset.yaml', { env: {} }).diagnostics;
    assert.deepEqual(diagnostics.map((d) => [d.code, SPEC.slice(d.range.start, d.range.end)]), [
      ['unset-variable', '<< secrets.PATH >>'], ['unset-variable', '<< secrets.TOKEN >>'], ['invalid-reference', '<< secret.USER >>'],
    ]);
    assert.match(diagnostics[0].message, /`url` is the secret PATH/);
    assert.match(diagnostics[1].message, /environment variable TOKEN_VAR/);
    assert.match(diagnostics[2].message, /`<< secret.USER >>` is not a reference .*Write `<< secrets.NAME >>`/);
    const set = validateText(SPEC, 'runs.dataset.yaml', { env: { PATH: 'p', TOKEN_VAR: 't' } }).diagnostics;
    assert.deepEqual(set.map((d) => d.code), ['invalid-reference']);
  });

  test('the same reference written twice is diagnosed on each place', () => {
    const text = SPEC.replace('<< secret.USER >>', '<< secrets.PATH >>');
    const ranges = validateText(text, 'runs.dataset.yaml', { env: { TOKEN_VAR: 't' } }).diagnostics.map((d) => d.range.start);
    assert.equal(ranges.length, 2);
    assert.equal(ranges[1], text.lastIndexOf('<< secrets.PATH >>'));
  });

  test('a credential holding a secret inside a longer string is not plain text', () => {
    const text = 'key: t\ndisplay_name: T\nsource:\n  type: langsmith\n  project: p\n  api_key: "Bearer << secrets.LS >>"\n';
    assert.deepEqual(validateText(text, 't.dataset.yaml', { env: { LS: 'x' } }).diagnostics, []);
  });

  test('the hover of each reference says what it reads, on the reference only', () => {
    const documents = parseSpecDocuments(SPEC);
    const env = { TOKEN_VAR: 'secret-token-value' };
    const at = SPEC.indexOf('secrets.TOKEN') + 3;
    const hover = hoverAt(SPEC, documents, at, { kind: 'dataset', env });
    assert.ok(hover);
    assert.equal(SPEC.slice(hover.range.start, hover.range.end), '<< secrets.TOKEN >>');
    assert.match(hover.markdown, /secret `TOKEN` from the environment variable `TOKEN_VAR`: set \(18 characters/);
    assert.doesNotMatch(hover.markdown, /secret-token-value/);
    const unset = hoverAt(SPEC, documents, SPEC.indexOf('secrets.PATH'), { kind: 'dataset', env });
    assert.equal(SPEC.slice(unset!.range.start, unset!.range.end), '<< secrets.PATH >>');
    assert.match(unset!.markdown, /`PATH`, which is not set here/);
    const invalid = hoverAt(SPEC, documents, SPEC.indexOf('secret.USER'), { kind: 'dataset', env });
    assert.match(invalid!.markdown, /not a reference/);
    const elsewhere = hoverAt(SPEC, documents, SPEC.indexOf('https') + 2, { kind: 'dataset', env });
    assert.ok(elsewhere && !/secret/.test(elsewhere.markdown.slice(0, 40)), 'between references: the field\'s own hover');
  });
});

describe('the preview view', () => {
  test('a failure whose address holds a secret read from << secrets.NAME >> shows it masked', async () => {
    const spec = { key: 'k', display_name: 'K', secrets: { HOST: '$HOST_SECRET_VAR' }, source: { type: 'local', file_path: '/nowhere/<< secrets.HOST >>/rows.csv' } };
    const text = 'key: k\ndisplay_name: K\nsecrets:\n  HOST: $HOST_SECRET_VAR\nsource:\n  type: local\n  file_path: /nowhere/<< secrets.HOST >>/rows.csv\n';
    const error = await preview(spec, { limit: 1, env: { HOST_SECRET_VAR: 'tenant-secret-7c1e' } }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PreviewError, String(error));
    const failure = failureFromError(error, { specPath: '/w/k.dataset.yaml', text, document: parseSpecDocuments(text)[0] });
    assert.doesNotMatch(JSON.stringify(failure), /tenant-secret-7c1e/);
  });
});
