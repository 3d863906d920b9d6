import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { examplesFolder } from '../logReportHelpers';
import { countKinds, messagesOf, messagesWhen, RecordedMessage, sent } from '../tappedMessages';
import { pairedDifference } from '../../../src/core/compare/statistics/differenceTests';
import { readInspectLog } from '../../../src/core/inspect/openInspectLog';

/** What the compare host served, folded from the tapped messages of the compare views. */
interface ServedComparison {
  files: string[];
  generation?: number;
  metrics?: { candidate: number; id: string; n: number; delta: number; p: number | null; pHolm: number | null; verdict: string; binary: boolean }[];
  inputChanged?: string[][];
  changes?: { total: number; sampleIds: string[]; kinds: string[] };
  pair?: { sampleId: string; baselineTrials: number; candidateTrials: number; inputChanged: boolean };
  loadError?: string;
  counts: Record<Kind, number>;
}
type Kind = 'summary' | 'changes' | 'pair' | 'loadError';

const KINDS: Record<Kind, (m: RecordedMessage) => boolean> = {
  summary: (m) => sent(m, 'init'),
  changes: (m) => sent(m, 'changesResult'),
  pair: (m) => sent(m, 'pairResult'),
  loadError: (m) => sent(m, 'loadError'),
};

type Summary = { candidates: { position: number; alignment: { inputChanged: string[] }; metrics: { id: string; estimate: { n: number; delta: number; p: number | null }; pHolm: number | null; verdict: string; binary?: unknown }[] }[] };
type Pair = { sampleId: string; baseline: { trials: unknown[] }; candidate: { trials: unknown[] }; inputChanged: boolean };

function fold(messages: readonly RecordedMessage[]): ServedComparison | undefined {
  let last: Omit<ServedComparison, 'counts'> | undefined;
  for (const tapped of messages) {
    const m = tapped.message;
    let patch: Partial<ServedComparison>;
    if (KINDS.summary(tapped)) {
      const summary = m.summary as Summary;
      const metrics = summary.candidates.flatMap((c) => c.metrics.map((metric) => ({
        candidate: c.position, id: metric.id, n: metric.estimate.n, delta: metric.estimate.delta, p: metric.estimate.p, pHolm: metric.pHolm, verdict: metric.verdict, binary: metric.binary !== undefined,
      })));
      patch = { generation: m.generation as number, metrics, inputChanged: summary.candidates.map((c) => c.alignment.inputChanged), loadError: undefined };
    } else if (KINDS.changes(tapped)) {
      const page = m.page as { total: number; rows: { sampleId: string; kind: string }[] };
      patch = { changes: { total: page.total, sampleIds: page.rows.map((r) => r.sampleId), kinds: page.rows.map((r) => r.kind) } };
    } else if (KINDS.pair(tapped)) {
      const pair = m.pair as Pair;
      patch = { pair: { sampleId: pair.sampleId, baselineTrials: pair.baseline.trials.length, candidateTrials: pair.candidate.trials.length, inputChanged: pair.inputChanged } };
    } else if (KINDS.loadError(tapped)) {
      patch = { loadError: m.message as string };
    } else {
      continue;
    }
    last = { ...(last ?? {}), ...patch, files: tapped.key.split('\n') };
  }
  return last ? { ...last, counts: countKinds(messages, KINDS) } : undefined;
}

async function served(waitFor: Kind, afterCount: number): Promise<ServedComparison> {
  const state = fold(await messagesWhen('compare', KINDS[waitFor], afterCount, 45_000));
  assert.ok(state && state.counts[waitFor] > afterCount, `the compare host served a ${waitFor} (last: ${JSON.stringify(state)})`);
  return state;
}

async function countOf(kind: Kind): Promise<number> {
  return (await messagesOf('compare')).filter(KINDS[kind]).length;
}

type LogJson = { evidence: { samples: { sample_id: string; scores: { scorer_key: string; values: Record<string, number> }[] }[] } };

/** Each sample's C/I grades of an Inspect archive averaged over its epochs (C = 1), by sample id. */
async function reducedGrades(file: string): Promise<Map<string, number>> {
  const log = await readInspectLog(file);
  await log.close();
  const grades = new Map<string, number[]>();
  for (const summary of log.summaries) {
    const id = String(summary.id);
    grades.set(id, [...(grades.get(id) ?? []), (summary.scores as { match: { value: string } }).match.value === 'C' ? 1 : 0]);
  }
  return new Map([...grades].map(([id, list]) => [id, list.reduce((a, b) => a + b, 0) / list.length]));
}

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

  test('two Inspect runs: the accuracy of C/I grades compared pair by pair, each sample reduced over its epochs', async () => {
    const [base, cand] = ['arith-inspect.eval', 'arith-inspect-candidate.eval'].map((name) => path.join(examplesFolder(), 'logs', name));
    const summaries = await countOf('summary');
    await vscode.commands.executeCommand('evalLens.compareLogs', [vscode.Uri.file(base), vscode.Uri.file(cand)]);
    const state = await served('summary', summaries);
    const accuracy = state.metrics?.find((m) => m.id === 'match|accuracy|accuracy');
    assert.ok(accuracy, `the accuracy metric is compared (${JSON.stringify(state.metrics)})`);
    const a = await reducedGrades(base);
    const b = await reducedGrades(cand);
    const expected = pairedDifference([...a.keys()].map((id) => (b.get(id) ?? NaN) - (a.get(id) ?? NaN)));
    assert.equal(accuracy.n, a.size);
    assert.ok(Math.abs(accuracy.delta - expected.delta) < 1e-12, `Δ ${accuracy.delta} = ${expected.delta}`);
    assert.ok(Math.abs((accuracy.p ?? NaN) - (expected.p ?? NaN)) < 1e-12, `p ${accuracy.p} = ${expected.p}`);
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
