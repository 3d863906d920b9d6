// Regenerates the README screenshots in docs/screenshots/ from a real VS Code in a headless browser.
//   npm run screenshots                          package, then every screenshot
//   npm run screenshots -- --only compare,trace  some jobs (workbench, authoring, preview, log, inspect, compare, trace, schema)
//   npm run screenshots -- --out DIR --no-build  elsewhere, with the current dist/eval-lens.vsix
const { execFileSync } = require('node:child_process');
const esbuild = require('esbuild');
const path = require('node:path');

const root = path.join(__dirname, '..');
const argv = process.argv.slice(2);
const driver = path.join(root, 'out/screenshots/readmeScreenshots.js');

if (!argv.includes('--no-build')) execFileSync(process.execPath, ['scripts/package.js'], { cwd: root, stdio: 'inherit' });
execFileSync('bash', ['test/e2e/setupCodeServer.sh'], { cwd: root, stdio: 'inherit' });
esbuild.buildSync({
  entryPoints: [path.join(root, 'test/e2e/screenshots/readmeScreenshots.ts')],
  outfile: driver,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'es2022',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
});
try {
  execFileSync(process.execPath, [driver, ...argv.filter((arg) => arg !== '--no-build')], { cwd: root, stdio: 'inherit' });
} catch (error) {
  process.exit(typeof error.status === 'number' ? error.status : 1);
}
