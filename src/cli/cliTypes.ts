/** What a CLI command gets: its arguments (after the command words) and where to write. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Directory relative paths resolve against. */
  cwd: string;
}

/** A CLI command resolves to its exit code: 0 success, 1 a finding (invalid file, mismatch), 2 usage or I/O error. */
export type CliCommand = (argv: string[], io: CliIo) => Promise<number>;

/** Thrown for a usage error: main prints the message and the command's usage, exit 2. */
export class UsageError extends Error {}
