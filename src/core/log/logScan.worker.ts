import { workerData } from 'node:worker_threads';
import { feedPipedScan } from './pipedScanFeed';
import type { PipedScanInit } from './pipedScanMessages';
import { configureWorkerL10n } from '../l10n/workerL10n';

// Messages built here use the translations the starting thread shared.
configureWorkerL10n();

/**
 * Worker thread that reads and scans a large log for the log worker while it indexes the samples already
 * found (pipedScan.ts), then ends.
 */
feedPipedScan(workerData as PipedScanInit);
