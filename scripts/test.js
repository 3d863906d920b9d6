// Runs every test layer in order and prints one closing line "N passed, N failed".
//   node scripts/test.js                 all layers
//   node scripts/test.js --only unit     one layer: unit | package | integration | e2e
//   node scripts/test.js --no-build      reuse the current build
const { Buffer } = require('node:buffer');
const { spawn } = require('node:child_process');
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

/**
 * Runs one step to its end; its output is printed in one block when it ends, so steps that run at the same
 * time never interleave their lines.
 */
function run(label, command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...options.env } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (status) => {
      const output = Buffer.concat(chunks).toString('utf8');
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = status === 0;
      process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n${output}`);
      console.log(`=== ${label}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds}s`);
      resolve({ ok, output });
    };
    child.on('error', (error) => { chunks.push(Buffer.from(`${error.message}\n`)); finish(-1); });
    child.on('close', (code, signal) => finish(code ?? signal));
  });
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

/**
 * The unit test files, one runner file per folder of test/unit requiring that folder's files: `node --test` starts a
 * process per file it is given, and starting 225 processes that each load their own bundle took about a seventh of
 * the layer's time. Tests of one folder share a process; each file still runs on its own from out/test/unit.
 */
function unitGroups() {
  const groupsDir = path.join(root, 'out/test/unit-groups');
  fs.rmSync(groupsDir, { recursive: true, force: true });
  fs.mkdirSync(groupsDir, { recursive: true });
  const byFolder = new Map();
  for (const file of files('out/test/unit', '.test.js')) {
    const folder = path.relative('out/test/unit', path.dirname(file)).split(path.sep).join('-') || 'root';
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  return [...byFolder].map(([folder, list]) => {
    const group = path.join('out/test/unit-groups', `${folder}.group.js`);
    const lines = list.map((file) => `require(${JSON.stringify(path.relative(path.dirname(group), file).split(path.sep).join('/'))});`);
    fs.writeFileSync(path.join(root, group), `${lines.join('\n')}\n`);
    return group;
  });
}

/** `concurrency`: how many test files run at once (the browser files one at a time: each drives its own VS Code). */
async function nodeTests(layer, list, concurrency = 1) {
  if (list.length === 0) {
    console.log(`${layer}: no test files found`);
    totals.failed++;
    layerCounts.push(`${layer}: no test files`);
    return;
  }
  const r = await run(layer, process.execPath, ['--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...list]);
  count(layer, r.output, r.ok);
}

const want = (layer) => !only || only === layer;
const tool = (name, ...parts) => [path.join('node_modules', name, 'bin', ...parts)];

/** Lint, the type checks and the unit tests: plain Node, no VS Code. */
async function nodeLane() {
  if (!only) {
    // The linter and the type checks each use one core: the linter beside the two type checks.
    const check = async (name, args) => {
      const r = await run(name, process.execPath, args);
      if (!r.ok) { totals.failed++; layerCounts.push(`${name}: failed`); }
    };
    await Promise.all([
      check('lint', [...tool('eslint', 'eslint.js'), '.']),
      (async () => {
        await check('typecheck', [...tool('typescript', 'tsc'), '-p', '.', '--noEmit']);
        await check('typecheck webview', [...tool('typescript', 'tsc'), '-p', 'webview', '--noEmit']);
      })(),
    ]);
  }
  // Two folders at a time: on two cores the layer takes about two thirds of the time of one at a time.
  if (want('unit')) await nodeTests('unit', unitGroups(), 2);
}

/** The package, then the real VS Code: set-up and the integration suite in its extension host. Resolves whether VS Code is ready. */
async function vscodeLane() {
  if (!(want('package') || want('integration') || want('e2e'))) return false;
  const packaged = await run('package', process.execPath, ['scripts/package.js', '--no-build']);
  if (!packaged.ok) { totals.failed++; layerCounts.push('package: failed'); return false; }
  if (want('package')) await nodeTests('package', files('out/test/package', '.test.js'));
  if (!(want('integration') || want('e2e'))) return false;
  const setup = await run('set up VS Code (code-server, chromium)', 'bash', ['test/e2e/setupCodeServer.sh']);
  if (!setup.ok) { totals.failed++; layerCounts.push('setup: failed'); return false; }
  if (want('integration')) {
    const r = await run('integration (real VS Code extension host)', process.execPath, ['out/test/e2e/harness/runIntegration.js']);
    count('integration', r.output, r.ok);
  }
  return true;
}

async function main() {
  if (!noBuild && !(await run('build', process.execPath, ['esbuild.js', '--production', '--tests'])).ok) process.exit(1);
  // One layer after another: on two cores, layers run side by side (or browser files two at a time) took longer
  // in all than one after another, each slowing the other.
  await nodeLane();
  const vscodeReady = await vscodeLane();
  if (vscodeReady && want('e2e')) await nodeTests('e2e', files('out/test/e2e', '.e2e.js'));
  if (failures.length > 0) console.log(`\nfailing tests:\n${failures.join('\n')}`);
  console.log('\n' + layerCounts.join('\n'));
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
