/**
 * Finds a generator definition by its `key` among the `*.generator.{yaml,yml,json}` files of a folder tree, for
 * the command line (the editor asks its workspace index instead). Bounded: at most MAX_FILES files are read, links
 * to folders are not followed, and `node_modules` and dot-folders are skipped.
 */
import { readdir } from 'node:fs/promises';
import { readSmallText } from '../text/textHead';
import * as path from 'node:path';
import { isRecord } from '../json/jsonValue';
import { LineIndex } from '../text/lineIndex';
import { locate, parseSpecDocuments } from '../yaml/specDocument';
import type { FoundDefinition } from './generatorPreview';

const GENERATOR_FILE = /\.generator\.(ya?ml|json)$/i;
const MAX_FILES = 20_000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Files under `root` whose name matches `pattern`, bounded as this file's comment says. */
export async function filesNamed(root: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  const folders = [root];
  let visited = 0;
  while (folders.length > 0 && visited < MAX_FILES) {
    const folder = folders.pop() as string;
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      visited++;
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') folders.push(path.join(folder, entry.name));
      else if (entry.isFile() && pattern.test(entry.name)) found.push(path.join(folder, entry.name));
    }
  }
  return found.sort();
}

/** The first definition whose `key` is `key` under any of `roots` (searched in order). */
export async function findGeneratorDefinitionIn(roots: readonly string[], key: string): Promise<FoundDefinition | undefined> {
  if (!key) return undefined;
  const seen = new Set<string>();
  for (const root of roots) {
    for (const file of await filesNamed(root, GENERATOR_FILE)) {
      if (seen.has(file)) continue;
      seen.add(file);
      const text = await readSmallText(file, MAX_FILE_BYTES);
      if (text === undefined) continue;
      const definition = parseSpecDocuments(text).find((d) => isRecord(d.value) && d.value.key === key);
      if (!definition) continue;
      const offset = locate(definition, ['key']).keyRange?.start ?? definition.range.start;
      return { file, line: new LineIndex(text).positionAt(offset).line + 1, value: definition.value };
    }
  }
  return undefined;
}
