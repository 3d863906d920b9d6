/** The service's sample repository (shared fixture aigo-integrations) fed to a key index, with texts overridable. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { WorkspaceKeyIndex } from '../../../src/core/workspaceKeys/keyIndex';
import { keyDiagnostics } from '../../../src/core/workspaceKeys/keyChecks';
import { Diagnostic } from '../../../src/core/validation/diagnostic';
import { sharedFixture } from '../sharedFixtures';

export const fixtureRoot = sharedFixture('aigo-integrations');

export function yamlFilesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ya?ml|json)$/i.test(entry.name)) out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

export function fixtureIndex(overrides: Record<string, string> = {}): WorkspaceKeyIndex {
  const index = new WorkspaceKeyIndex();
  for (const file of yamlFilesBelow(fixtureRoot)) {
    const relative = path.relative(fixtureRoot, file);
    index.update(file, overrides[relative] ?? fs.readFileSync(file, 'utf8'));
  }
  return index;
}

function diskKind(target: string): 'file' | 'directory' | undefined {
  try {
    return fs.statSync(target).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

/** Every cross-file diagnostic of the index, as `relative/file: code message`. */
export function allKeyDiagnostics(index: WorkspaceKeyIndex, root = fixtureRoot): { file: string; diagnostic: Diagnostic }[] {
  const out: { file: string; diagnostic: Diagnostic }[] = [];
  for (const file of index.filesOfOurs().sort()) {
    const found = keyDiagnostics(index, file, { pathKind: diskKind, placeOf: (d) => `${path.relative(root, d.file)}:${d.line}` });
    for (const diagnostic of found) out.push({ file: path.relative(root, file), diagnostic });
  }
  return out;
}
