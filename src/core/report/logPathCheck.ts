/**
 * The check behind `task_result_log_path`: does the named file exist, is it a task result log, and do its
 * metrics hold (the metric verification of `eval-lens log verify`). Large logs are read in the log worker, so
 * the caller's thread stays free; the caller caches results by modification time.
 */
import type { Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import { looksLikeLogJson } from '../fileKind';
import { inputStrings } from '../l10n/inputStrings';
import { logPathStrings as S } from '../l10n/logStrings';
import { openLogSource } from './openLogSource';
import { summaryMetricRows } from '../log/verifyLog';

export type LogPathStatus =
  | { kind: 'missing' }
  | { kind: 'folder' }
  | { kind: 'invalid'; reason: string; line?: number; column?: number }
  | { kind: 'log'; status: string; verified: number; mismatches: number; notVerifiable: number };

interface LogPathCheckOptions {
  workerThresholdBytes: number;
  /** dist/worker/logParse.js; without it every log is read in this thread. */
  workerScript?: string;
}

/** Bytes read to recognise a log by its top-level keys. */
const SNIFF_BYTES = 8 * 1024 * 1024;

async function sniff(filePath: string): Promise<string> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

export async function checkLogPath(filePath: string, options: LogPathCheckOptions): Promise<LogPathStatus> {
  let info: Stats;
  try {
    info = await fs.stat(filePath);
  } catch {
    return { kind: 'missing' };
  }
  if (info.isDirectory()) return { kind: 'folder' };
  // A named pipe or a device would block the read below forever.
  if (!info.isFile()) return { kind: 'invalid', reason: inputStrings.notARegularFile(filePath) };
  let head: string;
  try {
    head = await sniff(filePath);
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
  if (!looksLikeLogJson(head)) return { kind: 'invalid', reason: S.notALogShape };
  const opened = await openLogSource(filePath, { generation: 1, plan: options.workerScript ? { kind: 'worker', script: options.workerScript, aboveBytes: options.workerThresholdBytes } : { kind: 'whole' } });
  if (!opened.ok) return { kind: 'invalid', reason: opened.failure.message, line: opened.failure.line, column: opened.failure.column };
  try {
    const summary = await opened.source.summary();
    // A log read in the worker is validated there after its summary: wait for that verdict too.
    const later = opened.source.laterSchemaProblems ? await opened.source.laterSchemaProblems().catch(() => []) : [];
    const problems = [...summary.schemaProblems, ...later];
    if (problems.length) {
      const first = problems[0];
      return { kind: 'invalid', reason: S.schemaProblems(problems.length, `${first.path} ${first.message}`), line: first.line, column: first.column };
    }
    const counts = { match: 0, mismatch: 0, not_verifiable: 0 };
    for (const row of summaryMetricRows(summary)) counts[row.verdict]++;
    return { kind: 'log', status: summary.status, verified: counts.match, mismatches: counts.mismatch, notVerifiable: counts.not_verifiable };
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    opened.source.dispose();
  }
}
