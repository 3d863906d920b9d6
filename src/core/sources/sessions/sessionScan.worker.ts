/** Worker thread: reads the session files its first message lists into their summaries, taking the next file from the shared index (see sessionScanPool.ts). */
import { parentPort } from 'node:worker_threads';
import { scanSessionFile } from './sessionFileScan';
import { REPLY_BATCH, REPLY_MS, ScanMessage, ScanReply, ScanWorkerData } from './sessionScanPool';
import { configureWorkerL10n } from '../../l10n/workerL10n';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

async function run(data: ScanWorkerData): Promise<void> {
  let replies: ScanReply[] = [];
  let posted = performance.now();
  const post = () => {
    parentPort?.postMessage({ replies } satisfies ScanMessage);
    replies = [];
    posted = performance.now();
  };
  for (;;) {
    const index = Atomics.add(data.next, 0, 1);
    if (index >= data.files.length) break;
    const { path, relative } = data.files[index];
    replies.push({ index, scanned: await scanSessionFile(path, relative, undefined, { syncReads: true }) });
    if (replies.length >= REPLY_BATCH || performance.now() - posted >= REPLY_MS) post();
  }
  if (replies.length > 0) post();
  parentPort?.postMessage({ done: true } satisfies ScanMessage);
}

// Started before its files are known: the first message gives them.
parentPort?.once('message', (data: ScanWorkerData) => void run(data));
