// Runs every test layer in order and prints one closing line "N passed, N failed".
//   node scripts/test.js                 all layers
//   node scripts/test.js --only unit     one layer: unit | package | integration | e2e
//   node scripts/test.js --no-build      reuse the current build
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const noBuild = argv.includes('--no-build');
const totals = { passed: 0, failed: 0 };
const layerCounts = [];
/** The failing tests of every layer, repeated at the end so the last lines of a long run name them. */
const failures = [];

function files(dir, suffix) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  const found = [];
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...files(rel, suffix));
    else if (entry.name.endsWith(suffix)) found.push(rel);
  }
  return found.sort();
}

function run(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...options.env } });
  if (options.capture) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s`);
  return { ok, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Counts from node's spec reporter ("ℹ pass N" / "ℹ fail N") or our runner's "N passed, N failed". */
function count(layer, output, ok) {
  const pass = /ℹ pass (\d+)/.exec(output) ?? /(\d+) passed, \d+ failed/.exec(output);
  const fail = /ℹ fail (\d+)/.exec(output) ?? /\d+ passed, (\d+) failed/.exec(output);
  const passed = pass ? Number(pass[1]) : 0;
  let failed = fail ? Number(fail[1]) : 0;
  if (!ok && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  layerCounts.push(`${layer}: ${passed} passed, ${failed} failed`);
  if (failed > 0) failures.push(...failingTests(layer, output));
}

/** "✖ title" lines (node's spec reporter and our integration runner) with the line after each, deduplicated. */
function failingTests(layer, output) {
  const lines = output.split('\n');
  const found = new Map();
  lines.forEach((line, i) => {
    const m = /^\s*✖ (.+?)(?: \(\d[\d.]*ms\))?$/.exec(line);
    if (!m || m[1].startsWith('failing tests') || found.has(m[1])) return;
    const next = (lines[i + 1] ?? '').trim().slice(0, 200);
    found.set(m[1], `${layer}: ✖ ${m[1]}${next ? `\n    ${next}` : ''}`);
  });
  return [...found.values()];
}

function nodeTests(layer, list) {
  if (list.length === 0) {
    console.log(`${layer}: no test files found`);
    totals.failed++;
    layerCounts.push(`${layer}: no test files`);
    return;
  }
  const r = run(layer, process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=1', ...list], { capture: true });
  count(layer, r.output, r.ok);
}

const want = (layer) => !only || only === layer;
let blocked = false;

if (!noBuild) {
  if (!run('build', process.execPath, ['esbuild.js', '--production', '--tests']).ok) process.exit(1);
}
if (!only) {
  const lint = run('lint', process.execPath, [path.join('node_modules', 'eslint', 'bin', 'eslint.js'), '.']);
  const types = run('typecheck', process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--noEmit']);
  const webTypes = run('typecheck webview', process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'webview', '--noEmit']);
  for (const [name, r] of [['lint', lint], ['typecheck', types], ['typecheck webview', webTypes]]) {
    if (!r.ok) { totals.failed++; layerCounts.push(`${name}: failed`); }
  }
}
if (want('unit')) nodeTests('unit', files('out/test/unit', '.test.js'));
if (want('package') || want('integration') || want('e2e')) {
  const packaged = run('package', process.execPath, ['scripts/package.js', '--no-build']);
  if (!packaged.ok) { totals.failed++; layerCounts.push('package: failed'); blocked = true; }
  else if (want('package')) nodeTests('package', files('out/test/package', '.test.js'));
}
if (!blocked && (want('integration') || want('e2e'))) {
  const setup = run('set up VS Code (code-server, chromium)', 'bash', ['test/e2e/setupCodeServer.sh']);
  if (!setup.ok) { totals.failed++; layerCounts.push('setup: failed'); blocked = true; }
}
if (!blocked && want('integration')) {
  const r = run('integration (real VS Code extension host)', process.execPath, ['out/test/e2e/harness/runIntegration.js'], { capture: true });
  count('integration', r.output, r.ok);
}
if (!blocked && want('e2e')) nodeTests('e2e', files('out/test/e2e', '.e2e.js'));

if (failures.length > 0) console.log(`\nfailing tests:\n${failures.join('\n')}`);
console.log('\n' + layerCounts.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
