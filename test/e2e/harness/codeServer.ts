/**
 * Starts a real VS Code (code-server, installed by test/e2e/setupCodeServer.sh) on a free loopback port,
 * with the packaged extension installed, and stops it by process id.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';

export interface CodeServerOptions {
  /** Folder to open, absolute or relative to the repository root. Default: examples/. */
  workspace?: string;
  /** Environment variables for the server and its extension host. */
  env?: Record<string, string>;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
}

export interface InstalledExtension {
  extensionsDir: string;
  /** Folder of the installed (unpacked) extension. */
  folder: string;
}

const STARTUP_TIMEOUT_MS = 90_000;

export function codeServerEntry(): string {
  const entry = path.join(repoRoot(), '.vscode-test/code-server/node_modules/code-server/out/node/entry.js');
  if (!fs.existsSync(entry)) {
    throw new Error(`code-server is not installed (${entry} is missing). Run: bash test/e2e/setupCodeServer.sh`);
  }
  return entry;
}

export function vsixPath(): string {
  const vsix = path.join(repoRoot(), 'dist/eval-lens.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing. Run: npm run package`);
  return vsix;
}

export function makeRunDir(label: string): string {
  const base = path.join(repoRoot(), '.vscode-test/runs');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `${label}-`));
}

/** Installs dist/eval-lens.vsix into a fresh extensions folder with code-server's own installer. */
export function installPackagedExtension(runDir: string): InstalledExtension {
  const extensionsDir = path.join(runDir, 'extensions');
  const userDataDir = path.join(runDir, 'install-user-data');
  execFileSync(process.execPath, [codeServerEntry(), '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsixPath()], {
    stdio: 'pipe',
    timeout: 120_000,
  });
  const folder = fs.readdirSync(extensionsDir).find((name) => name.startsWith('eval-lens.eval-lens-'));
  if (!folder) throw new Error(`installing ${vsixPath()} left no eval-lens folder in ${extensionsDir}`);
  return { extensionsDir, folder: path.join(extensionsDir, folder) };
}

/** A finished install: the installed extension's folder, whose presence the marker file vouches for. */
function finishedInstall(dir: string): InstalledExtension | undefined {
  if (!fs.existsSync(path.join(dir, 'installed'))) return undefined;
  const extensionsDir = path.join(dir, 'extensions');
  const folder = fs.readdirSync(extensionsDir).find((name) => name.startsWith('eval-lens.eval-lens-'));
  return folder ? { extensionsDir, folder: path.join(extensionsDir, folder) } : undefined;
}

/**
 * dist/eval-lens.vsix installed once per package (by its size and time) and shared by the workbenches that start one
 * after another: installing takes a few seconds and every browser test file starts a workbench. A second process
 * that finds the install under way waits for it; an install left unfinished is done again.
 */
export async function sharedPackagedExtension(): Promise<InstalledExtension> {
  const vsix = fs.statSync(vsixPath());
  const base = path.join(repoRoot(), '.vscode-test/installed');
  const dir = path.join(base, `${vsix.size}-${Math.round(vsix.mtimeMs)}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const done = finishedInstall(dir);
    if (done) return done;
    fs.mkdirSync(base, { recursive: true });
    try {
      fs.mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) throw new Error(`waited 120 s for another process to install ${vsixPath()} (remove ${lock} if none runs)`);
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      for (const old of fs.readdirSync(base)) if (old !== path.basename(lock)) fs.rmSync(path.join(base, old), { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      installPackagedExtension(dir);
      fs.writeFileSync(path.join(dir, 'installed'), '');
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    return response.status > 0;
  } catch {
    return false;
  }
}

export class CodeServer {
  private constructor(
    readonly process: ChildProcess,
    readonly port: number,
    readonly workspace: string,
    readonly logFile: string,
    readonly runDir: string,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Workbench URL opening the workspace, with optional development `payload` entries. */
  url(payload?: [string, string][]): string {
    let url = `${this.baseUrl}/?folder=${encodeURIComponent(this.workspace)}`;
    if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    return url;
  }

  log(): string {
    return fs.existsSync(this.logFile) ? fs.readFileSync(this.logFile, 'utf8') : '';
  }

  /**
   * Starts code-server. `extensionsDir` holds the extensions it loads (the packaged one, unless the
   * caller loads it as a development extension instead).
   */
  static async start(options: CodeServerOptions & { runDir: string; extensionsDir: string }): Promise<CodeServer> {
    const root = repoRoot();
    const workspace = path.resolve(root, options.workspace ?? 'examples');
    const userDataDir = path.join(options.runDir, 'user-data');
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    const settings = {
      'security.workspace.trust.enabled': false,
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'git.openRepositoryInParentFolders': 'never',
      'git.enabled': false,
      'workbench.enableExperiments': false,
      ...options.settings,
    };
    fs.writeFileSync(path.join(userDataDir, 'User/settings.json'), JSON.stringify(settings, null, 2));
    const port = await freePort();
    const logFile = path.join(options.runDir, 'code-server.log');
    const out = fs.openSync(logFile, 'a');
    const child = spawn(
      process.execPath,
      [codeServerEntry(), '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check',
        '--disable-workspace-trust', '--user-data-dir', userDataDir, '--extensions-dir', options.extensionsDir, workspace],
      { detached: true, stdio: ['ignore', out, out], env: { ...process.env, ...options.env } },
    );
    fs.closeSync(out);
    const server = new CodeServer(child, port, workspace, logFile, options.runDir);
    let exited: number | null = null;
    child.on('exit', (code) => { exited = code ?? -1; });
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (!(await answers(server.baseUrl))) {
      if (exited !== null) throw new Error(`code-server exited with code ${exited} before answering.\n${server.log().slice(-3000)}`);
      if (Date.now() > deadline) {
        server.stop();
        throw new Error(`code-server did not answer on port ${port} within ${STARTUP_TIMEOUT_MS / 1000}s.\n${server.log().slice(-3000)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return server;
  }

  /** Stops the server and everything it started (its process group). */
  stop(): void {
    const pid = this.process.pid;
    if (pid === undefined || this.process.exitCode !== null) return;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
    }
  }
}
