import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import * as ts from 'typescript';
import { repoRoot } from '../sharedFixtures';

const DECLARATIONS = path.join(repoRoot, 'dist', 'api', 'index.d.ts');

test('every name the package exports is documented in the declarations it ships', () => {
  assert.ok(fs.existsSync(DECLARATIONS), 'the build wrote dist/api/index.d.ts');
  const program = ts.createProgram([DECLARATIONS], { strict: true, types: [], noEmit: true });
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(DECLARATIONS);
  assert.ok(entry);
  const module = checker.getSymbolAtLocation(entry);
  assert.ok(module);
  const exported = checker.getExportsOfModule(module);
  const undocumented = exported.filter((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return ts.displayPartsToString(target.getDocumentationComment(checker)).trim() === '';
  }).map((symbol) => symbol.name);
  assert.deepEqual(undocumented, []);
  for (const name of ['openLog', 'compareLogs', 'previewDataset', 'exportDataset', 'validateSpec', 'version', 'LogLoadError', 'SpecError', 'PreviewError', 'TaskResultLog', 'TaskResultLogConfiguration']) {
    assert.ok(exported.some((symbol) => symbol.name === name), `${name} is exported`);
  }
});

test('the declarations import nothing outside the package', () => {
  const files = [path.join(repoRoot, 'dist', 'api'), path.join(repoRoot, 'dist', 'core')].flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts')).map((f) => path.join(dir, f)));
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)) {
      assert.ok(match[1].startsWith('.'), `${path.relative(repoRoot, file)} imports ${match[1]}`);
      const target = path.resolve(path.dirname(file), `${match[1]}.d.ts`);
      assert.ok(fs.existsSync(target), `${path.relative(repoRoot, file)} imports ${match[1]}, which is shipped`);
    }
  }
});
