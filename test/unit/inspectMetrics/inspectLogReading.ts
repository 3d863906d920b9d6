/** Reads a real Inspect log for the tests: its `results`, its `eval` spec and every sample's scores (every epoch). */
import * as fs from 'node:fs';
import { openZip } from '../../../src/core/archive/zipReader';
import { archiveSamples, readArchiveHeader, readArchiveSample } from '../../../src/core/sources/evalLogs/evalArchive';
import type { InspectSampleScores } from '../../../src/core/inspect/metrics/verifyInspectMetrics';

const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export interface InspectLogParts {
  results: unknown;
  evalSpec: unknown;
  samples: InspectSampleScores[];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function sampleScores(sample: unknown): InspectSampleScores {
  const s = record(sample);
  return { id: s.id as string | number, epoch: typeof s.epoch === 'number' ? s.epoch : 1, scores: record(s.scores), metadata: s.metadata };
}

async function readArchive(file: string): Promise<InspectLogParts> {
  const archive = await openZip(file);
  try {
    const header = record(await readArchiveHeader(archive, MAX_ENTRY_BYTES));
    const samples: InspectSampleScores[] = [];
    for (const ref of archiveSamples(archive.entries)) samples.push(sampleScores(await readArchiveSample(archive, ref, MAX_ENTRY_BYTES)));
    return { results: header.results, evalSpec: header.eval, samples };
  } finally {
    await archive.close();
  }
}

export async function readInspectLog(file: string): Promise<InspectLogParts> {
  if (file.endsWith('.eval')) return readArchive(file);
  const log = record(JSON.parse(fs.readFileSync(file, 'utf8')));
  const samples = Array.isArray(log.samples) ? log.samples.map(sampleScores) : [];
  return { results: log.results, evalSpec: log.eval, samples };
}
