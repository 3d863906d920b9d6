import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatSelectionFunnel } from '../../../src/cli/selectionFunnelFormat';
import { logStrings } from '../../../src/core/l10n/logStrings';
import { sourceStrings } from '../../../src/core/l10n/sourceStrings';
import type { PreviewResult } from '../../../src/core/model/previewTypes';

function result(total: number, steps: PreviewResult['removedPerFilter'] = []): PreviewResult {
  return { columns: [], rows: [], total, matched: total, removedPerFilter: steps, notComparable: 0, warnings: [], complete: true, selection: true, recordNoun: 'sessions' };
}

describe('counts read as sentences', () => {
  test('one session is "1 session"; a source whose fields removed nothing says so plainly', () => {
    const text = formatSelectionFunnel(result(1));
    assert.match(text, /^1 session → 1 kept \(all kept: no field removed any\)$/m, text);
    assert.match(formatSelectionFunnel(result(3)), /^3 sessions → /m);
  });

  test('how an eval-log source was counted: files and samples in the singular where there is one', () => {
    assert.equal(sourceStrings.countedArchive(1, 12, 1), 'counted by reading the 12 samples of 1 log file');
    assert.equal(sourceStrings.countedArchive(3, 1, 1), 'counted by reading the 1 sample of 3 log files');
    assert.equal(sourceStrings.countedArchive(3, 1200, 4), 'counted by reading the 1,200 samples of 3 log files on 4 threads');
  });

  test("a log's versions: no dangling \"app\" when the log names no application version (an Inspect log without packages)", () => {
    assert.equal(logStrings.versions('v1', '1.4.0'), 'format v1 · app 1.4.0');
    assert.equal(logStrings.versions('Inspect v2', ''), 'format Inspect v2');
  });
});
