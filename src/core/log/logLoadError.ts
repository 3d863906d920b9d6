import { logStrings } from '../l10n/logStrings';
import { lineColumnOfBytes } from '../json/jsonErrors';

/** A log that cannot be read or is not valid JSON; `line`/`column` (1-based) locate a syntax error. */
export class LogLoadError extends Error {
  constructor(message: string, readonly file: string, readonly line?: number, readonly column?: number) {
    super(message);
    this.name = 'LogLoadError';
  }

  /** A syntax error at a byte offset of a log's bytes. */
  static atByte(buf: Uint8Array, offset: number, file: string, message: string): LogLoadError {
    const { line, column } = lineColumnOfBytes(buf, offset);
    return new LogLoadError(logStrings.invalidJson(file, line, column, message), file, line, column);
  }
}
