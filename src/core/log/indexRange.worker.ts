import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { handleRangeMessage, RangeMessage, serveRangeRequests } from './rangeIndexing';
import { warmUpIndexing } from './indexWarmUp';

/**
 * Worker thread that helps the log worker read a large log and indexes the later part of its large sample
 * sets while the log worker indexes the first part (rangeIndexing.ts). A read asked for already is helped
 * with first; then the indexing code is warmed up while the log worker scans the samples.
 */
const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) handleRangeMessage(port, signal, received.message as RangeMessage);
warmUpIndexing();
serveRangeRequests(port, signal);
