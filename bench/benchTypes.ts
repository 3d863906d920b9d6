import { closeSync, openSync, readSync } from 'node:fs';
/** One line of the benchmark table. */
export interface BenchResult {
  /** Group, e.g. "filter preview (JSONL, 1M rows)". */
  group: string;
  /** What was measured, e.g. "full count". */
  metric: string;
  /** Eval Lens figure. */
  value: number;
  unit: 'ms' | 's' | 'MB' | 'rows/s' | 'x' | string;
  /** The named peer and its figure, when there is one. */
  peer?: { name: string; value: number };
  /** The goal as text, e.g. "≤ 1.5× DuckDB". */
  goal?: string;
  /** Whether the goal is met (omitted when there is none). */
  met?: boolean;
  note?: string;
}

export interface Bench {
  name: string;
  run(): Promise<BenchResult[]>;
}

/**
 * Reads a whole file once, so that a measurement does not pay for reading it from disk (the file is in
 * the OS cache, as right after the run that wrote it).
 */
export function warmFileCache(file: string): void {
  const fd = openSync(file, 'r');
  const buf = Buffer.allocUnsafe(16 * 1024 * 1024);
  try {
    while (readSync(fd, buf, 0, buf.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}
