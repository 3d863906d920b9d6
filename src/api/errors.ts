/**
 * The errors the Node API throws. Each carries the message `eval-lens` prints for the same problem, and names the
 * file concerned.
 */

/** Base class of every error of the API: `instanceof EvalLensError` catches them all. */
export class EvalLensError extends Error {
  /** The file the error is about, when there is one. */
  readonly file?: string;

  constructor(message: string, file?: string) {
    super(message);
    this.name = 'EvalLensError';
    this.file = file;
  }
}

/** A log that cannot be opened or read: missing, not a file, not valid JSON (with the line and column), or not a task result log. */
export class LogLoadError extends EvalLensError {
  /** 1-based line of a syntax error. */
  readonly line?: number;
  /** 1-based column of a syntax error. */
  readonly column?: number;
  /** What to do about it, in plain words. */
  readonly hint?: string;

  constructor(message: string, file?: string, where: { line?: number; column?: number; hint?: string } = {}) {
    super(message, file);
    this.name = 'LogLoadError';
    this.line = where.line;
    this.column = where.column;
    this.hint = where.hint;
  }
}

/** A dataset spec that cannot be read, is not valid YAML, or breaks the dataset schema. */
export class SpecError extends EvalLensError {
  /** The problems found (one line each), when there are several. */
  readonly problems: string[];

  constructor(message: string, file?: string, problems: string[] = []) {
    super(message, file);
    this.name = 'SpecError';
    this.problems = problems;
  }
}

/**
 * An error of a dataset's source or of its rows' destination, with a `kind` that says which. Base class of
 * {@link PreviewError} and {@link ExportError}: `instanceof DatasetError` catches both, and each keeps its own class.
 */
export class DatasetError extends EvalLensError {
  /** What failed; each subclass lists its kinds. */
  readonly kind: string;

  constructor(message: string, kind: string, file?: string) {
    super(message, file);
    this.name = 'DatasetError';
    this.kind = kind;
  }
}

/** A preview that cannot run: an invalid filter or source, a source that cannot be read, a refused fetch. */
export class PreviewError extends DatasetError {
  /** `invalidFilter`, `invalidSource`, `unreadableSource` or `fetchRefused`. */
  declare readonly kind: string;

  constructor(message: string, kind: string, file?: string) {
    super(message, kind, file);
    this.name = 'PreviewError';
  }
}

/** An export that did not complete: an unknown format, cancelled, the source only partly read, or the file not written. */
export class ExportError extends DatasetError {
  /** `format`, `cancelled`, `incomplete` or `write`. */
  declare readonly kind: string;

  constructor(message: string, kind: string, file?: string) {
    super(message, kind, file);
    this.name = 'ExportError';
  }
}

/** An argument the API cannot use (too few logs to compare, a document number past the end of the file…). */
export class ArgumentError extends EvalLensError {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}
