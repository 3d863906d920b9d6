/**
 * Schema validation of a large log whose samples are located already (the index's byte bounds): each
 * sample is read from the file, parsed and validated on its own; the rest of the file (the skeleton, the
 * sample arrays left empty) once, against the log schema. Gives the same problems, at the same paths,
 * lines and columns, as StreamedLogValidation, without scanning the file byte by byte. Also lists the
 * samples that are not valid JSON (every sample is parsed, even past the problem limit).
 */
import * as fs from 'node:fs';
import type { SchemaProblem } from '../model/logViewTypes';
import * as validators from '../schema/generated/validators';
import { LineIndex } from '../text/lineIndex';
import { MAX_SCHEMA_PROBLEMS } from './logSchemaProblems';
import { byPosition, placeIn, problemsOf, skeletonProblemsOf } from './partProblems';
import type { RawSampleSet, UnparsedSample } from './rawSampleAccess';
import type { FilePosition, LogSkeleton } from './streamedLogSplitter';
import { readFully } from '../text/readFully';

type BoundedInput = { filePath: string } | { bytes: Uint8Array };

/** The sample arrays as a worker thread receives them (no run index needed). */
export type BoundedSampleSet = Pick<RawSampleSet, 'path' | 'starts' | 'ends'>;

export interface BoundedValidationResult {
  problems: SchemaProblem[];
  unparsed: UnparsedSample[];
}

/** Which samples (by rank in file order, `to` excluded) a run validates, and whether it validates the skeleton. */
export interface ValidationPart {
  from: number;
  to: number;
  skeleton: boolean;
}

/** The result of two or more parts (see BoundedLogValidation.run), as if the log had been validated at once. */
export function mergeValidationParts(parts: readonly BoundedValidationResult[], maxProblems = MAX_SCHEMA_PROBLEMS): BoundedValidationResult {
  return {
    problems: parts.flatMap((part) => part.problems).sort(byPosition).slice(0, maxProblems),
    unparsed: parts.flatMap((part) => part.unparsed),
  };
}

/** The rank (in file order) that splits the samples into two parts, the first holding about `share` of their bytes. */
export function splitRank(sets: readonly BoundedSampleSet[], share: number): number {
  const ordered = sets.filter((set) => set.starts.length > 0).sort((a, b) => a.starts[0] - b.starts[0]);
  let total = 0;
  for (const set of ordered) total += set.ends[set.ends.length - 1] - set.starts[0];
  let rank = 0;
  let bytes = 0;
  for (const set of ordered) {
    for (let i = 0; i < set.starts.length; i++, rank++) {
      if (bytes >= share * total) return rank;
      bytes += set.ends[i] - set.starts[i];
    }
  }
  return rank;
}

const WINDOW_BYTES = 8 * 1024 * 1024;

/**
 * Reads byte ranges of a file asked for in increasing order, through a window. The file is opened for each
 * window: a worker thread terminated mid-way leaves no descriptor open.
 */
class RangeReader {
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;
  readonly size: number;

  constructor(private readonly input: BoundedInput) {
    this.size = 'bytes' in input ? input.bytes.length : fs.statSync(input.filePath).size;
  }

  /** The text of the bytes [from, to) (fewer when the file is shorter). */
  text(from: number, to: number): string {
    to = Math.min(to, this.size);
    if (to <= from) return '';
    if (from < this.windowStart || to > this.windowStart + this.window.length) this.load(from, to);
    return this.window.toString('utf8', from - this.windowStart, to - this.windowStart);
  }

  private load(from: number, to: number): void {
    const length = Math.min(this.size - from, Math.max(WINDOW_BYTES, to - from));
    if ('bytes' in this.input) {
      this.window = Buffer.from(this.input.bytes.buffer, this.input.bytes.byteOffset + from, length);
    } else {
      const fd = fs.openSync(this.input.filePath, 'r');
      try {
        const window = Buffer.allocUnsafe(length);
        this.window = window.subarray(0, readFully(fd, window, 0, from, length));
      } finally {
        fs.closeSync(fd);
      }
    }
    this.windowStart = from;
  }
}

/** The line and column (0-based, UTF-16, as LineIndex counts) reached after the texts fed so far. */
class PositionTracker {
  private line = 0;
  private column = 0;
  private pendingReturn = false;

  constructor(column: number) {
    this.column = column;
  }

  position(): FilePosition {
    // A text that ended on a carriage return is followed by one that does not start with a line feed.
    return this.pendingReturn ? { line: this.line + 1, column: 0 } : { line: this.line, column: this.column };
  }

  advance(text: string): void {
    let from = 0;
    if (this.pendingReturn) {
      this.pendingReturn = false;
      this.line++;
      this.column = 0;
      if (text.charCodeAt(0) === 10) from = 1; // the line feed of a CR LF counted with its return
    }
    let lineStart = -1;
    for (let i = text.indexOf('\n', from); i >= 0; i = text.indexOf('\n', i + 1)) {
      this.line++;
      lineStart = i + 1;
    }
    for (let i = text.indexOf('\r', from); i >= 0; i = text.indexOf('\r', i + 1)) {
      if (i === text.length - 1) {
        this.pendingReturn = true;
        break;
      }
      if (text.charCodeAt(i + 1) !== 10) {
        this.line++;
        lineStart = Math.max(lineStart, i + 1);
      }
    }
    const end = this.pendingReturn ? text.length - 1 : text.length;
    this.column = lineStart >= 0 ? end - lineStart : this.column + end - from;
  }
}

export class BoundedLogValidation {
  private readonly reader: RangeReader;
  private readonly sampleProblems: SchemaProblem[] = [];
  private readonly unparsed: UnparsedSample[] = [];
  private readonly maxProblems: number;

  constructor(input: BoundedInput, private readonly sets: readonly BoundedSampleSet[], options: { maxProblems?: number } = {}) {
    this.reader = new RangeReader(input);
    this.maxProblems = options.maxProblems ?? MAX_SCHEMA_PROBLEMS;
  }

  /**
   * Validates the samples of `part` (by their rank in file order, over every set) and, with
   * `part.skeleton`, the skeleton. Two parts that together cover every sample, one of them with the
   * skeleton, give the whole result once merged (mergeValidationParts).
   */
  run(part: ValidationPart = { from: 0, to: Number.POSITIVE_INFINITY, skeleton: true }): BoundedValidationResult {
    const bom = this.reader.text(0, 3) === '\uFEFF' ? 3 : 0;
    const tracker = new PositionTracker(bom ? 1 : 0);
    let skeletonText = '';
    const pieces: LogSkeleton['pieces'] = [{ textOffset: 0, start: tracker.position() }];
    let at = bom;
    let rank = 0;
    const ordered = this.sets.map((set, position) => ({ set, position })).filter(({ set }) => set.starts.length > 0).sort((a, b) => a.set.starts[0] - b.set.starts[0]);
    for (const { set, position } of ordered) {
      if (!part.skeleton && rank >= part.to) break;
      for (let index = 0; index < set.starts.length; index++, rank++) {
        const inPart = rank >= part.from && rank < part.to;
        // Outside the part, only the lines and columns are followed (and the skeleton, when it is wanted).
        if (!inPart && !(part.skeleton && index === 0)) {
          tracker.advance(this.reader.text(at, set.ends[index]));
          at = set.ends[index];
          continue;
        }
        const gap = this.reader.text(at, set.starts[index]);
        if (index === 0) skeletonText += gap;
        tracker.advance(gap);
        const text = this.reader.text(set.starts[index], set.ends[index]);
        if (inPart) this.checkSample(text, tracker.position(), [...set.path, index], { set: position, index });
        tracker.advance(text);
        at = set.ends[index];
        if (!part.skeleton && rank + 1 >= part.to) {
          rank++;
          break;
        }
      }
      pieces.push({ textOffset: skeletonText.length, start: tracker.position() });
    }
    if (!part.skeleton) return { problems: this.sampleProblems, unparsed: this.unparsed };
    skeletonText += this.reader.text(at, this.reader.size);
    const skeletonProblems = this.skeletonProblems({ text: skeletonText, pieces });
    return { problems: [...skeletonProblems, ...this.sampleProblems].sort(byPosition).slice(0, this.maxProblems), unparsed: this.unparsed };
  }

  private checkSample(text: string, start: FilePosition, path: (string | number)[], sample: UnparsedSample): void {
    if (this.sampleProblems.length >= this.maxProblems) {
      try {
        JSON.parse(text);
      } catch {
        this.unparsed.push(sample);
      }
      return;
    }
    let lines: LineIndex | undefined;
    const locate = (offset: number) => placeIn((lines ??= new LineIndex(text)), offset, 0, start);
    this.sampleProblems.push(...problemsOf(validators.validateSampleEvidence, text, path, locate, () => this.unparsed.push(sample)));
  }

  private skeletonProblems(skeleton: LogSkeleton): SchemaProblem[] {
    return skeletonProblemsOf(validators.validateTaskResultLog, skeleton);
  }
}
