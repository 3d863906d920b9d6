// One build script for every bundle: extension host, workers, CLI, webviews, tests and benchmarks.
// Usage: node esbuild.js [--production] [--watch] [--tests] [--bench]
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const { generateValidators } = require('./scripts/generateValidators');
const { generateLogTypes } = require('./scripts/generateLogTypes');
const { emitApiDeclarations } = require('./scripts/emitApiDeclarations');

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const root = __dirname;

function walk(dir, test) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  const found = [];
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(rel, test));
    else if (test(rel)) found.push(rel);
  }
  return found;
}

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  target: 'es2022',
  // Translations are only ever given as contents (src/core/l10n), never read from a file or a URL: the package's
  // reader-free build spares every process and worker loading `fs/promises` at start-up.
  alias: { '@vscode/l10n': './node_modules/@vscode/l10n/dist/browser.js' },
};

/**
 * Loaded by the log worker only when needed: the schema validators after its first summary
 * (dist/worker/streamedLogValidation.js), the Inspect archive reader for an archive (dist/worker/inspectLogWorker.js).
 */
const WORKER_LAZY_MODULES = ['src/core/report/streamedLogValidation.ts', 'src/core/report/inspectLogWorker.ts'];

/** Gives each ES module of the command line the CommonJS names its bundled code uses, as if it were dist/cli.js. */
const CLI_MODULE_PRELUDE = [
  "import { createRequire as __cliCreateRequire } from 'node:module';",
  "import { fileURLToPath as __cliFileURLToPath } from 'node:url';",
  "import { dirname as __cliDirname } from 'node:path';",
  "const __filename = __cliFileURLToPath(new URL('../cli.js', import.meta.url));",
  'const __dirname = __cliDirname(__filename);',
  'const require = __cliCreateRequire(__filename);',
].join(' ');

function targets() {
  const list = [
    {
      ...common,
      entryPoints: ['src/extension/extension.ts'],
      outfile: 'dist/extension.js',
      platform: 'node',
      format: 'cjs',
      external: ['vscode'],
    },
    {
      // The executable: a launcher of the command line below.
      ...common,
      entryPoints: ['src/cli/launch.ts'],
      outfile: 'dist/cli.js',
      platform: 'node',
      format: 'cjs',
      banner: { js: '#!/usr/bin/env node' },
    },
    {
      // The command line as ES modules split per command (each command's code is read only when it runs). Every
      // file of dist/cli/ works as part of dist/cli.js: the files beside it (worker/, webview/, ../l10n) are found
      // from there, and the bundled CommonJS packages get a `require`.
      ...common,
      entryPoints: { main: 'src/cli/main.ts' },
      outdir: 'dist/cli',
      platform: 'node',
      format: 'esm',
      splitting: true,
      outExtension: { '.js': '.mjs' },
      banner: { js: CLI_MODULE_PRELUDE },
    },
    {
      // The Node API (package.json `exports`): every dependency bundled, so it needs no node_modules.
      ...common,
      entryPoints: ['src/api/index.ts'],
      outfile: 'dist/api/index.js',
      platform: 'node',
      format: 'cjs',
    },
  ];
  const workers = walk('src', (f) => f.endsWith('.worker.ts'));
  if (workers.length) {
    // src/core/log/logParse.worker.ts → dist/worker/logParse.js
    const named = Object.fromEntries(workers.map((w) => [path.basename(w, '.worker.ts'), w]));
    // Modules a worker loads only when it needs them (bundled apart, so they cost its start-up nothing).
    for (const lazy of WORKER_LAZY_MODULES) named[path.basename(lazy, '.ts')] = lazy;
    list.push({ ...common, entryPoints: named, outdir: 'dist/worker', platform: 'node', format: 'cjs' });
  }
  const webviews = walk('webview', (f) => /^webview[\\/][^\\/]+[\\/]main\.ts$/.test(f));
  for (const entry of webviews) {
    const name = path.basename(path.dirname(entry));
    list.push({
      ...common,
      entryPoints: [entry],
      outfile: `dist/webview/${name}.js`,
      platform: 'browser',
      format: 'iife',
      loader: { '.ttf': 'file', '.woff2': 'file', '.svg': 'file' },
    });
  }
  if (args.has('--tests')) {
    const unit = walk('test/unit', (f) => f.endsWith('.test.ts'));
    if (unit.length) {
      list.push({ ...common, sourcemap: 'inline', minify: false, entryPoints: unit, outdir: 'out/test/unit', outbase: 'test/unit', platform: 'node', format: 'cjs', packages: 'external' });
    }
    const integration = walk('test/integration', (f) => f.endsWith('.ts'));
    if (integration.length) {
      list.push({ ...common, sourcemap: 'inline', minify: false, entryPoints: integration, outdir: 'out/test/integration', outbase: 'test/integration', platform: 'node', format: 'cjs', external: ['vscode', 'mocha'] });
    }
    const e2e = walk('test/e2e', (f) => f.endsWith('.e2e.ts') || f.endsWith('runIntegration.ts'));
    if (e2e.length) {
      list.push({ ...common, sourcemap: 'inline', minify: false, entryPoints: e2e, outdir: 'out/test/e2e', outbase: 'test/e2e', platform: 'node', format: 'cjs', packages: 'external' });
    }
    const packaging = walk('test/package', (f) => f.endsWith('.test.ts'));
    if (packaging.length) {
      list.push({ ...common, sourcemap: 'inline', minify: false, entryPoints: packaging, outdir: 'out/test/package', outbase: 'test/package', platform: 'node', format: 'cjs', packages: 'external' });
    }
  }
  if (args.has('--bench')) {
    const bench = walk('bench', (f) => f.endsWith('.ts') && !f.includes(`${path.sep}data${path.sep}`) && !f.includes(`${path.sep}node_modules${path.sep}`));
    if (bench.length) {
      list.push({ ...common, sourcemap: false, minify: false, entryPoints: bench, outdir: 'out/bench', outbase: 'bench', platform: 'node', format: 'cjs', packages: 'external' });
    }
  }
  return list;
}

/**
 * The codicons for the webviews, the font inside codicon.css as a data: URL: a webview never fetches it later, so
 * closing a view while its font is still loading leaves no request pending in the browser's webview service worker
 * (in a browser-hosted VS Code, a new webview waits for such a request to time out). codicon.ttf stays beside it.
 */
function copyStatic() {
  const out = path.join(root, 'dist/webview');
  fs.mkdirSync(out, { recursive: true });
  const codicons = path.join(root, 'node_modules/@vscode/codicons/dist');
  const font = fs.readFileSync(path.join(codicons, 'codicon.ttf'));
  const css = fs.readFileSync(path.join(codicons, 'codicon.css'), 'utf8');
  const inlined = css.replace(/url\((['"]?)[^)'"]*codicon\.ttf[^)'"]*\1\)/g, `url("data:font/ttf;base64,${font.toString('base64')}")`);
  if (inlined === css) throw new Error('codicon.css no longer names codicon.ttf: update copyStatic in esbuild.js');
  fs.writeFileSync(path.join(out, 'codicon.css'), inlined);
  fs.writeFileSync(path.join(out, 'codicon.ttf'), font);
}

async function main() {
  generateValidators(root);
  generateLogTypes(root);
  // A fresh dist/ each time, so no stale bundle or source map from another build mode is packaged.
  if (!watch) fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const configs = targets();
  if (watch) {
    for (const config of configs) (await esbuild.context(config)).watch();
    copyStatic();
    console.log('[esbuild] watching');
    return;
  }
  await Promise.all(configs.map((config) => esbuild.build(config)));
  copyStatic();
  emitApiDeclarations(root);
  console.log(`[esbuild] built ${configs.length} bundle set(s)${production ? ' (production)' : ''}`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
