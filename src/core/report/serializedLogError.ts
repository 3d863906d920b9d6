import type { SerializedLogError } from '../log/logWorkerMessages';
import { LogLoadError } from '../log/logLoadError';

/** An error as the log worker posts it: a LogLoadError keeps its file, line and column. */
export function serializeLogError(error: unknown): SerializedLogError {
  if (error instanceof LogLoadError) return { name: error.name, message: error.message, file: error.file, line: error.line, column: error.column };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
