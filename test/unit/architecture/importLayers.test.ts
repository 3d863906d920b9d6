/** The layering rule of eslint/importLayers.mjs: cycles and imports from a lower layer up are found, and the tree has none. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { importCycles, importGraph, layerViolation, unitOf } from '../../../eslint/importLayers.mjs';
import { temporaryFolder } from '../temporaryFolder';
import { repoRoot } from '../sharedFixtures';

const folder = temporaryFolder('eval-lens-layers-');
const repositoryRoot = repoRoot;

test('a unit is the longest listed prefix, with its rank', () => {
  assert.deepEqual(unitOf('src/core/sources/hub/hubSource.ts'), { unit: 'src/core/sources', rank: 7 });
  assert.deepEqual(unitOf('src/core/fileKind.ts'), { unit: 'src/core/fileKind.ts', rank: 4 });
  assert.equal(unitOf('test/unit/x.test.ts'), undefined);
});

test('an import from a lower layer up, or across independent units of one layer, is a violation', () => {
  assert.match(layerViolation('src/core/json/jsonLocator.ts', 'src/core/yaml/specDocument.ts') ?? '', /higher layer/);
  assert.match(layerViolation('src/core/log/logIndex.ts', 'src/core/report/openLogSource.ts') ?? '', /higher layer/);
  assert.match(layerViolation('src/cli/main.ts', 'src/extension/config.ts') ?? '', /independent units/);
  assert.match(layerViolation('src/cli/compareText.ts', 'webview/compare/main.ts') ?? '', /higher layer/);
  assert.equal(layerViolation('src/core/yaml/specDocument.ts', 'src/core/json/jsonPath.ts'), undefined);
  assert.equal(layerViolation('src/core/sources/hub/hubSource.ts', 'src/core/sources/previewError.ts'), undefined);
});

test('a cycle through type imports and re-exports is found; a chain is not a cycle', () => {
  folder.put('src/a.ts', "import type { B } from './b';\nexport type A = B;\n");
  folder.put('src/b.ts', "export { c } from './deep/c';\nexport type B = string;\n");
  folder.put('src/deep/c.ts', "import { A } from '../a';\nexport const c: A | undefined = undefined;\n");
  folder.put('src/d.ts', "import { c } from './deep/c';\nexport const d = c;\n");
  const graph = importGraph(folder.path, ['src']);
  const { cycles, cycleOf } = importCycles(graph);
  assert.equal(cycles.length, 1);
  assert.deepEqual(cycles[0].map((f) => path.relative(folder.path, f)).sort(), ['src/a.ts', 'src/b.ts', 'src/deep/c.ts']);
  assert.equal(cycleOf.get(path.join(folder.path, 'src/d.ts')), undefined);
});

test('the repository has no import cycle and no import from a lower layer up', () => {
  const graph = importGraph(repositoryRoot, ['src', 'webview']);
  assert.ok(graph.size > 300, `read ${graph.size} files`);
  const { cycles } = importCycles(graph);
  assert.deepEqual(cycles.map((c) => c.map((f) => path.relative(repositoryRoot, f))), []);
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const why = layerViolation(path.relative(repositoryRoot, file).split(path.sep).join('/'), path.relative(repositoryRoot, target).split(path.sep).join('/'));
      if (why) violations.push(`${path.relative(repositoryRoot, file)}: ${why}`);
    }
  }
  assert.deepEqual(violations, []);
});

test('every file of src/ and webview/ belongs to a listed unit, so the rule sees it', () => {
  const graph = importGraph(repoRoot, ['src', 'webview']);
  const outside = [...graph.keys()].map((f) => path.relative(repoRoot, f).split(path.sep).join('/')).filter((f) => !unitOf(f));
  assert.deepEqual(outside, []);
});
