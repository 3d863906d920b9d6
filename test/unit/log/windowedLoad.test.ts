import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadLogIndexSync, LoadLogOptions } from '../../../src/core/log/logLoader';
import { randomLogText, reportViews, viewsOrError } from './randomLogs';
import { temporaryFolder } from '../temporaryFolder';

/**
 * A log file scanned and indexed a window at a time (LoadLogOptions.readInWindows, what a comparison's loading
 * worker does) against the same file read whole: every view and every error must be equal, and the file is
 * never read whole while it loads.
 */

const folder = temporaryFolder('eval-lens-windowed-');

/** How `file` was read while `load` ran: whole (readFileSync) or opened (openSync), how many times each. */
function readsOf<T>(file: string, load: () => T): { result: T; whole: number; opens: number } {
  const { readFileSync, openSync } = fs;
  let whole = 0;
  let opens = 0;
  fs.readFileSync = ((target: unknown, ...rest: unknown[]) => {
    if (target === file) whole++;
    return (readFileSync as (...args: unknown[]) => unknown)(target, ...rest);
  }) as typeof fs.readFileSync;
  fs.openSync = ((target: unknown, ...rest: unknown[]) => {
    if (target === file) opens++;
    return (openSync as (...args: unknown[]) => number)(target, ...rest);
  }) as typeof fs.openSync;
  try {
    return { result: load(), whole, opens };
  } finally {
    fs.readFileSync = readFileSync;
    fs.openSync = openSync;
  }
}

function assertWindowedLikePlain(file: string, options: LoadLogOptions = {}): unknown {
  const plain = viewsOrError(file, options);
  assert.deepEqual(viewsOrError(file, { ...options, readInWindows: true }), plain);
  return plain;
}

describe('loading a log a window at a time', () => {
  for (const seed of [5, 13]) {
    test(`gives the plain path's views without reading the file whole, one open a window (seed ${seed})`, () => {
      const text = randomLogText(seed, seed % 2 ? 3000 : 5000);
      assert.ok(text.length > 2 * 4 * 1024 * 1024, 'the samples span several of the scan\'s windows');
      const file = folder.put(`random-${seed}.tasklog.json`, text);
      const plain = readsOf(file, () => reportViews(loadLogIndexSync({ filePath: file }, { leaveOutChecks: true })));
      assert.equal(plain.whole, 1, 'the plain path reads the file whole');
      const windowed = readsOf(file, () => loadLogIndexSync({ filePath: file }, { leaveOutChecks: true, readInWindows: true }));
      assert.equal(windowed.whole, 0, 'the file is never read whole');
      // The scan's file and each sample store's reader: not one open per sample (thousands of them).
      assert.ok(windowed.opens <= 4, `opened ${windowed.opens} times`);
      assert.deepEqual(reportViews(windowed.result), plain.result);
    });
  }

  test('once indexed, samples read one after another share one open file; it closes when reads stop', async () => {
    const file = folder.put('details.tasklog.json', randomLogText(21, 400));
    const { result: index } = readsOf(file, () => loadLogIndexSync({ filePath: file }, { leaveOutChecks: true, readInWindows: true }));
    const plain = loadLogIndexSync({ filePath: file }, { leaveOutChecks: true });
    const count = (await index.summary()).samples.count;
    assert.ok(count >= 400);
    const details = readsOf(file, () => Array.from({ length: count }, (_, i) => index.getDetail(i)));
    assert.ok(details.opens <= 2, `${count} details opened the file ${details.opens} times`);
    assert.deepEqual(details.result, Array.from({ length: count }, (_, i) => plain.getDetail(i)));
    // No read for a while: the file is closed, and the next read opens it again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const later = readsOf(file, () => index.getDetail(count - 1));
    assert.equal(later.opens, 1);
    assert.deepEqual(later.result, plain.getDetail(count - 1));
  });

  test('a sample longer than the reader\'s window, members longer than the scan\'s look-ahead', () => {
    const value = JSON.parse(randomLogText(17, 500)) as { specification: Record<string, unknown>; evidence: { samples: Record<string, unknown>[] } & Record<string, unknown> };
    value.specification.description = 'd'.repeat(9 * 1024 * 1024);
    value.evidence.notes = ['n'.repeat(9 * 1024 * 1024)];
    value.evidence.samples[250].trials = [{ index: 0, sample: { data: { big: 'b'.repeat(3 * 1024 * 1024) } }, solver: { output: 'x' }, scores: [] }];
    value.evidence.samples[251].trials = [{ index: 0, sample: { data: { big: 'c'.repeat(2 * 1024 * 1024) } }, scores: [] }];
    const views = assertWindowedLikePlain(folder.put('long.tasklog.json', JSON.stringify(value)));
    assert.ok(Array.isArray(views), 'the log loads');
  });

  test('a syntax error in a late sample, after the samples, or a cut file: the plain path\'s error', () => {
    const text = randomLogText(9, 1500);
    const inSample = assertWindowedLikePlain(folder.put('late.tasklog.json', text.replace('"s1400"', '"s1400" x')));
    assert.ok(inSample && typeof inSample === 'object' && 'message' in inSample, 'the broken log fails');
    const afterSamples = assertWindowedLikePlain(folder.put('after.tasklog.json', text.replace(/\}\s*$/, ', "tail": [1,}')));
    assert.ok(afterSamples && typeof afterSamples === 'object' && 'message' in afterSamples);
    assertWindowedLikePlain(folder.put('cut.tasklog.json', text.slice(0, Math.floor(text.length * 0.7))));
  });

  test('not an object, empty, binary, only runs, no samples, a missing file: the plain path\'s outcome', () => {
    assertWindowedLikePlain(folder.put('array.tasklog.json', '[1, 2, 3]'));
    assertWindowedLikePlain(folder.put('empty.tasklog.json', ''));
    assertWindowedLikePlain(folder.put('binary.tasklog.json', Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22]).toString('latin1')));
    const value = JSON.parse(randomLogText(8, 300)) as { evidence: Record<string, unknown> };
    const { samples: _samples, ...runsOnly } = value.evidence;
    assertWindowedLikePlain(folder.put('runs-only.tasklog.json', JSON.stringify({ ...value, evidence: runsOnly })));
    assertWindowedLikePlain(folder.put('no-samples.tasklog.json', JSON.stringify({ ...value, evidence: { metrics: [] } })));
    assertWindowedLikePlain(`${folder.path}/missing.tasklog.json`, { requireLog: true });
  });

  test('with checkSyntax or a full load, the file is read whole as without', () => {
    const file = folder.put('checked.tasklog.json', randomLogText(6, 300));
    for (const options of [{ checkSyntax: true }, { mode: 'full' as const }]) {
      const { whole } = readsOf(file, () => assertWindowedLikePlain(file, options));
      assert.equal(whole, 2, 'read whole by both loads');
    }
  });
});
