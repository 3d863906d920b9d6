/** Reads one session or sub-agent file into its small summary, with the warnings about its lines. */
import { basename } from 'node:path';
import { sessionStrings } from '../../l10n/sourceStrings';
import { PreviewWarning } from '../../model/previewTypes';
import { MAX_WARNINGS } from '../../engine/scan/rowCounter';
import { readSessionLinesFast } from './sessionKernelLines';
import { parseLine } from './sessionLineParse';
import { MAX_LINE_BYTES, readLines } from './sessionLines';
import { isSubagentFileName } from './sessionFileNames';
import { FileScan, FileSummary } from './sessionScan';
import { readSubagentMeta, SubagentMeta } from './subagentMeta';

export interface ScannedFile {
  summary: FileSummary;
  warnings: PreviewWarning[];
  /** All warnings, also those not kept in `warnings`. */
  warningCount: number;
  /** Why the file could not be read (then the summary is empty). */
  failed?: string;
  cancelled: boolean;
  /** For a sub-agent file read in full: its `agent-<id>.meta.json`, and the warnings about it (for the sub-agent's file). */
  subagentMeta?: { meta: SubagentMeta; warnings: string[] };
}

interface ScanFileOptions {
  /** Every line through `JSON.parse`, not the session line kernel. */
  plain?: boolean;
  /** Blocking reads (worker threads). */
  syncReads?: boolean;
}

/**
 * Reads the file with the session line kernel when it can (see sessionKernelLines.ts), else — or with `plain` —
 * every line through `JSON.parse`; both give the same summary and warnings.
 */
export async function scanSessionFile(path: string, relative: string, signal?: AbortSignal, options: ScanFileOptions = {}): Promise<ScannedFile> {
  const scanned = await scanLines(path, relative, signal, options);
  if (scanned.failed === undefined && !scanned.cancelled && isSubagentFileName(basename(path))) {
    // Read here, beside the file (in a worker when there are many), not one by one after the scan.
    const warnings: string[] = [];
    scanned.subagentMeta = { meta: await readSubagentMeta(path, (message) => warnings.push(message)), warnings };
  }
  return scanned;
}

async function scanLines(path: string, relative: string, signal: AbortSignal | undefined, options: ScanFileOptions): Promise<ScannedFile> {
  const scan = new FileScan();
  const warnings: PreviewWarning[] = [];
  let warningCount = 0;
  const warn = (message: string, line: number) => {
    warningCount++;
    if (warnings.length < MAX_WARNINGS) warnings.push({ message, file: path, line });
  };
  const text = (line: string, lineNumber: number) => {
    scan.lineNumber = lineNumber;
    const outcome = parseLine(line);
    if ('line' in outcome) scan.add(outcome.line);
    else warn(outcome.error === '' ? sessionStrings.notAnObject : sessionStrings.invalidJson(outcome.error), lineNumber);
  };
  try {
    if (options.plain !== true) {
      const end = await readSessionLinesFast(path, { line: (line, lineNumber, ms) => { scan.lineNumber = lineNumber; scan.add(line, ms); }, text }, { signal, syncReads: options.syncReads });
      if (end === 'done' || end === 'cancelled') return { summary: finishScan(scan, warn), warnings, warningCount, cancelled: end === 'cancelled' };
      // A line longer than the kernel's window, or no WebAssembly SIMD: read it all again the plain way.
      return await scanLines(path, relative, signal, { plain: true });
    }
    const finished = await readLines(path, {
      line: text,
      tooLong: (lineNumber) => warn(sessionStrings.lineTooLong(MAX_LINE_BYTES / (1 << 20)), lineNumber),
    }, signal);
    return { summary: finishScan(scan, warn), warnings, warningCount, cancelled: !finished };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { summary: scan.finish(), warnings: [{ message: sessionStrings.unreadableEntry(relative, reason), file: path }], warningCount: warningCount + 1, failed: reason, cancelled: false };
  }
}

/** Ends a scan; usage fields that were not counts are one warning naming the first (docs/source-formats.md §1). */
function finishScan(scan: FileScan, warn: (message: string, line: number) => void): FileSummary {
  const summary = scan.finish();
  if (scan.firstBadUsage !== undefined) warn(sessionStrings.badUsage(scan.badUsage, scan.firstBadUsage.field), scan.firstBadUsage.line);
  return summary;
}
