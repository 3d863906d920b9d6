/**
 * Reads a session file with the session line kernel (../wasm/sessionLineKernel.ts): the file's bytes are read
 * straight into the kernel's memory in large reads and never become one JavaScript string; for each line the
 * kernel checked, only the few values a summary reads are decoded, into a small line object that FileScan reads
 * exactly as it reads the whole parsed line. Lines the kernel leaves, and `summary`, `ai-title`, `system` lines
 * and lines with an image, are given back as text for `JSON.parse`.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { compiledOnce, pagesFor } from '../../engine/wasm/compiledModule';
import { KernelInstance } from '../../engine/wasm/kernelInstance';
import { ESCAPE_TABLE, escapeTable, IN, IN_SLACK, ITEM_COUNT, ITEM_KEYS, ITEM_SPANS, ITEM_STRIDE, ITEM_TABLE, KEY_BYTES, KEY_BYTES_END, MESSAGE_KEYS, MESSAGE_SPANS, MESSAGE_TABLE, sessionLineKernelBytes, TOP_KEYS, TOP_SPANS, TOP_TABLE, USAGE_KEYS, USAGE_SPANS, USAGE_TABLE } from '../../engine/kernels/sessionLineKernel';
import { lineText } from './sessionLines';
import { SessionLine, timestampMs } from './sessionRecords';
import { isoMs } from './isoTimestamp';

/** Bytes of a file held at once: a longer line makes the caller read the file the plain way. */
export const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGES = pagesFor(IN + WINDOW_BYTES + 1 + IN_SLACK);

const kernelModule = compiledOnce(() => sessionLineKernelBytes(PAGES));

export interface KernelLineSink {
  /**
   * A line the kernel read: only the members FileScan reads are in it, and only until the sink returns; `ms` is
   * its `timestamp` as `timestampMs` reads it.
   */
  line(line: SessionLine, lineNumber: number, ms: number | undefined): void;
  /** A non-blank line left to `JSON.parse` (without its line feed or a trailing carriage return). */
  text(text: string, lineNumber: number): void;
}

/** How a read ended: `unavailable` (no WebAssembly SIMD) and `lineTooLong` mean nothing was read for good. */
type KernelReadEnd = 'done' | 'cancelled' | 'unavailable' | 'lineTooLong';

const word = (address: number) => address >> 2;
const TOP = word(TOP_SPANS);
const MESSAGE = word(MESSAGE_SPANS);
const [T_TYPE, T_TIMESTAMP, T_SESSION, T_AGENT, T_CWD, T_BRANCH, T_VERSION, T_META, T_REQUEST, T_MESSAGE] = TOP_KEYS.map((_, k) => TOP + 2 * k);
const [M_ID, M_MODEL, M_USAGE, M_CONTENT] = MESSAGE_KEYS.map((_, k) => MESSAGE + 2 * k);
const USAGE = USAGE_KEYS.map((_, k) => word(USAGE_SPANS) + 2 * k);
/** Line types whose other members FileScan reads: such lines are parsed whole. */
const PARSED_WHOLE = new Set(['summary', 'ai-title', 'system']);

/** A content item of a checked line: the members FileScan reads of a `message.content` block. */
interface ItemValues {
  type: unknown;
  id: unknown;
  text?: unknown;
}

class SessionLineKernel {
  readonly bytes: Buffer;
  readonly words: Int32Array;
  readonly scanLine: (at: number) => number;
  /** The line just scanned, read through getters: each member is decoded only if FileScan reads it. */
  readonly view: LineView;

  constructor(module: WebAssembly.Module) {
    const kernel = new KernelInstance(module, PAGES);
    this.bytes = kernel.bytes;
    this.words = kernel.words;
    this.scanLine = kernel.exports.scanLine as (at: number) => number;
    this.view = new LineView(this);
    let at = KEY_BYTES;
    const table = (address: number, keys: readonly string[]) => keys.forEach((key, k) => {
      const written = this.bytes.write(key, at, 'utf8');
      this.words[word(address) + 2 * k] = at;
      this.words[word(address) + 2 * k + 1] = written;
      at += written;
    });
    table(TOP_TABLE, TOP_KEYS);
    table(MESSAGE_TABLE, MESSAGE_KEYS);
    table(ITEM_TABLE, ITEM_KEYS);
    table(USAGE_TABLE, USAGE_KEYS);
    this.bytes.set(escapeTable(), ESCAPE_TABLE);
    if (at > KEY_BYTES_END) throw new Error('session kernel keys do not fit');
  }

  /** The value at span word `w`: a string, `true`, undefined when absent, null for any other value. */
  scalar(w: number): string | true | null | undefined {
    const start = this.words[w];
    if (start < 0) return undefined;
    const first = this.bytes[start];
    if (first === 0x22) {
      const end = this.words[w + 1];
      const text = this.bytes.toString('utf8', start + 1, end - 1);
      return text.includes('\\') ? JSON.parse(this.bytes.toString('utf8', start, end)) as string : text;
    }
    return first === 0x74 ? true : null;
  }

  /** The number at span word `w`, undefined when absent, null for any other value. */
  number(w: number): number | null | undefined {
    const start = this.words[w];
    if (start < 0) return undefined;
    const end = this.words[w + 1];
    const bytes = this.bytes;
    const first = bytes[start];
    if (first !== 0x2d && (first < 0x30 || first > 0x39)) return null;
    if (end - start <= 15) {
      let value = 0;
      for (let k = start; k < end; k++) {
        const digit = bytes[k] - 0x30;
        if (digit < 0 || digit > 9) return Number(bytes.toString('latin1', start, end));
        value = value * 10 + digit;
      }
      return value;
    }
    // A sign, a fraction, an exponent or many digits: the text as JavaScript reads it, as JSON.parse does.
    return Number(bytes.toString('latin1', start, end));
  }

  /** The line's `timestamp` in milliseconds: read from its bytes when it has the usual form, else as `timestampMs` reads the string. */
  timestampMs(): number | undefined {
    const start = this.words[T_TIMESTAMP];
    if (start >= 0 && this.bytes[start] === 0x22) {
      const ms = isoMs(this.bytes, start + 1, this.words[T_TIMESTAMP + 1] - 1);
      if (ms !== undefined) return ms;
    }
    return timestampMs(this.scalar(T_TIMESTAMP));
  }

  /** Whether the value at span word `w` is the JSON text `json` byte for byte. */
  spanIs(w: number, json: Buffer): boolean {
    const start = this.words[w];
    return start >= 0 && this.words[w + 1] - start === json.length && this.bytes.compare(json, 0, json.length, start, start + json.length) === 0;
  }

  /** Whether `message` is an object whose `content` is an array (then its items are in the item spans). */
  contentIsArray(): boolean {
    const message = this.words[T_MESSAGE];
    if (message < 0 || this.bytes[message] !== 0x7b) return false;
    const content = this.words[M_CONTENT];
    return content >= 0 && this.bytes[content] === 0x5b;
  }

  items(withText: boolean): ItemValues[] {
    const items: ItemValues[] = [];
    const count = this.words[word(ITEM_COUNT)];
    for (let k = 0; k < count; k++) {
      const at = word(ITEM_SPANS + k * ITEM_STRIDE);
      items.push(withText ? { type: this.scalar(at), id: this.scalar(at + 2), text: this.scalar(at + 4) } : { type: this.scalar(at), id: this.scalar(at + 2) });
    }
    return items;
  }

  /** Whether a content item is an image (its placeholder needs members the kernel does not give). */
  hasImage(): boolean {
    if (!this.contentIsArray()) return false;
    const count = this.words[word(ITEM_COUNT)];
    for (let k = 0; k < count; k++) if (this.spanIs(word(ITEM_SPANS + k * ITEM_STRIDE), IMAGE)) return true;
    return false;
  }

  /** The line just scanned as the members FileScan reads (valid until the next scan), or undefined when it must be parsed whole. */
  /** The line's `type`; the usual ones without decoding. */
  private type(): unknown {
    for (const [json, type] of USUAL_TYPES) if (this.spanIs(T_TYPE, json)) return type;
    return this.scalar(T_TYPE);
  }

  line(): SessionLine | undefined {
    const type = this.type();
    if (typeof type === 'string' && PARSED_WHOLE.has(type)) return undefined;
    if ((type === 'user' || type === 'assistant') && this.hasImage()) return undefined;
    this.view.type = type;
    return this.view as unknown as SessionLine;
  }
}

const IMAGE = Buffer.from('"image"');
const USUAL_TYPES = ['assistant', 'user', 'progress'].map((type) => [Buffer.from(JSON.stringify(type)), type] as const);

/** The members of `message` FileScan reads, decoded when read. */
class MessageView {
  constructor(private readonly kernel: SessionLineKernel, private readonly user: () => boolean) {}
  get id(): unknown { return this.kernel.scalar(M_ID); }
  get model(): unknown { return this.kernel.scalar(M_MODEL); }
  get usage(): unknown {
    const k = this.kernel;
    const start = k.words[M_USAGE];
    if (start < 0) return undefined;
    if (k.bytes[start] !== 0x7b) return null;
    return { input_tokens: k.number(USAGE[0]), output_tokens: k.number(USAGE[1]), cache_creation_input_tokens: k.number(USAGE[2]), cache_read_input_tokens: k.number(USAGE[3]) };
  }
  get content(): unknown {
    const k = this.kernel;
    const start = k.words[M_CONTENT];
    if (start < 0) return undefined;
    const first = k.bytes[start];
    if (first === 0x22) return k.scalar(M_CONTENT);
    return first === 0x5b ? k.items(this.user()) : null;
  }
}

/** The top-level members FileScan reads, decoded when read (`type` is set when the line is scanned). */
class LineView {
  type: unknown;
  private readonly messageView: MessageView;
  constructor(private readonly kernel: SessionLineKernel) {
    this.messageView = new MessageView(kernel, () => this.type === 'user');
  }
  get timestamp(): unknown { return this.kernel.scalar(T_TIMESTAMP); }
  get sessionId(): unknown { return this.kernel.scalar(T_SESSION); }
  get agentId(): unknown { return this.kernel.scalar(T_AGENT); }
  get cwd(): unknown { return this.kernel.scalar(T_CWD); }
  get gitBranch(): unknown { return this.kernel.scalar(T_BRANCH); }
  get version(): unknown { return this.kernel.scalar(T_VERSION); }
  get isMeta(): unknown { return this.kernel.scalar(T_META); }
  get requestId(): unknown { return this.kernel.scalar(T_REQUEST); }
  get message(): unknown {
    const start = this.kernel.words[T_MESSAGE];
    if (start < 0) return undefined;
    return this.kernel.bytes[start] === 0x7b ? this.messageView : null;
  }
}

/** Kernels not in use on this thread (one per file read at the same time). */
const idle: SessionLineKernel[] = [];

function takeKernel(): SessionLineKernel | undefined {
  const spare = idle.pop();
  if (spare) return spare;
  const module = kernelModule();
  return module ? new SessionLineKernel(module) : undefined;
}

/** An open file: the thread's own blocking reads (in a worker, where nothing else waits), or the asynchronous ones. */
interface OpenFile {
  read(into: Buffer, at: number, length: number): number | Promise<number>;
  close(): void | Promise<void>;
}

async function openFile(path: string, syncReads: boolean): Promise<OpenFile> {
  if (syncReads) {
    const fd = openSync(path, 'r');
    return { read: (into, at, length) => readSync(fd, into, at, length, null), close: () => closeSync(fd) };
  }
  const handle = await open(path, 'r');
  return { read: async (into, at, length) => (await handle.read(into, at, length, null)).bytesRead, close: () => handle.close() };
}

interface KernelReadOptions {
  signal?: AbortSignal;
  /** Read with blocking calls (for worker threads: about a third of the CPU time of asynchronous reads). */
  syncReads?: boolean;
}

/** Reads every line of the file into the sink (blank lines skipped, numbered as in the file). */
export async function readSessionLinesFast(path: string, sink: KernelLineSink, options: KernelReadOptions = {}): Promise<KernelReadEnd> {
  const kernel = takeKernel();
  if (!kernel) return 'unavailable';
  const bytes = kernel.bytes;
  let file: OpenFile | undefined;
  try {
    file = await openFile(path, options.syncReads === true);
    let carry = 0;
    let lineNumber = 1;
    for (;;) {
      if (options.signal?.aborted) return 'cancelled';
      if (carry === WINDOW_BYTES) return 'lineTooLong';
      const bytesRead = await file.read(bytes, IN + carry, WINDOW_BYTES - carry);
      let end = IN + carry + bytesRead;
      if (bytesRead === 0) {
        if (carry === 0) return 'done';
        bytes[end++] = 0x0a;
      }
      bytes[end] = 0;
      let at = IN;
      while (at < end) {
        const lf = kernel.scanLine(at);
        if (lf >= 0) {
          const line = kernel.line();
          if (line !== undefined) sink.line(line, lineNumber, kernel.timestampMs());
          else sink.text(lineText(bytes, at, lf) ?? '', lineNumber);
          at = lf + 1;
          lineNumber++;
          continue;
        }
        const next = bytes.indexOf(0x0a, at);
        if (next === -1 || next >= end) break;
        const text = lineText(bytes, at, next);
        if (text !== undefined) sink.text(text, lineNumber);
        at = next + 1;
        lineNumber++;
      }
      if (bytesRead === 0) return 'done';
      bytes.copy(bytes, IN, at, end);
      carry = end - at;
    }
  } finally {
    idle.push(kernel);
    await file?.close();
  }
}
