// The main job: build, package, and open examples/ in a real VS Code (code-server on localhost) with
// Eval Lens installed. Prints the URL to open; Ctrl+C stops it.
//   npm start [-- --port 8080] [-- --folder path]
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.join(__dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const folder = path.resolve(root, option('--folder', 'examples'));
const home = path.join(root, '.vscode-test', 'start');
const entry = path.join(root, '.vscode-test/code-server/node_modules/code-server/out/node/entry.js');

function freePort(preferred) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); }); });
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });
}

async function main() {
  execFileSync(process.execPath, ['scripts/package.js'], { cwd: root, stdio: 'inherit' });
  execFileSync('bash', ['test/e2e/setupCodeServer.sh'], { cwd: root, stdio: 'inherit' });
  const userData = path.join(home, 'user-data');
  const extensions = path.join(home, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  const settingsFile = path.join(userData, 'User', 'settings.json');
  if (!fs.existsSync(settingsFile)) fs.writeFileSync(settingsFile, JSON.stringify({ 'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off' }, null, 2));
  execFileSync(process.execPath, [entry, '--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', path.join(root, 'dist/eval-lens.vsix'), '--force'], { stdio: 'inherit' });
  const port = await freePort(Number(option('--port', '8080')));
  const child = spawn(process.execPath, [entry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--user-data-dir', userData, '--extensions-dir', extensions, folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
  console.log(`\nEval Lens is running in VS Code at:\n\n    ${url}\n\nOpen it in a browser. Press Ctrl+C to stop.`);
  const stop = () => { child.kill('SIGTERM'); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error) => { console.error(`npm start: ${error.message}`); process.exit(1); });
