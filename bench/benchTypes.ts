import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
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

/** This process's peak resident memory in MB (VmHWM: every thread; the current RSS where /proc is missing). */
export function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.memoryUsage().rss / 1024 / 1024;
}

/** CPU seconds (user + system, every thread) since `before`. */
export function cpuSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}
