/**
 * `openLog`: a task result log opened by the lean plan of the command line (src/core/report/openLogSource.ts): a
 * large file is indexed sample by sample from its bytes and never held whole, its schema checked in a worker
 * thread while the caller reads it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertRegularFile } from '../core/text/regularFile';
import { unreadableMessage } from '../core/validation/fileValidationReport';
import { findWorkerScript } from '../core/engine/pool/parallelCount';
import { LogOpenPlan, openLogSource, sourceIndex } from '../core/report/openLogSource';
import { logStrings } from '../core/l10n/logStrings';
import { LogLoadError } from './errors';
import { LogFile, logFileOf, LogInputSource } from './logInput';
import { OpenedLog } from './openedLog';
import type { OpenLogOptions, TaskResultLog } from './types';

/** Files above this size are indexed lean (as `eval-lens log report` does). */
const LEAN_ABOVE_BYTES = 8 * 1024 * 1024;

function leanPlan(aboveBytes: number): LogOpenPlan {
  return { kind: 'lean', aboveBytes, validationModule: findWorkerScript('streamedLogValidation.js'), scanHelper: findWorkerScript('logScan.js') };
}

async function openFile(file: LogFile, options: OpenLogOptions): Promise<TaskResultLog> {
  const outcome = await openLogSource(file.filePath, { generation: 1, plan: leanPlan(options.leanAboveBytes ?? LEAN_ABOVE_BYTES) });
  if (!outcome.ok) {
    const { message, line, column, hint } = outcome.failure;
    throw new LogLoadError(message.split(file.filePath).join(file.shown), file.shown, { line, column, hint });
  }
  const { source } = outcome;
  const index = sourceIndex(source);
  const other = index?.otherKind;
  if (other) {
    source.dispose();
    throw new LogLoadError(other.kind === 'trace' ? logStrings.traceNotLog(file.shown) : logStrings.notALog(file.shown), file.shown);
  }
  const summary = await source.summary();
  return new OpenedLog(source, index, options.fileName ? { ...summary, fileName: options.fileName } : summary, file);
}

/** A path that is no regular file is refused in the command line's words, naming it and what to check. */
function assertReadable(file: string): void {
  const full = path.resolve(file);
  try {
    fs.accessSync(full, fs.constants.R_OK);
    assertRegularFile(full);
  } catch (error) {
    throw new LogLoadError(unreadableMessage(file, full, error), file, { hint: logStrings.readErrorHint });
  }
}

/**
 * Opens a task result log (a path, or a stream of its bytes) and reads its header, metrics with their verification,
 * errors and timing. Samples are read on demand; close the log when done.
 * @throws {@link LogLoadError} when the log cannot be read, is not valid JSON or is not a task result log.
 */
export async function openLog(pathOrStream: LogInputSource, options: OpenLogOptions = {}): Promise<TaskResultLog> {
  if (typeof pathOrStream === 'string') assertReadable(pathOrStream);
  const file = await logFileOf(pathOrStream, options.fileName);
  try {
    return await openFile(file, options);
  } catch (error) {
    await file.release();
    throw error;
  }
}
