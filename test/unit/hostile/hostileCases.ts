/** Generated hostile inputs: every case is built here from a few parameters, never stored. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Deeper than any parser recursion survives (the yaml composer and JSON.stringify overflow well below). */
export const DEEP = 25_000;
export const DEEP_JSONL_LINE = 300_000;
export const DEEP_LOG_VALUE = 200_000;

export const deepFlow = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
export const deepObject = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const datasetHead = (dataFile = 'data.jsonl') => `key: hostile\ndisplay_name: Hostile\nsource:\n  type: local\n  file_path: ${dataFile}\n`;

/** Dataset specs nested too deep: YAML flow, YAML block (compact sequences) and JSON; the deep value is on line 6. */
export const deepSpecs = {
  'flow.dataset.yaml': `${datasetHead()}extra: ${deepFlow(DEEP)}\n`,
  'block.dataset.yaml': `${datasetHead()}extra:\n  ${'- '.repeat(DEEP)}1\n`,
  'deep.dataset.json': `{\n "key": "hostile",\n "display_name": "Hostile",\n "source": {"type": "local", "file_path": "data.jsonl"},\n "x": 1,\n "extra": ${deepObject(DEEP)}\n}\n`,
};

/** A YAML alias bomb ("billion laughs"): nine levels of ten aliases each. */
export function aliasBomb(): string {
  const lines = [datasetHead().trimEnd(), 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** Deterministic pseudo-random bytes (line feeds, NUL and escape bytes included). */
export function binaryBytes(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = (x >>> 16) & 0xff;
  }
  return out;
}

/** A JSONL file: a good line, one line nesting `levels` deep, then `after` good lines. */
export function jsonlWithDeepLine(levels: number, after: number): string {
  const good = (i: number) => JSON.stringify({ id: i, lang: 'en' });
  const lines = [good(0), `{"id": -1, "deep": ${deepFlow(levels)}}`];
  for (let i = 1; i <= after; i++) lines.push(good(i));
  return `${lines.join('\n')}\n`;
}

/** A minimal valid task result log with one legacy sample whose data holds `extra` (raw JSON text). */
export function logWithSampleData(extra: string): string {
  return `{
  "format_version": "v1",
  "app_version": "1.0.0",
  "status": "success",
  "evidence": {
    "metrics": [{"metric_key": "acc", "metric_type": "mean", "scorer_key": "judge", "values": {"correct": 1}}],
    "samples": [
      {"sample_id": 1, "sample": {"data": {"q": "question", "extra": ${extra}}}, "solver": {"output": "answer"}, "scores": [{"scorer_key": "judge", "values": {"correct": 1}}]},
      {"sample_id": 2, "sample": {"data": {"q": "second"}}, "solver": {"output": "answer"}, "scores": [{"scorer_key": "judge", "values": {"correct": 1}}]}
    ],
    "errors": []
  },
  "specification": {"display_name": "Hostile log", "task": {"key": "t"}, "config": {}, "run_config": null},
  "execution": {"runtime": 1, "started_at": 1700000000, "ended_at": 1700000001},
  "errors": []
}
`;
}

/** A fresh temporary folder. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `eval-lens-hostile-${prefix}-`));
}

export function write(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/** Nothing may have been added to Object.prototype by any input. */
export function prototypeIsClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return probe.polluted === undefined && probe.hostile === undefined && Object.keys(Object.prototype).length === 0;
}
