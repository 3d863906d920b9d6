/** Shared helpers of the authoring tests: cursor markers, a small on-disk data folder. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { profileRows, DataProfile } from '../../../src/core/authoring/dataProfile';
import { CompletionContext, DirectoryEntry } from '../../../src/core/authoring/completionEngine';

/** Splits `text` with one `|` cursor marker into the text and the cursor offset. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('no | cursor in the test text');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** A temporary folder with a CSV, a JSONL, a text file and a sub-folder of markdown files. */
export function makeDataFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-authoring-'));
  fs.writeFileSync(path.join(dir, 'questions.csv'), 'question,category,difficulty,my col\nq1,math,1,a\nq2,code,2,b\nq3,math,3,c\nq4,math,1,d\nq5,history,2,e\n');
  fs.writeFileSync(path.join(dir, 'rows.jsonl'), '{"id":1,"lang":"en","meta":{"a":1}}\n{"id":2,"lang":"fr","tags":["x"]}\n');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
  fs.mkdirSync(path.join(dir, 'docs'));
  fs.writeFileSync(path.join(dir, 'docs', 'a.md'), '---\ntopic: sql\n---\nbody');
  return dir;
}

export const questionsProfile: DataProfile = profileRows(
  [
    { question: 'q1', category: 'math', difficulty: '1', 'my col': 'a' },
    { question: 'q2', category: 'code', difficulty: '2', 'my col': 'b' },
    { question: 'q3', category: 'math', difficulty: '3', 'my col': 'c' },
  ],
  'questions.csv',
  ['question', 'category', 'difficulty', 'my col'],
);

export function listDirectory(dir: string): DirectoryEntry[] | undefined {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory() }));
  } catch {
    return undefined;
  }
}

export function datasetContext(extra: Partial<CompletionContext> = {}): CompletionContext {
  return { kind: 'dataset', json: false, profileFor: () => questionsProfile, listDirectory, ...extra };
}
