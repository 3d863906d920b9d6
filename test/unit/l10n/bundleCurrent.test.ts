import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { getL10nJson } from '@vscode/l10n-dev';

const repoRoot = path.resolve(__dirname, '../../../..');

/** The script files `npm run l10n` reads: every .ts/.tsx/.js/.jsx under src/ and webview/. */
function scriptFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...scriptFiles(file));
    else if (/\.(ts|tsx|js|jsx)$/.test(entry.name)) found.push(file);
  }
  return found;
}

describe('l10n bundle', () => {
  test('l10n/bundle.l10n.json holds exactly the messages of the code (run `npm run l10n` after changing a message)', async () => {
    const files = ['src', 'webview'].flatMap((dir) => scriptFiles(path.join(repoRoot, dir))).sort();
    const extracted = await getL10nJson(files.map((file) => ({ extension: path.extname(file), contents: fs.readFileSync(file, 'utf8') })));
    const committed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
    const missing = Object.keys(extracted).filter((key) => !(key in committed));
    const extra = Object.keys(committed).filter((key) => !(key in extracted));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, 'missing: in the code, not in the bundle; extra: in the bundle, no longer in the code');
    const changed = Object.keys(extracted).filter((key) => JSON.stringify(extracted[key]) !== JSON.stringify(committed[key]));
    assert.deepEqual(changed, [], 'messages whose value or comment differs from the code');
    assert.ok(missing.length === 0 && Object.keys(committed).length > 500, 'the bundle carries the string tables');
  });
});
