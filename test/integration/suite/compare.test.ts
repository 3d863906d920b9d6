import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';
import { pairedDifference } from '../../../src/core/compare/statistics/differenceTests';

/** What `evalLens.internal.compareState` returns (see src/extension/compare/compareTestState.ts). */
interface ServedComparison {
  files: string[];
  generation?: number;
  metrics?: { candidate: number; id: string; n: number; delta: number; p: number | null; pHolm: number | null; verdict: string; binary: boolean }[];
  inputChanged?: string[][];
  changes?: { total: number; sampleIds: string[]; kinds: string[] };
  loadError?: string;
  counts: Record<'summary' | 'changes' | 'pair' | 'loadError', number>;
}

async function served(waitFor: keyof ServedComparison['counts'], afterCount: number): Promise<ServedComparison> {
  const state = await vscode.commands.executeCommand<ServedComparison | undefined>('evalLens.internal.compareState', { waitFor, afterCount, timeoutMs: 30_000 });
  assert.ok(state && state.counts[waitFor] > afterCount, `the compare host served a ${waitFor} (last: ${JSON.stringify(state)})`);
  return state;
}

async function countOf(kind: keyof ServedComparison['counts']): Promise<number> {
  const state = await vscode.commands.executeCommand<ServedComparison | undefined>('evalLens.internal.compareState');
  return state?.counts[kind] ?? 0;
}

type LogJson = { evidence: { samples: { sample_id: string; scores: { scorer_key: string; values: Record<string, number> }[] }[] } };

/** The per-sample `correct` values of a log, by sample id, read straight from the file. */
function correctById(file: string): Map<string, number> {
  const log = JSON.parse(fs.readFileSync(file, 'utf8')) as LogJson;
  return new Map(log.evidence.samples.map((s) => [s.sample_id, s.scores.find((x) => x.scorer_key === 'exact_match')?.values.correct ?? NaN]));
}

suite('Compare: two example logs compared in the extension host', function () {
  this.retries(1);
  useTempDirAndFreshEditors('eval-lens-compare-');

  test('evalLens.compareLogs serves Δ and p of the paired samples, and the webview asks for the per-sample changes', async () => {
    const base = path.join(examplesFolder(), 'logs/compare-baseline.tasklog.json');
    const cand = path.join(examplesFolder(), 'logs/compare-candidate.tasklog.json');
    const summaries = await countOf('summary');
    const pages = await countOf('changes');
    const handle = await vscode.commands.executeCommand<{ files: string[] } | undefined>('evalLens.compareLogs', [vscode.Uri.file(base), vscode.Uri.file(cand)]);
    assert.equal(handle?.files.length, 2);
    const state = await served('summary', summaries);
    const accuracy = state.metrics?.find((m) => m.id === 'exact_match|accuracy|correct');
    assert.ok(accuracy, 'the accuracy metric is compared');
    const a = correctById(base);
    const b = correctById(cand);
    const d = [...a.keys()].map((id) => (b.get(id) ?? NaN) - (a.get(id) ?? NaN));
    const expected = pairedDifference(d);
    assert.equal(accuracy.n, 40);
    assert.ok(Math.abs(accuracy.delta - expected.delta) < 1e-12, `Δ ${accuracy.delta} = ${expected.delta}`);
    assert.ok(Math.abs((accuracy.p ?? NaN) - (expected.p ?? NaN)) < 1e-12, `p ${accuracy.p} = ${expected.p}`);
    assert.equal(accuracy.verdict, 'better');
    assert.deepEqual(state.inputChanged, [['geo-00007']]);
    const changes = await served('changes', pages);
    assert.ok((changes.changes?.total ?? 0) > 0, 'the webview asked for the first page of changes');
  });

  test('evalLens.compareWith takes the given log as the baseline', async () => {
    const base = vscode.Uri.file(path.join(examplesFolder(), 'logs/compare-candidate.tasklog.json'));
    const cand = vscode.Uri.file(path.join(examplesFolder(), 'logs/compare-baseline.tasklog.json'));
    const summaries = await countOf('summary');
    await vscode.commands.executeCommand('evalLens.compareWith', base, [cand]);
    const state = await served('summary', summaries);
    assert.ok(state.files[0].endsWith('compare-candidate.tasklog.json'));
    const accuracy = state.metrics?.find((m) => m.id === 'exact_match|accuracy|correct');
    assert.ok(accuracy && accuracy.delta < 0, 'the other direction gives a negative Δ');
  });
});
