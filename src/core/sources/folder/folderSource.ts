/**
 * `folder` source (spec §2.15, docs/semantics.md §3): every file under the folder, recursively, becomes a row
 * with `sample_id` (SHA-256 of the raw bytes), `file_name` (relative, `/` separators), `content` and
 * one column per front matter key. Entries are read in name order; PDF files are skipped; symbolic
 * links to folders are followed once per real path.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { confinedTarget } from './confinedPath';
import { join } from 'node:path';
import { CompiledFilter } from '../../filters/filterEvaluator';
import { previewStrings } from '../../l10n/previewStrings';
import { splitFrontMatter } from './frontMatter';
import { PreviewError } from '../previewError';
import { counterResult } from '../previewResult';
import { PreviewResult } from '../../model/previewTypes';
import { RowCounter } from '../../engine/scan/rowCounter';
import { setOwn } from '../../json/objectValues';
import type { SourceOptions, SourceRun } from '../sourceDefinition';

const RESERVED_COLUMNS = ['sample_id', 'file_name', 'content'] as const;

interface FolderInput {
  directory: string;
  extension?: string;
  filters: CompiledFilter[];
  options: SourceOptions;
  run: SourceRun;
}

interface FolderFile {
  path: string;
  relative: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a file name matches the `extension` setting (already without a leading dot). */
export function matchesExtension(name: string, extension: string | undefined): boolean {
  if (extension === undefined || extension === '') return true;
  return name.toLowerCase().endsWith(`.${extension.toLowerCase()}`);
}

function isPdf(name: string): boolean {
  return name.toLowerCase().endsWith('.pdf');
}

export async function listFiles(root: string, extension: string | undefined, warn: (message: string, file?: string) => void, signal?: AbortSignal): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  const rootReal = await realpath(root);
  const visited = new Set<string>([rootReal]);
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      warn(previewStrings.unreadableEntry(dir, errorText(error)), dir);
      return;
    }
    entries.sort((a, b) => byName(a.name, b.name));
    for (const entry of entries) {
      if (signal?.aborted) return;
      const path = join(dir, entry.name);
      const relative = prefix + entry.name;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          if ((await confinedTarget(rootReal, path)) === undefined) {
            warn(previewStrings.linkLeavesFolder(relative), path);
            continue;
          }
          const target = await stat(path);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch (error) {
          warn(previewStrings.unreadableEntry(relative, errorText(error)), path);
          continue;
        }
      }
      if (isDirectory) {
        const real = await realpath(path);
        if (visited.has(real)) {
          warn(previewStrings.symlinkLoop(relative), path);
          continue;
        }
        visited.add(real);
        await walk(path, `${relative}/`);
      } else if (isFile && !isPdf(entry.name) && matchesExtension(entry.name, extension)) {
        files.push({ path, relative });
      }
    }
  };
  await walk(root, '');
  return files;
}

/** The row of one file, with warnings about its front matter. */
function folderRow(bytes: Buffer, relative: string, warn: (message: string) => void): Record<string, unknown> {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const row: Record<string, unknown> = {
    sample_id: createHash('sha256').update(bytes).digest('hex'),
    file_name: relative,
    content: text,
  };
  const front = splitFrontMatter(text);
  if (front.kind === 'invalid') warn(previewStrings.invalidFrontMatter(front.reason));
  if (front.kind !== 'valid') return row;
  row.content = front.body;
  for (const [key, value] of Object.entries(front.data)) {
    if ((RESERVED_COLUMNS as readonly string[]).includes(key)) warn(previewStrings.reservedFrontMatterKey(key));
    else setOwn(row, key, value);
  }
  return row;
}

export async function previewFolder(input: FolderInput): Promise<PreviewResult> {
  const { directory, filters, options, run } = input;
  const counter = new RowCounter(filters, options.limit, directory);
  counter.onRow = options.onRow;
  const warnAt = (message: string, file?: string) => {
    counter.warningCount++;
    if (counter.warnings.length < 1000) counter.warnings.push(file ? { message, file } : { message });
  };
  let extension = input.extension;
  if (extension !== undefined && extension.startsWith('.')) {
    warnAt(previewStrings.extensionLeadingDot(extension));
    extension = extension.replace(/^\.+/, '');
  }
  try {
    if (!(await stat(directory)).isDirectory()) throw new Error(previewStrings.notADirectory(directory));
  } catch (error) {
    throw new PreviewError('unreadableSource', previewStrings.cannotRead(directory, errorText(error)), { file: directory });
  }
  const files = await listFiles(directory, extension, warnAt, options.signal);
  const columns: string[] = [...RESERVED_COLUMNS];
  const result = (complete: boolean) => counterResult(filters, counter, columns, complete);
  let done = 0;
  for (const file of files) {
    if (options.onRow && options.rowsWanted) await options.rowsWanted();
    if (run.cancelled()) break;
    let bytes: Buffer;
    try {
      bytes = await readFile(file.path);
    } catch (error) {
      warnAt(previewStrings.unreadableEntry(file.relative, errorText(error)), file.path);
      continue;
    }
    const row = folderRow(bytes, file.relative, (message) => warnAt(message, file.path));
    for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
    if (counter.test(row)) {
      counter.kept(row, file.path);
      if (counter.pageFull) run.firstPage(() => result(false));
    }
    done++;
    run.progress({ done, total: files.length, unit: 'files', rowsSeen: counter.stats.total, rowsKept: counter.stats.matched });
  }
  return result(!run.cancelled());
}
