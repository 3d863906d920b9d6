/** Worker thread: reads the session files it is sent into their summaries (see sessionScanPool.ts). */
import { parentPort } from 'node:worker_threads';
import { scanSessionFile } from './sessionFileScan';
import { ScanJob, ScanReply } from './sessionScanPool';

parentPort?.on('message', (job: ScanJob) => {
  void scanSessionFile(job.path, job.relative, undefined, { syncReads: true }).then((scanned) => parentPort?.postMessage({ index: job.index, scanned } satisfies ScanReply));
});
