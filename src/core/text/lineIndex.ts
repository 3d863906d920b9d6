/** 0-based line/character position, as VS Code uses. */
export interface Position {
  line: number;
  character: number;
}

/** Half-open offset range [start, end) into a text. */
export interface OffsetRange {
  start: number;
  end: number;
}

/** The same range moved by `delta` characters. */
export function shiftRange(range: OffsetRange, delta: number): OffsetRange {
  return { start: range.start + delta, end: range.end + delta };
}

/** Maps offsets to line/character positions and back, in O(log lines). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const start = this.starts[position.line];
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.text.length;
    return Math.max(start, Math.min(start + position.character, next));
  }

  /** Text of one line without its line break. */
  lineText(line: number): string {
    const start = this.starts[line] ?? this.text.length;
    const next = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, '');
  }
}
