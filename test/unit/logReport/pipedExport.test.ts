import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openLogSource } from '../../../src/core/report/openLogSource';
import { writeCompressedStandaloneReport } from '../../../src/core/report/compressedReportWriter';
import type { StandaloneAssets } from '../../../src/core/report/standaloneHtml';
import { LogLoadError } from '../../../src/core/log/logLoadError';
import { PIPED_SCAN_BYTES, PipedScan } from '../../../src/core/log/pipedScan';
import { temporaryFolder } from '../temporaryFolder';

/**
 * `log report -o` of a large log whose samples are found by the helper thread (the export plan's scanHelper):
 * the same file, byte for byte, and the same error, as when this thread reads and scans the log itself.
 */

const repoRoot = path.resolve(__dirname, '../../../..');
const assets: StandaloneAssets = { script: 'document.title = "x";', css: 'body { color: red; }', codiconCss: '' };
const reportWorker = path.join(repoRoot, 'dist/worker/reportExport.js');
const scanHelper = path.join(repoRoot, 'dist/worker/logScan.js');
const folder = temporaryFolder('eval-lens-piped-export-');

/** The example log's samples again and again, each with its own id, until the file is large enough for the helper. */
function largeLog(): string {
  const log = JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples/logs/success-trials.tasklog.json'), 'utf8')) as { evidence: { samples: { sample_id: string }[] } };
  const originals = log.evidence.samples;
  const copies = Math.ceil((PIPED_SCAN_BYTES + 1024 * 1024) / JSON.stringify(originals).length);
  const samples: unknown[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const sample of originals) samples.push(JSON.parse(JSON.stringify(sample).replaceAll(`"${sample.sample_id}"`, `"${sample.sample_id}-${copy}"`)));
  }
  return JSON.stringify({ ...log, evidence: { ...log.evidence, samples } });
}

/** The export's bytes, or its error, with the report worker, and the helper thread or not. */
async function exported(log: string, name: string, options: { scanHelper?: string }): Promise<Buffer | string> {
  const out = path.join(folder.path, name);
  const outcome = await openLogSource(log, { generation: 1, plan: { kind: 'export', aboveBytes: 0, exportWorker: { script: reportWorker, windowsFile: `${out}.windows.partial` }, ...options } });
  if (!outcome.ok) return outcome.failure.message;
  try {
    await writeCompressedStandaloneReport(outcome.source, assets, out);
    return fs.readFileSync(out);
  } catch (error) {
    assert.ok(error instanceof LogLoadError, String(error));
    return error.message;
  } finally {
    outcome.source.dispose();
  }
}

describe('log report -o of a large log read and scanned by the helper thread', () => {
  test('the same file byte for byte', async () => {
    assert.ok(fs.existsSync(scanHelper) && fs.existsSync(reportWorker), 'build first: node esbuild.js');
    const log = folder.put('large.tasklog.json', largeLog());
    assert.ok(fs.statSync(log).size >= PIPED_SCAN_BYTES);
    const original = PipedScan.prototype.waitForSamples;
    let pipes = 0;
    PipedScan.prototype.waitForSamples = function (this: PipedScan) {
      pipes++;
      original.call(this);
    };
    let piped: Buffer | string;
    try {
      piped = await exported(log, 'piped.html', { scanHelper });
    } finally {
      PipedScan.prototype.waitForSamples = original;
    }
    assert.equal(pipes, 1, 'the samples came through the helper thread');
    assert.ok(Buffer.isBuffer(piped), `exported: ${String(piped)}`);
    assert.deepEqual(piped, await exported(log, 'plain.html', {}));
  });

  test('a syntax error in a sample: the same error, and no file', async () => {
    const log = folder.put('broken.tasklog.json', largeLog().replace('"geo-00003-40"', '"geo-00003-40" x'));
    const piped = await exported(log, 'broken-piped.html', { scanHelper });
    assert.equal(typeof piped, 'string', 'the export fails');
    assert.equal(piped, await exported(log, 'broken-plain.html', {}));
    assert.equal(fs.existsSync(path.join(folder.path, 'broken-piped.html')), false);
  });
});
