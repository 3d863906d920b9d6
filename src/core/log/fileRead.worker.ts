import { workerData } from 'node:worker_threads';
import { readFreeChunks, SharedRead } from './sharedFileRead';

/**
 * Worker thread that helps read a large log file into shared memory: it reads free chunks from the end
 * while the log worker reads from the start (sharedFileRead.ts), then ends.
 */
readFreeChunks((workerData as { read: SharedRead }).read, true);
