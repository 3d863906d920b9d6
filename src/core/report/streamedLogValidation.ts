/**
 * Schema validation of a large task result log in small steps, for the report's banner: the log is read a
 * chunk at a time and split into its skeleton (validated once, against the log schema, with empty sample
 * arrays) and its samples (each parsed and validated on its own, against the sample definition). Problems
 * carry the same JSON paths, lines and columns as if the whole log had been validated at once. Sample
 * validation stops after `maxProblems` problems; the file is still read to its end for the skeleton.
 */
import * as fs from 'node:fs';
import type { SchemaProblem } from '../model/logViewTypes';
import * as validators from '../schema/generated/validators';
import { LineIndex } from '../text/lineIndex';
import { MAX_SCHEMA_PROBLEMS } from './logSchemaProblems';
import { byPosition, placeIn, problemsOf, skeletonProblemsOf } from './partProblems';
import { LogSkeleton, SplitSample, StreamedLogSplitter } from './streamedLogSplitter';

export { BoundedLogValidation } from './boundedLogValidation';
/** The bundle's own copy of @vscode/l10n takes the translations shared with this thread (its loader calls it). */
export { configureWorkerL10n } from '../l10n/workerL10n';

type LogBytesInput = { filePath: string } | { text: string };

interface StreamedValidationOptions {
  /** At most this many problems are reported (default: as many as for a log validated at once). */
  maxProblems?: number;
  /** Bytes read per chunk (default 64 KiB). */
  chunkBytes?: number;
}

const DEFAULT_CHUNK_BYTES = 64 * 1024;

/**
 * Reads a file (or a text) one chunk at a time. The file is opened for each chunk: a worker thread that
 * is terminated mid-way must not leave a descriptor open in the process.
 */
class ChunkReader {
  private text: Buffer | undefined;
  private readonly filePath: string = '';
  private offset = 0;
  private ended = false;

  constructor(input: LogBytesInput, private readonly chunkBytes: number) {
    if ('text' in input) this.text = Buffer.from(input.text, 'utf8');
    else this.filePath = input.filePath;
  }

  /** The next chunk, or undefined at the end. */
  next(): Buffer | undefined {
    if (this.ended) return undefined;
    const chunk = this.text ? this.text.subarray(this.offset, this.offset + this.chunkBytes) : this.read();
    if (chunk.length === 0) {
      this.close();
      return undefined;
    }
    this.offset += chunk.length;
    return chunk;
  }

  close(): void {
    this.ended = true;
    this.text = undefined;
  }

  private read(): Buffer {
    const fd = fs.openSync(this.filePath, 'r');
    try {
      const chunk = Buffer.allocUnsafe(this.chunkBytes);
      const n = fs.readSync(fd, chunk, 0, chunk.length, this.offset);
      return n === chunk.length ? chunk : chunk.subarray(0, n);
    } finally {
      fs.closeSync(fd);
    }
  }
}

export class StreamedLogValidation {
  private readonly reader: ChunkReader;
  private readonly splitter: StreamedLogSplitter;
  private readonly pending: SplitSample[] = [];
  private readonly sampleProblems: SchemaProblem[] = [];
  private skeletonProblems: SchemaProblem[] = [];
  private readonly maxProblems: number;
  private finished = false;

  constructor(input: LogBytesInput, options: StreamedValidationOptions = {}) {
    this.maxProblems = options.maxProblems ?? MAX_SCHEMA_PROBLEMS;
    this.reader = new ChunkReader(input, options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
    this.splitter = new StreamedLogSplitter((sample) => this.pending.push(sample));
  }

  get done(): boolean {
    return this.finished;
  }

  /** Works for about `budgetMs` (at least one chunk or one sample); true once the whole log is validated. */
  step(budgetMs: number): boolean {
    const deadline = Date.now() + budgetMs;
    while (!this.finished) {
      const sample = this.pending.shift();
      if (sample) this.validateSample(sample);
      else this.readChunk();
      if (Date.now() >= deadline) break;
    }
    return this.finished;
  }

  /** Runs every step at once (tests, the command line). */
  run(): SchemaProblem[] {
    while (!this.step(Number.POSITIVE_INFINITY));
    return this.problems();
  }

  /** The problems found so far, in file order, at most `maxProblems`. */
  problems(): SchemaProblem[] {
    return [...this.skeletonProblems, ...this.sampleProblems].sort(byPosition).slice(0, this.maxProblems);
  }

  dispose(): void {
    this.reader.close();
    this.pending.length = 0;
  }

  private readChunk(): void {
    const chunk = this.reader.next();
    if (chunk) {
      this.splitter.push(chunk);
      return;
    }
    this.validateSkeleton(this.splitter.end());
    this.finished = true;
  }

  private validateSample(sample: SplitSample): void {
    if (this.sampleProblems.length >= this.maxProblems) return;
    let lines: LineIndex | undefined;
    const locate = (offset: number) => placeIn((lines ??= new LineIndex(sample.text)), offset, 0, sample.start);
    this.sampleProblems.push(...problemsOf(validators.validateSampleEvidence, sample.text, sample.path, locate));
    if (this.sampleProblems.length >= this.maxProblems) {
      this.splitter.collectSamples = false;
      this.pending.length = 0;
    }
  }

  private validateSkeleton(skeleton: LogSkeleton): void {
    this.skeletonProblems = skeletonProblemsOf(validators.validateTaskResultLog, skeleton);
  }
}
