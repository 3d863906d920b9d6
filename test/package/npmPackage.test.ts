/**
 * The npm package as a user gets it: `npm pack` of the built tree, installed offline into a scratch folder, then
 * the JavaScript and TypeScript examples of docs/api.md run against examples/ (the TypeScript one compiled with
 * `strict` by the repository's compiler), and the `eval-lens` command of the installed package.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';

const root = path.join(__dirname, '../../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let scratch = '';
let tarball = '';
let packed: string[] = [];

/** The first fenced block of `language` in docs/api.md. */
function docsExample(language: 'js' | 'ts'): string {
  const text = fs.readFileSync(path.join(root, 'docs', 'api.md'), 'utf8');
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text);
  assert.ok(match, `docs/api.md has a ${language} example`);
  return match[1];
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
}

before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-package-'));
  // The tree is built already (scripts/test.js builds it first): no build script runs while packing.
  const [info] = JSON.parse(run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], root)) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(scratch, info.filename);
  packed = info.files.map((file) => file.path);
  const project = path.join(scratch, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  run(npm, ['install', '--no-save', '--offline', '--ignore-scripts', '--no-package-lock', tarball], project);
});

after(() => fs.rmSync(scratch, { recursive: true, force: true }));

test('the tarball holds the built API, command line and schemas, and no sources, tests, maps or packages', () => {
  for (const required of ['package.json', 'README.md', 'LICENSE', 'dist/api/index.js', 'dist/api/index.d.ts', 'dist/api/generated/taskResultLog.d.ts', 'dist/cli.js', 'dist/cli/main.mjs', 'dist/extension.js', 'dist/worker/logScan.js', 'schemas/task-result-log.schema.json', 'docs/api.md']) {
    assert.ok(packed.includes(required), `${required} is packed`);
  }
  const unexpected = packed.filter((file) => /^(src|test|bench|examples|scripts|webview|node_modules|out)\/|\.map$|\.vsix$|\.ts$(?<!\.d\.ts)|^tsconfig|^esbuild/.test(file));
  assert.deepEqual(unexpected, []);
});

test('installed offline, it needs no other package', () => {
  const installed = fs.readdirSync(path.join(scratch, 'project', 'node_modules')).filter((name) => !name.startsWith('.'));
  assert.deepEqual(installed, ['eval-lens']);
});

test('the JavaScript example of docs/api.md runs against examples/', () => {
  const script = path.join(scratch, 'project', 'report.js');
  fs.writeFileSync(script, docsExample('js'));
  // Run from the repository so the example's relative paths name examples/; the package resolves from the script's folder.
  const out = run(process.execPath, [script], root);
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  assert.match(out, new RegExp(`^eval-lens ${version.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(out, /Capital QA .*: success, 12 samples/);
  assert.match(out, /^ {2}mismatches: 0$/m);
  assert.match(out, /^regression: (true|false)$/m);
  assert.match(out, /^kept (\d+) of 40 rows$[\s\S]*^streamed \1 kept rows of 40$/m);
  assert.match(out, /local-csv\.dataset\.yaml: valid dataset/);
  assert.match(out, /^refused: .*no-such\.tasklog\.json/m);
});

test('the TypeScript example compiles with strict against the declarations and runs', () => {
  const project = path.join(scratch, 'project');
  fs.writeFileSync(path.join(project, 'gate.ts'), docsExample('ts'));
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  run(process.execPath, [
    tsc, '--strict', '--noEmitOnError', '--target', 'es2022', '--module', 'node16', '--moduleResolution', 'node16',
    '--types', 'node', '--typeRoots', path.join(root, 'node_modules', '@types'), '--outDir', path.join(project, 'built'), path.join(project, 'gate.ts'),
  ], project);
  let out = '';
  try {
    out = run(process.execPath, [path.join(project, 'built', 'gate.js')], root);
  } catch (error) {
    // Exit 1 is the gate's finding (a regression or a mismatch), not a failure of the example.
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    assert.equal(failed.status, 1, failed.stderr);
    out = failed.stdout ?? '';
  }
  assert.match(out, /compare-candidate\.tasklog\.json: success, \d+ metric value\(s\) that do not recompute/);
  assert.match(out, /^status field of a minimal log: success$/m);
  assert.match(out, /^first kept ids: \d+, \d+ \(the (whole source|source) read( in part)?\)$/m);
});

test('the installed eval-lens command prints the same version as the API', () => {
  const project = path.join(scratch, 'project');
  const bin = path.join(project, 'node_modules', 'eval-lens', 'dist', 'cli.js');
  const version = run(process.execPath, ['-p', "require('eval-lens').version"], project).trim();
  assert.equal(run(process.execPath, [bin, '--version'], project).trim(), `eval-lens ${version}`);
  assert.ok(fs.existsSync(path.join(project, 'node_modules', '.bin', 'eval-lens')), 'the bin link is installed');
});
