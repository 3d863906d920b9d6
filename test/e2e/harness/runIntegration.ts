/**
 * Runs the integration suite (out/test/integration) inside the real VS Code extension host of code-server,
 * with the packaged extension (dist/eval-lens.vsix, installed by code-server, loaded as the development
 * extension so the tests attach to it). Prints each test and exits non-zero on any failure or no result.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeServer, installPackagedExtension, makeRunDir } from './codeServer';
import { launchBrowser } from './workbench';
import { repoRoot } from './repoRoot';

interface Outcome { title: string; state: 'passed' | 'failed' | 'pending'; durationMs?: number; error?: string }

const SUITE_TIMEOUT_MS = 8 * 60_000;

async function main(): Promise<number> {
  const root = repoRoot();
  const testsPath = path.join(root, 'out/test/integration');
  if (!fs.existsSync(path.join(testsPath, 'index.js'))) throw new Error(`${testsPath}/index.js is missing: run node esbuild.js --tests`);
  const runDir = makeRunDir('integration');
  const installed = installPackagedExtension(runDir);
  const emptyExtensions = path.join(runDir, 'no-extensions');
  fs.mkdirSync(emptyExtensions, { recursive: true });
  const resultsFile = path.join(runDir, 'results.json');
  // The suite opens a copy of examples/: the folders some suites create and remove there never
  // appear in the repository while other layers read it.
  const workspace = path.join(runDir, 'examples');
  fs.cpSync(path.join(root, 'examples'), workspace, { recursive: true });
  const server = await CodeServer.start({ runDir, workspace, extensionsDir: emptyExtensions, env: { EVAL_LENS_TEST_RESULTS: resultsFile } });
  const browser = await launchBrowser();
  try {
    const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const page = await browser.newPage();
    await page.goto(server.url([['extensionDevelopmentPath', remote(installed.folder)], ['extensionTestsPath', remote(testsPath)]]));
    const deadline = Date.now() + SUITE_TIMEOUT_MS;
    while (!fs.existsSync(resultsFile)) {
      const log = server.log();
      const exited = /Extension Host Process exited with code: (\d+)/.exec(log);
      if (exited && !fs.existsSync(resultsFile)) throw new Error(`the extension host exited (code ${exited[1]}) without results.\n${log.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`no results within ${SUITE_TIMEOUT_MS / 1000}s.\n${log.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const { outcomes } = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { outcomes: Outcome[] };
    let passed = 0;
    let failed = 0;
    for (const o of outcomes) {
      const took = o.durationMs === undefined ? '' : ` (${o.durationMs}ms)`;
      if (o.state === 'passed') { passed++; console.log(`  ✔ ${o.title}${took}`); }
      else if (o.state === 'failed') { failed++; console.log(`  ✖ ${o.title}\n    ${(o.error ?? '').split('\n').slice(0, 8).join('\n    ')}`); }
      else console.log(`  - ${o.title} (pending)`);
    }
    console.log(`integration: ${passed} passed, ${failed} failed`);
    if (outcomes.length === 0) { console.log('integration: no test ran'); return 1; }
    return failed === 0 ? 0 : 1;
  } finally {
    await browser.close().catch(() => undefined);
    server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => { console.error(`integration: ${error instanceof Error ? error.message : String(error)}`); process.exit(1); },
);
