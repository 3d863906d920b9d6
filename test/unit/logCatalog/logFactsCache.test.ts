import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LogFactsCache } from '../../../src/core/logCatalog/logFactsCache';
import { readLogFacts } from '../../../src/core/logCatalog/readLogFacts';
import { LogFactsResult, isLogFactsProblem } from '../../../src/core/logCatalog/logFacts';
import { repoRoot } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const legacy = fs.readFileSync(path.join(repoRoot, 'examples', 'logs', 'legacy.tasklog.json'), 'utf8');

/** A cache whose reads are counted by file. */
function countingCache(): { cache: LogFactsCache; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const cache = new LogFactsCache(async (file: string): Promise<LogFactsResult> => {
    reads.set(file, (reads.get(file) ?? 0) + 1);
    return readLogFacts(file);
  });
  return { cache, reads };
}

describe('the log facts cache', () => {
  const folder = temporaryFolder('eval-lens-catalog-cache-');

  test('an unchanged file is read once; a changed one (size or time) again', async () => {
    const file = folder.put('a.tasklog.json', legacy);
    const { cache, reads } = countingCache();
    const first = await cache.factsOf(file);
    const second = await cache.factsOf(file);
    assert.equal(reads.get(file), 1);
    assert.equal(second, first, 'the same facts object');
    fs.writeFileSync(file, legacy.replace('"status": "success"', '"status": "failure"'));
    const changed = await cache.factsOf(file);
    assert.equal(reads.get(file), 2, 'read again after a change of size');
    assert.ok(!isLogFactsProblem(changed) && changed.status === 'failure', JSON.stringify(changed));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    await cache.factsOf(file);
    assert.equal(reads.get(file), 3, 'read again after a change of modification time alone');
  });

  test('a deleted file is a problem and leaves the cache; retain drops files gone from the list', async () => {
    const a = folder.put('gone/a.tasklog.json', legacy);
    const b = folder.put('gone/b.tasklog.json', legacy);
    const { cache } = countingCache();
    await cache.factsOfAll([a, b]);
    assert.equal(cache.size, 2);
    fs.rmSync(a);
    assert.ok(isLogFactsProblem(await cache.factsOf(a)));
    assert.equal(cache.size, 1);
    cache.retain([]);
    assert.equal(cache.size, 0);
  });

  test('many logs listed at once keep their order; a second listing reads nothing', async () => {
    const files = Array.from({ length: 200 }, (_, i) => folder.put(`many/${i}.tasklog.json`, legacy.replace('Capital QA (legacy log)', `Run ${i}`)));
    const { cache, reads } = countingCache();
    const results = await cache.factsOfAll(files);
    results.forEach((result, i) => assert.ok(!isLogFactsProblem(result) && result.displayName === `Run ${i}`, `order kept at ${i}`));
    await cache.factsOfAll(files);
    assert.equal([...reads.values()].reduce((a, b) => a + b, 0), 200);
  });
});
