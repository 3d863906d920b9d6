/**
 * Writes examples/logs/arith-inspect.eval: a small Inspect log (5 samples × 2 epochs, zstd entries, two samples in
 * the chunked layout) for examples/datasets/eval-logs.dataset.yaml.
 * Run: node esbuild.js --bench && node out/bench/generateExampleEvalLog.js
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildEvalArchive, inspectSample } from '../test/unit/sources/inspectLogData';

const root = process.env.EVAL_LENS_ROOT ?? path.resolve(__dirname, '..', '..');
const samples = [1, 2].flatMap((epoch) => [1, 2, 3, 4, 5].map((i) => inspectSample(i, epoch)));
const bytes = buildEvalArchive(samples, { method: 93, frames: 2, chunked: (sample) => sample.id === 4 });
const file = path.join(root, 'examples', 'logs', 'arith-inspect.eval');
fs.writeFileSync(file, bytes);
console.log(`wrote ${path.relative(root, file)} (${bytes.length} bytes)`);
