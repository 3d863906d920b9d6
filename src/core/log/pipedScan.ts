/**
 * The indexing thread's side of a piped scan (pipedScanMessages.ts): a helper thread reads and scans the log
 * while this thread indexes the samples whose bounds have arrived, waiting synchronously (indexing is
 * synchronous) for more. Anything unexpected (the scan failed or stalled, a duplicate sample array, a
 * specification that changed after the samples began) stops the pipe: the caller then reads, scans and
 * indexes the file itself, so the result, or the error, is always that of the plain path. The samples'
 * bytes are never held here: lite texts come from the helper, anything else is read from the file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { BufferSampleStore } from './bufferLog';
import type { JsonRecord } from './logValue';
import type { SampleStore } from './sampleReading';
import { LiteBatch, PipedScanEnd, PipedScanInit, PipedScanMessage, SIGNAL_CANCELLED, SIGNAL_CELLS, SIGNAL_GONE, SIGNAL_POSTED } from './pipedScanMessages';

/** How long to wait for the helper's next message before giving up on it. */
const STALL_MS = 10_000;

/** The piped scan cannot give the log: scan the complete bytes instead. */
class PipedScanStopped extends Error {
  constructor() {
    super('The log is scanned again in this thread.');
  }
}

/** A batch's lite texts, from sample `first` on. */
interface HeldLite {
  first: number;
  bytes: Buffer;
  ends: Int32Array;
  samplesCut: Int32Array;
}

/**
 * A sample store filled as the helper finds its samples, with the lite texts it made. Indexing reads the
 * samples in order, so a batch's texts are dropped once a later batch is read.
 */
export class PipedSampleStore extends BufferSampleStore {
  private held: HeldLite[] = [];

  constructor(file: string, private readonly pipe: PipedScan) {
    super(undefined, file, file);
  }

  waitFor(index: number): number {
    while (index >= this.count && !this.pipe.done) this.pipe.pump();
    return this.count;
  }

  addLiteBatch(batch: LiteBatch): void {
    const first = this.count;
    this.addBatch(batch);
    this.held.push({ first, bytes: Buffer.from(batch.lite.buffer, batch.lite.byteOffset, batch.lite.byteLength), ends: batch.liteEnds, samplesCut: batch.samplesCut });
  }

  protected override liteTextOf(index: number, cutLaterSamples: boolean): { text: string; samplesCut: number } {
    const held = this.held;
    let k = 0;
    while (k < held.length && index >= held[k].first + held[k].ends.length) k++;
    const batch = held[k];
    if (k > 0) this.held = held.slice(k);
    if (!cutLaterSamples || !batch || index < batch.first) return super.liteTextOf(index, cutLaterSamples);
    const at = index - batch.first;
    return { text: batch.bytes.toString('utf8', at > 0 ? batch.ends[at - 1] : 0, batch.ends[at]), samplesCut: batch.samplesCut[at] };
  }

  override releaseIndexingData(backingFile?: string): void {
    this.held = [];
    super.releaseIndexingData(backingFile);
  }
}

/** Files from this size on are worth a helper thread. */
export const PIPED_SCAN_BYTES = 16 * 1024 * 1024;

/**
 * Starts the helper thread (`helperScript`, logScan.worker.ts) reading and scanning a log file, and
 * returns the reading end to hand to the indexing thread (LoadLogOptions.scanPipe); undefined when the
 * file is small, there is one core, or the helper cannot start. If the helper stops before it is done,
 * the reading end hears of it at once (it then reads the file itself).
 */
export function startPipedScan(file: string, helperScript: string, minBytes = PIPED_SCAN_BYTES): PipedScanEnd | undefined {
  try {
    if (os.availableParallelism() < 2 || fs.statSync(file).size < minBytes || !fs.existsSync(helperScript)) return undefined;
    const channel = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(SIGNAL_CELLS * Int32Array.BYTES_PER_ELEMENT));
    const init: PipedScanInit = { file, signal, port: channel.port2 };
    const helper = new Worker(helperScript, { workerData: init, transferList: [channel.port2] });
    const gone = (): void => {
      Atomics.store(signal, SIGNAL_GONE, 1);
      Atomics.add(signal, SIGNAL_POSTED, 1);
      Atomics.notify(signal, SIGNAL_POSTED);
    };
    helper.on('error', gone);
    helper.on('exit', gone);
    helper.unref();
    return { port: channel.port1, signal };
  } catch {
    return undefined;
  }
}

export type { PipedScanEnd };

export class PipedScan {
  /** The log without its samples: the part before the samples while they arrive, all of it once done. */
  readonly skeleton: JsonRecord = {};
  /** The runs' stores, once done. */
  readonly runs: (SampleStore | undefined)[] = [];
  top?: PipedSampleStore;
  private readonly runStores: PipedSampleStore[] = [];
  private current?: PipedSampleStore;
  private state: 'scanning' | 'done' | 'stopped' = 'scanning';
  private prefixSpecification?: string;

  constructor(private readonly file: string, private readonly end: PipedScanEnd) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /**
   * Waits until the top-level samples begin, when the specification (whose settings indexing needs) came
   * before them or was found at the end of the file; else until the scan ends (also when a run's samples
   * come first).
   */
  waitForSamples(): void {
    while (!this.top && this.runStores.length === 0 && !this.done) this.pump();
    if (!this.top || this.prefixSpecification === undefined) this.finish();
  }

  /** Waits until the scan ends. */
  finish(): void {
    while (!this.done) this.pump();
  }

  /** Waits for the helper's next messages and applies them; throws PipedScanStopped when the pipe stops. */
  pump(): void {
    if (this.state === 'stopped') throw new PipedScanStopped();
    const { port, signal } = this.end;
    for (;;) {
      const posted = Atomics.load(signal, SIGNAL_POSTED);
      let applied = false;
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        this.apply(received.message as PipedScanMessage);
        applied = true;
      }
      if (applied) return;
      if (Atomics.load(signal, SIGNAL_GONE) !== 0) this.stop();
      if (Atomics.wait(signal, SIGNAL_POSTED, posted, STALL_MS) === 'timed-out') this.stop();
    }
  }

  /** Tells the helper to stop (it may still be reading) and closes the pipe. */
  stop(): never {
    this.close();
    throw new PipedScanStopped();
  }

  close(): void {
    if (this.state === 'scanning') {
      this.state = 'stopped';
      Atomics.store(this.end.signal, SIGNAL_CANCELLED, 1);
    }
    this.end.port.close();
  }

  private apply(message: PipedScanMessage): void {
    switch (message.type) {
      case 'samples': {
        const store = new PipedSampleStore(this.file, this);
        if (message.run) {
          this.runStores.push(store);
        } else {
          if (this.top) this.stop();
          this.top = store;
          Object.assign(this.skeleton, message.skeleton);
          // A specification found after the samples (sent only when none came before) is taken as read until the scan confirms it.
          if (message.tailSpecification) this.skeleton.specification = message.tailSpecification.value;
          this.prefixSpecification = JSON.stringify(this.skeleton.specification);
        }
        this.current = store;
        return;
      }
      case 'bounds': {
        (this.current ?? this.stop()).addLiteBatch(message);
        return;
      }
      case 'done': {
        // The samples may have been indexed with the settings of a specification given again later.
        if (this.prefixSpecification !== undefined && JSON.stringify(message.skeleton.specification) !== this.prefixSpecification) this.stop();
        for (const key of Object.keys(this.skeleton)) delete this.skeleton[key];
        Object.assign(this.skeleton, message.skeleton);
        let k = 0;
        for (const hasSamples of message.runs) this.runs.push(hasSamples ? this.runStores[k++] : undefined);
        this.state = 'done';
        this.end.port.close();
        return;
      }
      case 'failed':
        this.stop();
    }
  }
}
