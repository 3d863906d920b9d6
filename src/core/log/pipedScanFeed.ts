/**
 * The helper thread's side of a piped scan (pipedScanMessages.ts): reads the log file a window at a time,
 * scans it, and posts each sample array's bounds and lite texts a window at a time. On any failure it
 * posts `failed`; the indexing thread then reads and scans the file itself, so what it reports never
 * depends on this thread.
 */
import { BoundsSink, elementBounds, scanLogBuffer } from './bufferLog';
import type { JsonRecord } from './logValue';
import { writeLite } from './liteSample';
import { tailMember } from './tailMember';
import type { ElementWindow } from './sampleBounds';
import { FileWindows } from './fileWindowSource';
import { LiteBatch, PipedScanInit, PipedScanMessage, SIGNAL_CANCELLED, SIGNAL_POSTED } from './pipedScanMessages';

/** The first size of a batch's lite texts (it grows as needed). */
const LITE_BYTES = 1024 * 1024;

/** Collects the bounds of one sample array, and their lite texts, until they are posted. */
class PostingSink implements BoundsSink {
  private starts: number[] = [];
  private ends: number[] = [];
  private cutStarts: number[] = [];
  private cuts: number[] = [];
  private liteEnds: number[] = [];
  private samplesCut: number[] = [];
  private lite = Buffer.allocUnsafeSlow(LITE_BYTES);
  private liteLength = 0;

  constructor(private readonly buf: Buffer) {}

  addBounds(start: number, end: number, cuts: readonly number[], window?: ElementWindow): void {
    this.starts.push(start);
    this.ends.push(end);
    this.cutStarts.push(this.cuts.length);
    for (const cut of cuts) this.cuts.push(cut);
    let samplesCut = 0;
    if (cuts.length > 0) {
      if (this.lite.length < this.liteLength + end - start) {
        const larger = Buffer.allocUnsafeSlow(Math.max(2 * this.lite.length, this.liteLength + end - start));
        this.lite.copy(larger, 0, 0, this.liteLength);
        this.lite = larger;
      }
      const written = writeLite(window?.bytes ?? this.buf, start, end, { cuts, from: 0, to: cuts.length }, true, this.lite, this.liteLength, window?.base ?? 0);
      this.liteLength += written.length;
      samplesCut = written.samplesCut;
    }
    this.liteEnds.push(this.liteLength);
    this.samplesCut.push(samplesCut);
  }

  addElement(start: number): number {
    const { end, cuts } = elementBounds(this.buf, start);
    this.addBounds(start, end, cuts);
    return end;
  }

  /** The elements collected since the last call, as a message (undefined when there are none). */
  take(): (PipedScanMessage & LiteBatch) | undefined {
    if (this.starts.length === 0) return undefined;
    const message = {
      type: 'bounds' as const,
      starts: Float64Array.from(this.starts),
      ends: Float64Array.from(this.ends),
      cutStarts: Int32Array.from([...this.cutStarts, this.cuts.length]),
      cuts: Float64Array.from(this.cuts),
      lite: new Uint8Array(this.lite.buffer, this.lite.byteOffset, this.liteLength).slice(),
      liteEnds: Int32Array.from(this.liteEnds),
      samplesCut: Int32Array.from(this.samplesCut),
    };
    this.starts = [];
    this.ends = [];
    this.cutStarts = [];
    this.cuts = [];
    this.liteEnds = [];
    this.samplesCut = [];
    this.liteLength = 0;
    return message;
  }
}

/** How much of the end of the file is searched for a `specification` that comes after the samples. */
const TAIL_BYTES = 2 * 1024 * 1024;

/** The `specification` near the end of the file, when the log read so far has none. */
function tailSpecification(skeleton: JsonRecord, windows: FileWindows): { tailSpecification?: { value: unknown } } {
  if (Object.prototype.hasOwnProperty.call(skeleton, 'specification')) return {};
  const size = windows.bytes.length;
  const found = tailMember(windows.readBytes(Math.max(0, size - TAIL_BYTES), size), 'specification');
  return found ? { tailSpecification: found } : {};
}

export function feedPipedScan(init: PipedScanInit): void {
  const { port, signal, file } = init;
  let sink: PostingSink | undefined;
  let windows: FileWindows | undefined;
  const post = (message: PipedScanMessage): void => {
    port.postMessage(message, message.type === 'bounds' ? [message.lite.buffer as ArrayBuffer] : []);
    Atomics.add(signal, SIGNAL_POSTED, 1);
    Atomics.notify(signal, SIGNAL_POSTED);
  };
  const flush = (): void => {
    const message = sink?.take();
    if (message) post(message);
  };
  try {
    const source = new FileWindows(file, () => {
      flush();
      if (Atomics.load(signal, SIGNAL_CANCELLED) !== 0) throw new Error('cancelled');
    });
    windows = source;
    const scanned = scanLogBuffer(source.bytes, file, {
      source,
      sink: (skeleton: JsonRecord, run: boolean): PostingSink => {
        flush();
        if (run) post({ type: 'samples', run });
        else post({ type: 'samples', run, skeleton, ...tailSpecification(skeleton, source) });
        sink = new PostingSink(source.bytes);
        return sink;
      },
    });
    flush();
    if (!scanned) throw new Error('not an object');
    post({ type: 'done', skeleton: scanned.skeleton, runs: scanned.runs.map((run) => run !== undefined) });
  } catch {
    post({ type: 'failed' });
  } finally {
    windows?.close();
    port.close();
  }
}
