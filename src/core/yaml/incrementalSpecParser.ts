/**
 * Parses a YAML stream as `parseSpecDocuments` does, but re-parses only the documents whose text changed
 * since the previous parse of the same file: an edit in one document of a long multi-document spec costs
 * the parse of that document, and the others are moved to their new offsets.
 *
 * A stream is cut at document markers (`---` at the start of a line), which YAML never allows inside
 * content. Streams this cannot reproduce exactly (directives, `...` end markers, a piece that does not
 * parse cleanly as one document) are parsed whole, as before.
 */
import { Node, visit } from 'yaml';
import { shiftRange } from '../text/lineIndex';
import { parseSpecDocuments, SpecDocument } from './specDocument';

interface Piece {
  start: number;
  end: number;
}

interface Entry {
  /** Offset of the piece in the text last parsed. */
  start: number;
  doc: SpecDocument;
  /** Results derived from the document alone (see `memo`). */
  memo: Map<string, unknown>;
}

const DOCUMENT_MARKER = /^---(?=[ \t\r\n]|$)/gm;
const NOT_CUTTABLE = /^(?:%|\.\.\.(?:[ \t\r\n]|$))/m;
const COMMENT_OR_BLANK_LINE = /^[ \t]*(?:#.*)?\r?$/;

/** Pieces of the stream, one per document; undefined when the stream cannot be cut safely. */
export function cutDocuments(text: string): Piece[] | undefined {
  if (NOT_CUTTABLE.test(text)) return undefined;
  const starts: number[] = [];
  DOCUMENT_MARKER.lastIndex = 0;
  for (let m = DOCUMENT_MARKER.exec(text); m; m = DOCUMENT_MARKER.exec(text)) starts.push(m.index);
  // Comments and blank lines before the first marker belong to the first document.
  if (starts.length === 0 || text.slice(0, starts[0]).split('\n').every((line) => COMMENT_OR_BLANK_LINE.test(line))) starts[0] = 0;
  else starts.unshift(0);
  return starts.map((start, i) => ({ start, end: i + 1 < starts.length ? starts[i + 1] : text.length }));
}

/** Moves a parsed document (its nodes, ranges and problems) by `delta` characters. */
function shiftDocument(doc: SpecDocument, delta: number): void {
  if (delta === 0) return;
  const yamlDoc = doc.yaml;
  const [a, b, c] = yamlDoc.range;
  yamlDoc.range = [a + delta, b + delta, c + delta];
  visit(yamlDoc, (_key, node) => {
    const n = node as Node;
    if (n.range) n.range = [n.range[0] + delta, n.range[1] + delta, n.range[2] + delta];
  });
  for (const e of [...yamlDoc.errors, ...yamlDoc.warnings]) e.pos = [e.pos[0] + delta, e.pos[1] + delta];
  doc.range = shiftRange(doc.range, delta);
  doc.problems = doc.problems.map((p) => ({ ...p, range: shiftRange(p.range, delta) }));
}

/** Entries by their piece's text; identical pieces keep one entry each, in order. */
function addEntry(byText: Map<string, Entry[]>, pieceText: string, entry: Entry): void {
  const same = byText.get(pieceText);
  if (same) same.push(entry);
  else byText.set(pieceText, [entry]);
}

export class IncrementalSpecParser {
  private previous = new Map<string, Entry[]>();
  private readonly entryOf = new WeakMap<SpecDocument, Entry>();

  /** How many documents the last `parse` took from the previous one (for tests and benchmarks). */
  reused = 0;

  parse(text: string): SpecDocument[] {
    const pieces = cutDocuments(text);
    const next = new Map<string, Entry[]>();
    const entries: Entry[] = [];
    this.reused = 0;
    if (pieces) {
      for (const [index, piece] of pieces.entries()) {
        const pieceText = text.slice(piece.start, piece.end);
        let entry = this.previous.get(pieceText)?.shift();
        if (entry) {
          this.reused++;
        } else {
          const docs = parseSpecDocuments(pieceText);
          if (docs.length !== 1 || docs[0].problems.length > 0) return this.parseWhole(text, pieces);
          entry = { start: 0, doc: docs[0], memo: new Map() };
        }
        shiftDocument(entry.doc, piece.start - entry.start);
        entry.start = piece.start;
        entry.doc.index = index;
        entries.push(entry);
        addEntry(next, pieceText, entry);
      }
      this.remember(next, entries);
      return entries.map((e) => e.doc);
    }
    return this.parseWhole(text, pieces);
  }

  /** A value computed from `doc` alone, kept while the document's text is unchanged. */
  memo<T>(doc: SpecDocument, key: string, compute: () => T): T {
    const entry = this.entryOf.get(doc);
    if (!entry) return compute();
    if (entry.memo.has(key)) return entry.memo.get(key) as T;
    const value = compute();
    entry.memo.set(key, value);
    return value;
  }

  private parseWhole(text: string, pieces: Piece[] | undefined): SpecDocument[] {
    const docs = parseSpecDocuments(text);
    const next = new Map<string, Entry[]>();
    const entries: Entry[] = [];
    // When the cut matches the parse, the documents seed the next incremental parse.
    if (pieces && pieces.length === docs.length && docs.every((d) => d.problems.length === 0)) {
      for (const [i, piece] of pieces.entries()) {
        const entry: Entry = { start: piece.start, doc: docs[i], memo: new Map() };
        entries.push(entry);
        addEntry(next, text.slice(piece.start, piece.end), entry);
      }
    }
    this.remember(next, entries);
    return docs;
  }

  private remember(next: Map<string, Entry[]>, entries: Entry[]): void {
    this.previous = next;
    for (const entry of entries) this.entryOf.set(entry.doc, entry);
  }
}
