import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { serveRangeRequests } from './rangeIndexing';

/**
 * Worker thread that indexes the later part of a log's large sample sets while the log worker indexes the
 * first part (rangeIndexing.ts).
 */
const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
serveRangeRequests(port, signal);
