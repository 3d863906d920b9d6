/**
 * The facts of one log for the Evaluation Logs view, read without opening its samples: a bounded head read of a
 * JSON log (plus a bounded tail read for a large task result log), the header entry of an Inspect `.eval` archive.
 * A file that cannot be read, is damaged, binary or no log gives `{ problem }` naming it — never a throw.
 */
import { FileHandle, open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ZipFormatError, openZip } from '../archive/zipReader';
import { ZipEntryError } from '../archive/zipEntryData';
import { readArchiveHeader } from '../sources/evalLogs/evalArchive';
import { asRecord } from '../log/logValue';
import { kindFromFileName } from '../fileKind';
import { catalogStrings as S } from '../l10n/catalogStrings';
import { HEAD_BYTES, HEAD_PROBE_BYTES } from './boundedRead';
import { readAt } from '../text/readFully';
import { LogHead, scanLogHead } from './headScan';
import { completeTaskLogHead, taskLogFacts } from './taskLogFacts';
import { inspectFacts } from './inspectFacts';
import { LogFactsProblem, LogFactsResult } from './logFacts';

/** Largest header entry of an archive read (a header holds the run's plan, stats and results, not its samples). */
const MAX_HEADER_BYTES = 32 * 1024 * 1024;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function evalArchiveFacts(file: string): Promise<LogFactsResult> {
  const archive = await openZip(file);
  try {
    const header = await readArchiveHeader(archive, MAX_HEADER_BYTES);
    if (header === undefined) return { problem: S.noArchiveHeader(basename(file)), notALog: true };
    const record = asRecord(header);
    return record ? inspectFacts(record, 'inspectEval') : { problem: S.headerNotObject(basename(file)) };
  } finally {
    await archive.close();
  }
}

/** Whether the head's members are an Inspect log's (`version`, `status`, `eval`; an unfinished log may lack `status`). */
function isInspectHead(head: LogHead): boolean {
  return head.members.version !== undefined && asRecord(head.members.eval) !== undefined;
}

function headProblem(head: LogHead, name: string): LogFactsProblem | undefined {
  if (head.end.kind === 'notJson') return { problem: S.notJson(name), notALog: true };
  if (head.end.kind === 'damaged') return { problem: S.damagedJson(name, head.end.detail) };
  return undefined;
}

/**
 * The head of a JSON log: the whole of a small one; the first bytes of a larger one (its samples cannot be counted
 * without reading them all), more of them when its metrics run past the first read.
 */
async function readHead(handle: FileHandle, size: number): Promise<LogHead> {
  if (size <= HEAD_BYTES) return scanLogHead(await readAt(handle, 0, size), false);
  const probe = scanLogHead(await readAt(handle, 0, HEAD_PROBE_BYTES), true);
  const metricsCut = probe.end.kind === 'cut' && probe.sawEvidence && probe.metrics === undefined;
  const resultsCut = probe.end.kind === 'cut' && !probe.sawEvidence && probe.members.results === undefined;
  return metricsCut || resultsCut ? scanLogHead(await readAt(handle, 0, HEAD_BYTES), true) : probe;
}

async function jsonLogFacts(file: string): Promise<LogFactsResult> {
  const name = basename(file);
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    if (size === 0) return { problem: S.unreadable(name, S.emptyFile), notALog: kindFromFileName(file) !== 'log' };
    const head = await readHead(handle, size);
    const byName = kindFromFileName(file) === 'log';
    const isTaskLog = head.sawEvidence || head.members.format_version !== undefined;
    const isInspect = !isTaskLog && isInspectHead(head);
    const problem = headProblem(head, name);
    if (problem) return byName || isTaskLog || isInspect ? { problem: problem.problem } : problem;
    if (isTaskLog) {
      await completeTaskLogHead(handle, size, head);
      return taskLogFacts(head);
    }
    if (isInspect) return inspectFacts(head.members, 'inspectJson');
    return { problem: S.notALog(name), notALog: !byName };
  } finally {
    await handle.close();
  }
}

/**
 * The facts of the log at `file` (a task result log, an Inspect `.eval` archive or an Inspect `.json` log), or
 * why they cannot be read. `notALog` marks a readable file that is no log (a `.json` found only by its folder).
 */
export async function readLogFacts(file: string): Promise<LogFactsResult> {
  try {
    return /\.eval$/i.test(file) ? await evalArchiveFacts(file) : await jsonLogFacts(file);
  } catch (error) {
    // The archive reader's messages already name the file and the damage.
    if (error instanceof ZipFormatError || error instanceof ZipEntryError) return { problem: error.message };
    return { problem: S.unreadable(basename(file), messageOf(error)) };
  }
}
