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
