/**
 * The facts of many logs, each read once per version of its file: an entry is keyed by the file's path and
 * kept while its modification time and size stay the same, so listing a workspace again reads only what changed.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { catalogStrings as S } from '../l10n/catalogStrings';
import { LogFactsResult } from './logFacts';
import { readLogFacts } from './readLogFacts';

/** Files read at once: enough to hide the latency of each read, few enough to keep open handles low. */
const CONCURRENT_READS = 16;

interface Entry {
  mtimeMs: number;
  size: number;
  facts: LogFactsResult;
}

export class LogFactsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly read: (file: string) => Promise<LogFactsResult> = readLogFacts) {}

  /** The facts of `file`, read again only when its modification time or size changed. */
  async factsOf(file: string): Promise<LogFactsResult> {
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      this.entries.delete(file);
      return { problem: S.unreadable(basename(file), error instanceof Error ? error.message : String(error)) };
    }
    const known = this.entries.get(file);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.facts;
    const facts = await this.read(file);
    this.entries.set(file, { mtimeMs: info.mtimeMs, size: info.size, facts });
    return facts;
  }

  /** The facts of every file, in the order given, read a few at a time. */
  async factsOfAll(files: readonly string[]): Promise<LogFactsResult[]> {
    const results: LogFactsResult[] = new Array<LogFactsResult>(files.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < files.length) {
        const index = next++;
        results[index] = await this.factsOf(files[index]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, files.length) }, worker));
    return results;
  }

  /** Forgets a file (deleted, or to be read again whatever its stat says). */
  forget(file: string): void {
    this.entries.delete(file);
  }

  /** Keeps only the given files' entries (the others left the workspace). */
  retain(files: Iterable<string>): void {
    const keep = new Set(files);
    for (const file of this.entries.keys()) if (!keep.has(file)) this.entries.delete(file);
  }

  get size(): number {
    return this.entries.size;
  }
}
