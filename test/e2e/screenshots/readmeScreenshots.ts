/**
 * Writes the README's screenshots (docs/screenshots/) from a real VS Code (code-server) in headless Chromium
 * at 1400×900, on a copy of examples/ named `examples`. Run by `npm run screenshots`, which packages the
 * extension first; `-- --only compare,trace` takes some jobs, `-- --out DIR` writes elsewhere.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../harness/repoRoot';
import { screenshot, startWorkbench, Workbench } from '../harness/workbench';
import { authoringShots, workbenchShot } from './authoringShots';
import { compareShots, traceShot } from './compareTraceShots';
import { inspectReportShot, logReportShots, schemaBannerShot } from './logReportShots';
import { previewShots } from './previewShots';
import { clearWorkbench, ShotContext } from './shotSupport';

/** In this order: the schema banner's log is added to the workspace last, so no other picture lists it. */
const JOBS: [string, (ctx: ShotContext) => Promise<void>][] = [
  ['workbench', workbenchShot],
  ['authoring', authoringShots],
  ['preview', previewShots],
  ['log', logReportShots],
  ['inspect', inspectReportShot],
  ['compare', compareShots],
  ['trace', traceShot],
  ['schema', schemaBannerShot],
];

interface Options {
  outDir: string;
  only: string[] | undefined;
}

function parseOptions(argv: string[]): Options {
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const only = value('--only')?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !JOBS.some(([job]) => job === name)) ?? [];
  if (unknown.length) throw new Error(`unknown job ${unknown.join(', ')}; the jobs are ${JOBS.map(([job]) => job).join(', ')}`);
  return { outDir: path.resolve(value('--out') ?? path.join(repoRoot(), 'docs/screenshots')), only };
}

/** A copy of examples/ in a folder named `examples`, so the explorer reads as it does after `npm start`. */
function copyExamples(): { workspace: string; remove: () => void } {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-screenshots-'));
  const workspace = path.join(parent, 'examples');
  fs.cpSync(path.join(repoRoot(), 'examples'), workspace, { recursive: true });
  return { workspace, remove: () => fs.rmSync(parent, { recursive: true, force: true }) };
}

async function runJobs(workbench: Workbench, ctx: ShotContext, options: Options): Promise<string[]> {
  const failed: string[] = [];
  for (const [name, job] of JOBS) {
    if (options.only && !options.only.includes(name)) continue;
    console.log(`${name}:`);
    try {
      await clearWorkbench(workbench.page);
      await job(ctx);
    } catch (error) {
      const file = await screenshot(workbench.page, `screenshots-failed-${name}`).catch(() => '');
      failed.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${file ? ` (the page: ${file})` : ''}`);
    }
  }
  return failed;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const { workspace, remove } = copyExamples();
  const workbench = await startWorkbench({
    workspace,
    settings: { 'workbench.colorTheme': 'Default Light Modern', 'files.autoSave': 'off', 'evalLens.preview.urlFetch': 'never', 'editor.hover.above': false },
  });
  const ctx: ShotContext = { page: workbench.page, outDir: options.outDir, workspace, written: [] };
  try {
    const failed = await runJobs(workbench, ctx, options);
    const spoiled = ctx.written.filter((shot) => shot.problems.length > 0).map((shot) => `${shot.name}: ${shot.problems.join('; ')}`);
    for (const line of [...failed, ...spoiled]) console.error(`✖ ${line}`);
    console.log(`${ctx.written.length} screenshots written to ${options.outDir}, ${failed.length} jobs failed, ${spoiled.length} to look at`);
    return failed.length + spoiled.length === 0 ? 0 : 1;
  } finally {
    await workbench.close();
    remove();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
