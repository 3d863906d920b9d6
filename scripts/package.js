// Builds (production) and packages the extension into dist/eval-lens.vsix.
//   node scripts/package.js [--no-build]
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
if (!process.argv.includes('--no-build')) execFileSync(process.execPath, ['esbuild.js', '--production'], { cwd: root, stdio: 'inherit' });
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '-o', 'dist/eval-lens.vsix'], { cwd: root, stdio: 'inherit' });
