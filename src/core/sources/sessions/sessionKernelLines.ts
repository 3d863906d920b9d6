/**
 * Reads a session file with the session line kernel (../wasm/sessionLineKernel.ts): the file's bytes are read
 * straight into the kernel's memory in large reads and never become one JavaScript string; for each line the
 * kernel checked, only the few values a summary reads are decoded, into a small line object that FileScan reads
 * exactly as it reads the whole parsed line. Lines the kernel leaves, and `summary`, `ai-title`, `system` lines
 * and lines with an image, are given back as text for `JSON.parse`.
 */
import { open } from 'node:fs/promises';
import { compiledOnce, KernelInstance } from '../../wasm/kernelInstance';
import {
  IN, IN_SLACK, ITEM_COUNT, ITEM_KEYS, ITEM_SPANS, ITEM_STRIDE, ITEM_TABLE, KEY_BYTES, KEY_BYTES_END, MESSAGE_KEYS,
  MESSAGE_SPANS, MESSAGE_TABLE, sessionLineKernelBytes, TOP_KEYS, TOP_SPANS, TOP_TABLE,
} from '../wasm/sessionLineKernel';
import { lineText } from './sessionLines';
import { SessionLine } from './sessionRecords';

/** Bytes of a file held at once: a longer line makes the caller read the file the plain way. */
export const WINDOW_BYTES = 4 * 1024 * 1024;
const PAGE = 65536;
const PAGES = Math.ceil((IN + WINDOW_BYTES + 1 + IN_SLACK) / PAGE);

const kernelModule = compiledOnce(() => sessionLineKernelBytes(PAGES));

export interface KernelLineSink {
  /** A line the kernel read: only the members FileScan reads are in it. */
  line(line: SessionLine, lineNumber: number): void;
  /** A non-blank line left to `JSON.parse` (without its line feed or a trailing carriage return). */
  text(text: string, lineNumber: number): void;
}

/** How a read ended: `unavailable` (no WebAssembly SIMD) and `lineTooLong` mean nothing was read for good. */
export type KernelReadEnd = 'done' | 'cancelled' | 'unavailable' | 'lineTooLong';

const word = (address: number) => address >> 2;
const TOP = word(TOP_SPANS);
const MESSAGE = word(MESSAGE_SPANS);
const [T_TYPE, T_TIMESTAMP, T_SESSION, T_AGENT, T_CWD, T_BRANCH, T_VERSION, T_META, T_REQUEST, T_MESSAGE] = TOP_KEYS.map((_, k) => TOP + 2 * k);
const [M_ID, M_MODEL, M_USAGE, M_CONTENT] = MESSAGE_KEYS.map((_, k) => MESSAGE + 2 * k);
/** Line types whose other members FileScan reads: such lines are parsed whole. */
const PARSED_WHOLE = new Set(['summary', 'ai-title', 'system']);

class SessionLineKernel {
  readonly bytes: Buffer;
  readonly words: Int32Array;
  readonly scanLine: (at: number) => number;

  constructor(module: WebAssembly.Module) {
    const kernel = new KernelInstance(module, PAGES);
    this.bytes = kernel.bytes;
    this.words = kernel.words;
    this.scanLine = kernel.exports.scanLine as (at: number) => number;
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

  private content(user: boolean): unknown {
    const start = this.words[M_CONTENT];
    if (start < 0) return undefined;
    const first = this.bytes[start];
    if (first === 0x22) return this.scalar(M_CONTENT);
    if (first !== 0x5b) return null;
    const items: Record<string, unknown>[] = [];
    const count = this.words[word(ITEM_COUNT)];
    for (let k = 0; k < count; k++) {
      const at = word(ITEM_SPANS + k * ITEM_STRIDE);
      const type = this.scalar(at);
      if (type === 'image') return undefined;
      items.push(user ? { type, id: this.scalar(at + 2), text: this.scalar(at + 4) } : { type, id: this.scalar(at + 2) });
    }
    return items;
  }

  private message(user: boolean): Record<string, unknown> | null | undefined | false {
    const start = this.words[T_MESSAGE];
    if (start < 0) return undefined;
    if (this.bytes[start] !== 0x7b) return null;
    const content = this.content(user);
    if (content === undefined && this.words[M_CONTENT] >= 0) return false;
    const usageStart = this.words[M_USAGE];
    let usage: unknown;
    if (usageStart >= 0) usage = this.bytes[usageStart] === 0x7b ? JSON.parse(this.bytes.toString('utf8', usageStart, this.words[M_USAGE + 1])) as unknown : null;
    return { id: this.scalar(M_ID), model: this.scalar(M_MODEL), usage, content };
  }

  /** The line just scanned as the members FileScan reads, or undefined when it must be parsed whole. */
  line(): SessionLine | undefined {
    const type = this.scalar(T_TYPE);
    if (typeof type === 'string' && PARSED_WHOLE.has(type)) return undefined;
    const timestamp = this.scalar(T_TIMESTAMP);
    if (type !== 'user' && type !== 'assistant') return { type, timestamp };
    const message = this.message(type === 'user');
    if (message === false) return undefined;
    return {
      type, timestamp, sessionId: this.scalar(T_SESSION), agentId: this.scalar(T_AGENT), cwd: this.scalar(T_CWD),
      gitBranch: this.scalar(T_BRANCH), version: this.scalar(T_VERSION), isMeta: this.scalar(T_META),
      requestId: this.scalar(T_REQUEST), message,
    };
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

/** Reads every line of the file into the sink (blank lines skipped, numbered as in the file). */
export async function readSessionLinesFast(path: string, sink: KernelLineSink, signal?: AbortSignal): Promise<KernelReadEnd> {
  const kernel = takeKernel();
  if (!kernel) return 'unavailable';
  const bytes = kernel.bytes;
  let handle;
  try {
    handle = await open(path, 'r');
    let carry = 0;
    let lineNumber = 1;
    for (;;) {
      if (signal?.aborted) return 'cancelled';
      if (carry === WINDOW_BYTES) return 'lineTooLong';
      const { bytesRead } = await handle.read(bytes, IN + carry, WINDOW_BYTES - carry, null);
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
          if (line !== undefined) sink.line(line, lineNumber);
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
    await handle?.close();
  }
}
