import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

/** Entry names of a zip file, read from its central directory. */
function zipEntries(file: string): string[] {
  const buf = fs.readFileSync(file);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  assert.ok(eocd >= 0, 'the .vsix is a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    assert.equal(buf.readUInt32LE(offset), 0x02014b50, 'central directory entry');
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    names.push(buf.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

const vsix = path.join(__dirname, '../../../dist/eval-lens.vsix');

test('the .vsix holds only what runs', () => {
  const entries = zipEntries(vsix).filter((e) => e.startsWith('extension/')).map((e) => e.slice('extension/'.length));
  const lower = entries.map((e) => e.toLowerCase());
  for (const required of ['package.json', 'dist/extension.js', 'dist/cli.js', 'dist/cli/main.mjs', 'dist/worker/logparse.js', 'dist/worker/rangecount.js', 'dist/webview/logreport.js', 'dist/webview/preview.js', 'dist/webview/codicon.ttf', 'schemas/dataset.schema.json', 'schemas/task-result-log.schema.json', 'readme.md', 'license.txt', 'changelog.md', 'package.nls.json']) {
    assert.ok(lower.includes(required), `${required} is packaged (entries: ${entries.join(', ')})`);
  }
  const allowed = /^(package\.json|package\.nls\.json|readme\.md|changelog\.md|license(\.txt)?|l10n\/[^/]+\.json|schemas\/[^/]+\.schema\.json|dist\/(extension|cli)\.js|dist\/cli\/[^/]+\.mjs|dist\/worker\/[^/]+\.js|dist\/webview\/[^/]+\.(js|css|ttf)|media\/walkthrough\/[^/]+\.md)$/i;
  const unexpected = entries.filter((e) => !allowed.test(e));
  assert.deepEqual(unexpected, [], 'no sources, tests, maps, examples or node_modules');
});

test('the packaged manifest activates only on its own files, commands and editors', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { activationEvents: string[]; engines: { vscode: string }; name: string; displayName: string };
  assert.equal(manifest.name, 'eval-lens');
  assert.equal(manifest.displayName, 'Eval Lens');
  assert.equal(manifest.engines.vscode, '^1.90.0');
  assert.ok(!manifest.activationEvents.includes('*'));
  assert.ok(manifest.activationEvents.every((e) => /^(onLanguage:(yaml|json)|workspaceContains:|onCustomEditor:evalLens\.|onWebviewPanel:evalLens\.|onUri$)/.test(e)), manifest.activationEvents.join(', '));
});
