import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const repoRoot = path.resolve(__dirname, '../../../..');

describe('package.nls.json', () => {
  test('every %key% of package.json is in package.nls.json, and every key there is used', () => {
    const manifest = fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
    const nls = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, unknown>;
    const used = new Set([...manifest.matchAll(/"%([^%"\s]+)%"/g)].map((m) => m[1]));
    const missing = [...used].filter((key) => !(key in nls)).sort();
    const unused = Object.keys(nls).filter((key) => !used.has(key)).sort();
    assert.deepEqual({ missing, unused }, { missing: [], unused: [] });
    assert.ok(used.size > 0);
    for (const key of used) assert.equal(typeof nls[key], 'string', key);
  });
});
