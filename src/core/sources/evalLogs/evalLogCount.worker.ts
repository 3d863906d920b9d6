/** Worker thread: reads one range of a large `.eval` archive's samples and counts them (see parallelArchiveCount.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { openZip } from '../../archive/zipReader';
import { ZipEntryError } from '../../archive/zipEntryData';
import { archiveSamples, readArchiveSample } from './evalArchive';
import { EvalCountJob, EvalCountMessage, EvalCountResult } from './evalLogCountMessages';
import { timeOf } from './sampleRow';
import { configureWorkerL10n } from '../../l10n/workerL10n';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

const PROGRESS_EVERY = 256;

async function countRange(job: EvalCountJob): Promise<EvalCountResult> {
  const post = (message: EvalCountMessage) => parentPort?.postMessage(message);
  const result: EvalCountResult = { count: 0, warnings: [], indexes: [], starts: [] };
  const archive = await openZip(job.file);
  try {
    const refs = archiveSamples(archive.entries);
    for (let index = job.from; index < Math.min(job.to, refs.length); index++) {
      let sample: Record<string, unknown>;
      try {
        sample = await readArchiveSample(archive, refs[index], job.maxBytes, 'allButCount');
      } catch (error) {
        if (!(error instanceof ZipEntryError)) throw error;
        result.warnings.push({ message: error.message, file: job.file });
        continue;
      }
      result.count++;
      if (job.needStarts) {
        result.indexes.push(index);
        result.starts.push(timeOf(sample.started_at) ?? null);
      }
      if (result.count % PROGRESS_EVERY === 0) post({ type: 'progress', done: index + 1 - job.from });
    }
  } finally {
    await archive.close();
  }
  return result;
}

countRange(workerData as EvalCountJob).then(
  (result) => parentPort?.postMessage({ type: 'done', result } satisfies EvalCountMessage),
  (error: unknown) => parentPort?.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies EvalCountMessage),
);
