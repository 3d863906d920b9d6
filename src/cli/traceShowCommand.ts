import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { traceFileStrings as S } from '../core/l10n/traceStrings';
import { assertRegularFile } from '../core/text/regularFile';
import { readTraceText } from '../core/trace/traceFile';
import { tracesOfPlatformExport } from '../core/sources/platformTraceExport';
import { traceFileModel } from '../core/trace/traceFileModel';
import { traceTranscript } from './traceTranscript';
import { isInspectLogFile } from '../core/inspect/inspectLog';
import { showInspectTraces } from './inspectTraceShow';

/** Longest block printed in full unless `--full`. */
const MAX_BLOCK_CHARS = 20_000;

/**
 * `eval-lens trace show FILE [--json] [--full] [--sample ID]`: a Trace file (or a `.jsonl` of Traces) as a readable
 * transcript; an Inspect log (`.eval`, or an Inspect `.json` log) as the transcript of each sample, or of the sample
 * `--sample ID`. Exit 0 when shown, 1 when the file is not a Trace (or has no such sample), 2 when it cannot be read.
 */
export const runTraceShowCommand: CliCommand = async (argv, io) => {
  let json = false;
  let full = false;
  let sample: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--full') full = true;
    else if (arg === '--sample') {
      sample = argv[++i];
      if (sample === undefined) throw new UsageError(S.usage);
    } else if (arg.startsWith('-')) throw new UsageError(S.unknownOption(arg));
    else files.push(arg);
  }
  if (files.length !== 1) throw new UsageError(S.oneFile);
  const file = files[0];
  const resolvedFile = path.resolve(io.cwd, file);
  const inspect = isInspectLogFile(resolvedFile) ? await showInspectTraces(file, resolvedFile, { json, maxBlockChars: full ? 0 : MAX_BLOCK_CHARS, sample }, io) : undefined;
  if (inspect !== undefined) return inspect;
  if (sample !== undefined) throw new UsageError(S.sampleNeedsInspectLog);
  let text: string;
  try {
    const resolved = path.resolve(io.cwd, file);
    assertRegularFile(resolved);
    text = await fs.promises.readFile(resolved, 'utf8');
  } catch (error) {
    io.stderr(`eval-lens trace show: ${S.unreadable(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message)}\n`);
    return 2;
  }
  const result = readTraceText(text, file, (value) => tracesOfPlatformExport(value, path.resolve(io.cwd, file)));
  if (!result.ok) {
    io.stderr(`eval-lens trace show: ${result.failure.message}\n`);
    return 1;
  }
  for (const warning of result.warnings) io.stderr(`${warning}\n`);
  if (json) {
    // The Trace editor's model, texts uncut; values too deep to print are notes, never a crash.
    const views = result.traces.map((trace) => traceFileModel(trace, full ? Infinity : MAX_BLOCK_CHARS * 50));
    io.stdout(`${JSON.stringify(views.length === 1 ? views[0] : views, null, 2)}\n`);
    return 0;
  }
  const options = { maxBlockChars: full ? 0 : MAX_BLOCK_CHARS };
  const total = result.traces.length;
  const parts = result.traces.map((trace, i) => (total > 1 ? `${S.record(i + 1, total)}\n\n` : '') + traceTranscript(trace, options));
  io.stdout(parts.join('\n'));
  return 0;
};
