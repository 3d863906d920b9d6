/**
 * The repositories people really have: a copy of the evaluation service's integration guides
 * (test fixtures aigo-integrations, written for the service's own CLI) opened in a real VS Code, and used as a
 * person does: its real problems in the Problems panel and none on files that are not ours, a vendor source with
 * `$NAME` values and their hovers, a generator's preview, a run config's lenses and `$ref` links, and a mistyped
 * dataset key fixed with its quick fix (docs/semantics.md §11).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { sharedFixture } from '../unit/sharedFixtures';
import { findWebviewFrame, modalDialog, openFile as openFileOnce, runCommand, screenshot, startWorkbench, Workbench } from './harness/workbench';
import { repoRoot } from './harness/repoRoot';
import { HF_TEST_TOKEN, hubRoute, hubTextFeatures, hubTextParquet } from '../unit/remote/hubReplay';
import { ReplayServer, startReplay } from '../unit/remote/replayServer';

let workbench: Workbench;
let workspace: string;
let hub: ReplayServer;

const GUIDES = 'guides';
const TEMPLATE_GUIDE = `${GUIDES}/dataset-generator-template-synthesizer`;
const COMBINATIONS_GENERATOR = `${GUIDES}/dataset-generator-combinations-llm/dataset_generators/city_language_qa_generator.yaml`;
/** A huggingface source of the guides: `allenai/tulu-3-harmbench-eval`, split `test`, SemanticCategory equals "illegal". */
const HARMBENCH_SPEC = `${GUIDES}/dataset-huggingface/datasets/harmbench_illegal.yaml`;
const HARMBENCH_COLUMNS = ['Behavior', 'FunctionalCategory', 'SemanticCategory'];
const CATEGORIES = ['illegal', 'copyright', 'chemical_biological', 'harassment_bullying', 'misinformation_disinformation', 'illegal', 'cybercrime_intrusion'];
/** The harmbench rows the replayed hub serves. */
const harmbenchRows = Array.from({ length: 45 }, (_, i) => ({
  Behavior: `Behavior ${i}: describe case number ${i} of the category`,
  FunctionalCategory: i % 3 === 0 ? 'contextual' : 'standard',
  SemanticCategory: CATEGORIES[i % CATEGORIES.length],
}));
/** Where `lf export eval --link-logs` writes a task's log (docs/semantics.md §11.6), for the guides' hp-trivia task. */
const EXPORTED_LOG = 'task_results/hp-trivia/task_result_log.json';
const EXAMPLE_LOG = path.join(repoRoot(), 'examples', 'logs', 'success-trials.tasklog.json');

before(async () => {
  // A copy: the journey types into a generator, and the fixtures stay as they are.
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-lens-guides-e2e-'));
  fs.cpSync(sharedFixture('aigo-integrations'), workspace, { recursive: true });
  // An evaluation exported beside the guides.
  fs.mkdirSync(path.join(workspace, path.dirname(EXPORTED_LOG)), { recursive: true });
  fs.copyFileSync(EXAMPLE_LOG, path.join(workspace, EXPORTED_LOG));
  // The dataset hub, replayed: it holds the harmbench dataset the huggingface guide filters.
  let url = '';
  hub = await startReplay(hubRoute({
    rows: harmbenchRows, parquet: hubTextParquet(harmbenchRows, HARMBENCH_COLUMNS, 20),
    dataset: 'allenai/tulu-3-harmbench-eval', splits: ['test'], features: hubTextFeatures(HARMBENCH_COLUMNS),
  }, () => url));
  url = hub.url;
  workbench = await startWorkbench({
    workspace,
    // Two of the LangSmith guide's three variables are set where VS Code runs; the endpoint is left unset.
    env: { LANGSMITH_PROJECT: 'guides-demo', LANGSMITH_API_KEY: 'lsv2-not-a-real-key', EVAL_LENS_HUB_URL: hub.url, HF_TOKEN: HF_TEST_TOKEN },
    settings: { 'files.autoSave': 'off' },
  });
}, { timeout: 180_000 });

after(async () => {
  await workbench?.close();
  await hub?.close();
  if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
});

const ACTIVE = '.editor-group-container.active .editor-instance';
const ACTIVE_EDITOR_LINES = `${ACTIVE} .view-lines`;

/**
 * Opens a file with Quick Open (Ctrl+P). The first search of a fresh workbench can outlast the harness's wait on a
 * busy machine: the person then presses Escape and types the name again.
 */
async function openFile(page: Page, relativePath: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openFileOnce(page, relativePath);
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The visible text of the active editor, with the non-breaking spaces the editor renders as plain spaces. */
async function editorText(page: Page): Promise<string> {
  return (await page.locator(ACTIVE_EDITOR_LINES).first().innerText()).replace(/\u00a0/g, ' ');
}

/** Squiggles (error, warning, information) in the active editor once its diagnostics had time to arrive. */
async function squiggleCount(page: Page): Promise<number> {
  return page.locator(`${ACTIVE} .squiggly-error, ${ACTIVE} .squiggly-warning, ${ACTIVE} .squiggly-info`).count();
}

/** Moves the cursor to line:column of the active editor as a keyboard user does (Ctrl+G). */
async function goToLine(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(`:${line}:${column}`);
  // Enter acts on the picker's row, which it builds from the typed value a moment later: wait until it names the line.
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: `Go to line ${line} and character ${column}.` })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** Shows the hover at the cursor (Ctrl+K Ctrl+I) until one containing `text` is visible; returns its text. */
async function hoverAtCursor(page: Page, text: string): Promise<string> {
  const hover = page.locator('.monaco-hover:visible', { hasText: text }).first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    if (await hover.waitFor({ state: 'visible', timeout: 2_000 }).then(() => true, () => false)) return hover.innerText();
    if (Date.now() > deadline) throw new Error(`no hover containing ${JSON.stringify(text)}`);
    await page.keyboard.press('Escape');
  }
}

/** The rows the Problems panel shows (file rows and problem rows), once it shows `count` of them. */
async function problemRows(page: Page, count: number): Promise<string[]> {
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.nth(count - 1).waitFor({ state: 'visible', timeout: 30_000 }).catch(() => undefined);
  return rows.evaluateAll((nodes) => nodes.map((n) => (n as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim()));
}

async function clickCodeLens(page: Page, title: string, nth = 0): Promise<void> {
  const lens = page.locator(`${ACTIVE} .codelens-decoration a`, { hasText: title }).nth(nth);
  await lens.waitFor({ state: 'visible', timeout: 30_000 });
  await lens.click();
}

async function frameText(frame: Frame): Promise<string> {
  return frame.evaluate<string>('document.body.innerText');
}

test('the guides folder: its real problems in the Problems panel with file and line, none on files that are not ours', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  // Files with genuine problems: what `eval-lens validate` reports on the same copy.
  await openFile(page, `${GUIDES}/dataset-file-csv/datasets/completed_bookings.yaml`);
  await openFile(page, `${GUIDES}/dataset-generator-empty-source/datasets/dataset.yaml`);
  await openFile(page, `${GUIDES}/evaluation-repeatability/run.yaml`);
  await openFile(page, COMBINATIONS_GENERATOR);
  await page.locator(`${ACTIVE} .squiggly-warning`).first().waitFor({ state: 'attached', timeout: 30_000 });
  // Files of the service's repository that are not ours: an app with `!include`, a task. No squiggle.
  for (const notOurs of [`${GUIDES}/dataset-file-csv/app.yaml`, `${GUIDES}/evaluation-repeatability/tasks/hp_trivia.yaml`]) {
    await openFile(page, notOurs);
    await page.waitForTimeout(1_000);
    assert.equal(await squiggleCount(page), 0, `${notOurs} has no Eval Lens diagnostic`);
  }
  await runCommand(page, 'View: Focus Problems');
  const rows = await problemRows(page, 8);
  await screenshot(page, 'guides-problems');
  const text = rows.join('\n');
  assert.doesNotMatch(text, /Unresolved tag|app\.yaml|tasks/, `no YAML tag noise, no file that is not ours:\n${text}`);
  // File rows, each followed by its problem with [Ln, Col].
  const expected: [RegExp, RegExp][] = [
    [/^completed_bookings\.yaml\s*guides\/dataset-file-csv\/datasets 1$/, /^`file_path`: \.\/test_cases\.csv does not exist Eval Lens missing-path \[Ln 8, Col 14\]$/],
    [/^dataset\.yaml\s*guides\/dataset-generator-empty-source\/datasets 1$/, /^`synthesizer_model_key` is not an option of generator `question-generator`\. Options: topic .*\[Ln 9, Col 5\]$/],
    [/^run\.yaml\s*guides\/evaluation-repeatability 1$/, /^\$ref names \.\/datasets\/hp_trivia\.yaml, and there is no such file next to this one.*\[Ln 2, Col 11\]$/],
    [/^city_language_qa_generator\.yaml\s*guides\/dataset-generator-combinations-llm\/dataset_generators 1$/, /^no dataset of this project has the key `languages_dataset`: did you mean `languages-dataset`\? .*\[Ln 11, Col 9\]$/],
  ];
  assert.equal(rows.length, expected.length * 2, `only the real problems:\n${text}`);
  expected.forEach(([fileRow, problemRow], i) => {
    assert.match(rows[2 * i], fileRow);
    assert.match(rows[2 * i + 1], problemRow);
  });
  await runCommand(page, 'View: Close All Editors');
});

test('a LangSmith dataset with $NAME values: no error; the hover names the variable and what it holds', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  await openFile(page, `${GUIDES}/dataset-observability-platforms/datasets/langsmith_traces.yaml`);
  await page.locator(`${ACTIVE} .squiggly-warning`).first().waitFor({ state: 'attached', timeout: 30_000 });
  assert.equal(await page.locator(`${ACTIVE} .squiggly-error`).count(), 0, 'the vendor identifier and $NAME values are no error');
  assert.equal(await page.locator(`${ACTIVE} .squiggly-warning`).count(), 1, 'only the unset variable is a warning');

  await goToLine(page, 6, 16);
  const project = await hoverAtCursor(page, 'LANGSMITH_PROJECT');
  assert.match(project, /Reads the environment variable LANGSMITH_PROJECT: "guides-demo"/);
  await screenshot(page, 'guides-env-hover');
  await page.keyboard.press('Escape');

  await goToLine(page, 7, 16);
  const key = await hoverAtCursor(page, 'LANGSMITH_API_KEY');
  assert.match(key, /LANGSMITH_API_KEY: set \(19 characters; a credential, its value is not shown\)/);
  assert.doesNotMatch(key, /lsv2-not-a-real-key/, 'a credential is never shown');
  await page.keyboard.press('Escape');

  await goToLine(page, 8, 16);
  const unset = await hoverAtCursor(page, 'LANGSMITH_ENDPOINT_URL');
  assert.match(unset, /LANGSMITH_ENDPOINT_URL, which is not set here/);
  await page.keyboard.press('Escape');

  await openFile(page, `${GUIDES}/dataset-huggingface/datasets/boolq_is_true.yaml`);
  await page.waitForTimeout(1_500);
  assert.equal(await squiggleCount(page), 0, 'a huggingface source is no diagnostic');
});

test('a generator definition: its Preview generator lens shows the samples its template makes', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  await openFile(page, `${TEMPLATE_GUIDE}/dataset_generators/generator_from_templates.yaml`);
  await clickCodeLens(page, 'Preview generator');
  const frame = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="generator-sample"]').count()) > 0, 60_000);
  const body = await frameText(frame);
  await screenshot(page, 'guides-generator-preview');
  assert.match(body, /I'm in Germany, in the city of Berlin\./, body.slice(0, 2000));
  assert.match(body, /I want to walk 100km in the north direction\./, body.slice(0, 2000));
  await runCommand(page, 'View: Close All Editors');
});

test('a run config: lenses preview a $ref entry and an embedded one; the $ref goes to its file', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  await openFile(page, `${TEMPLATE_GUIDE}/run.yaml`);
  await page.locator(`${ACTIVE} .codelens-decoration a`).first().waitFor({ state: 'visible', timeout: 30_000 });
  const lenses = await page.locator(`${ACTIVE} .codelens-decoration a`).allInnerTexts();
  assert.deepEqual(lenses, ['Preview', 'Preview generator', 'Preview generator'], 'one lens per entry: the $ref, the embedded dataset, the embedded generator');
  // The editor asks for links a moment after the lenses: wait for the $ref's.
  const refLink = page.locator(`${ACTIVE} .detected-link`, { hasText: './datasets/seed-dataset.yaml' });
  await refLink.first().waitFor({ state: 'attached', timeout: 15_000 }).catch(() => undefined);
  assert.equal(await refLink.count(), 1, 'the $ref path is a link');

  // The $ref to the seed dataset (written in the older top-level file_path form): its rows.
  await clickCodeLens(page, 'Preview', 0);
  const rows = await findWebviewFrame(page, async (f) => (await f.locator('.funnel-text').count()) > 0, 60_000);
  // The funnel can show before the table has drawn its rows: read the frame once the first row is there.
  await rows.locator('.grid-rows [role="row"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const seed = await frameText(rows);
  assert.match(seed, /Berlin/, seed.slice(0, 2000));
  await screenshot(page, 'guides-run-config-ref-preview');

  // The embedded generator of the same run config: the samples its template makes from its own guide's seed dataset.
  await page.keyboard.press('Control+1');
  await clickCodeLens(page, 'Preview generator', 1);
  const generated = await findWebviewFrame(page, async (f) => (await f.locator('[data-testid="generator-sample"]').count()) > 0, 60_000);
  const samples = await frameText(generated);
  assert.match(samples, /dataset-generator-template-synthesizer\/datasets\/seed-dataset\.yaml/);
  assert.match(samples, /I'm in Germany, in the city of Berlin\./);
  await screenshot(page, 'guides-run-config-embedded-preview');

  // Go to Definition on the $ref path opens the file it names.
  await page.keyboard.press('Control+1');
  await goToLine(page, 2, 16);
  await page.keyboard.press('F12');
  await page.locator('.tabs-container .tab.active', { hasText: 'seed-dataset.yaml' }).waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await editorText(page), /key: "seed-dataset"/);
  await runCommand(page, 'View: Close All Editors');
});

test('a mistyped dataset key in a generator: a warning with the closest key, a quick fix, saved only by the user', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  const file = path.join(workspace, COMBINATIONS_GENERATOR);
  const onDisk = fs.readFileSync(file, 'utf8');
  await openFile(page, COMBINATIONS_GENERATOR);
  // Line 10 is `      - "cities_dataset"`: type a stray "s" before the closing quote.
  await goToLine(page, 10, 24);
  await page.keyboard.type('s');
  assert.match(await editorText(page), /- "cities_datasets"/);
  await goToLine(page, 10, 16);
  const message = await hoverAtCursor(page, 'cities_datasets');
  assert.match(message, /no dataset of this project has the key `cities_datasets`: did you mean `cities_dataset`\?/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Period');
  // The quick fix menu (Ctrl+.): move to "Change to cities_dataset" and apply it with Enter.
  const fix = page.locator('.action-widget .monaco-list-row[aria-label="Change to cities_dataset"]');
  await fix.waitFor({ state: 'visible', timeout: 30_000 });
  await screenshot(page, 'guides-quick-fix');
  for (let step = 0; step < 5 && !(await fix.getAttribute('class'))?.includes('focused'); step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    `!(document.querySelector('${ACTIVE_EDITOR_LINES}')?.innerText ?? '').includes('cities_datasets')`,
    undefined, { timeout: 30_000 },
  );
  assert.match(await editorText(page), /- "cities_dataset"/);
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'visible', timeout: 5_000 });
  assert.equal(fs.readFileSync(file, 'utf8'), onDisk, 'the quick fix does not save the file');
  await page.keyboard.press('Control+S');
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 30_000 });
  assert.equal(fs.readFileSync(file, 'utf8'), onDisk, 'saved by the user, the file is as before the typo');
});

test('a huggingface source of the guides: asked before the first request, then its funnel and first rows, no token', { timeout: 120_000 }, async () => {
  const { page } = workbench;
  await runCommand(page, 'View: Close All Editors');
  await openFile(page, HARMBENCH_SPEC);
  await clickCodeLens(page, 'Preview');
  const dialog = await modalDialog(page);
  assert.match(String(await dialog.textContent()), new RegExp(`Fetch data from ${new URL(hub.url).origin.replace(/[.]/g, '\\.')} to preview this dataset\\?`), 'the question names the host it allows');
  assert.doesNotMatch(String(await dialog.textContent()), /is-valid/, 'not the API endpoint asked first');
  assert.equal(hub.log.length, 0, 'nothing is fetched before the answer');
  await screenshot(page, 'guides-hub-consent');
  await dialog.locator('.monaco-button', { hasText: 'Fetch' }).first().click();

  const frame = await findWebviewFrame(page, async (f) => (await f.locator('.funnel-text').count()) > 0, 60_000);
  const funnel = frame.locator('.funnel-text');
  await funnel.waitFor({ state: 'visible', timeout: 30_000 });
  const kept = harmbenchRows.filter((row) => row.SemanticCategory === 'illegal');
  assert.equal(await funnel.textContent(), `${harmbenchRows.length} → ${kept.length} kept`);
  const rows = frame.locator('.grid-rows [role="row"]');
  await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await rows.count(), kept.length, 'every kept row is in the table');
  for (const [i, row] of kept.slice(0, 3).entries()) {
    const text = await rows.nth(i).innerText();
    assert.ok(text.includes(row.Behavior), `row ${i} shows ${row.Behavior}: ${text}`);
  }
  assert.ok(hub.log.some((request) => request.path === '/filter'), 'the hub counted the filter');
  const body = await frameText(frame);
  assert.ok(!body.includes(HF_TEST_TOKEN), 'the token is not shown');
  await screenshot(page, 'guides-hub-preview');
  await runCommand(page, 'View: Close All Editors');
});

test('an exported task_result_log.json opened with Quick Open is the log report, not JSON text', { timeout: 90_000 }, async () => {
  const { page } = workbench;
  const log = JSON.parse(fs.readFileSync(EXAMPLE_LOG, 'utf8')) as { status: string; specification: { display_name: string }; evidence: { metrics: { metric_key: string }[] } };
  await openFile(page, EXPORTED_LOG);
  const frame = await findWebviewFrame(page, log.specification.display_name, 60_000);
  await frame.waitForSelector('[data-testid="metric-card"]', { state: 'visible', timeout: 30_000 });
  assert.equal((await frame.locator('[data-testid="status"]').innerText()).trim(), log.status);
  assert.equal(await frame.locator('[data-testid="display-name"]').innerText(), log.specification.display_name);
  for (const metric of log.evidence.metrics) {
    assert.ok(await frame.locator(`.metric-value[data-metric-key="${metric.metric_key}"]`).count() > 0, `${metric.metric_key} is shown`);
  }
  assert.equal(await page.locator(`${ACTIVE_EDITOR_LINES}`).count(), 0, 'no text editor for the log');
  await page.locator('.tabs-container .tab.active', { hasText: 'task_result_log.json' }).waitFor({ state: 'visible', timeout: 10_000 });
  await screenshot(page, 'guides-exported-log-report');
});
