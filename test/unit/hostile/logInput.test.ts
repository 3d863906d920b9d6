import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadLogIndex } from '../../../src/core/log/logLoader';
import { verifyLog } from '../../../src/core/log/verifyLog';
import { openLogSource } from '../../../src/core/report/openLogSource';
import { collectEmbeddedReport } from '../../../src/core/report/embeddedReportCollector';
import { buildStandaloneHtml } from '../../../src/core/report/standaloneHtml';
import { validateText } from '../../../src/core/validation/validateText';
import type { LogSource } from '../../../src/core/log/logSource';
import { TOO_DEEP_MARKER } from '../../../src/core/json/depthGuard';
import { repoRoot } from '../sharedFixtures';
import { binaryBytes, DEEP_LOG_VALUE, deepFlow, logWithSampleData, prototypeIsClean, tempDir, write } from './hostileCases';

const TIMEOUT = { timeout: 30_000 };
const workerScript = path.join(repoRoot, 'dist', 'worker', 'logParse.js');
const assets = { script: '/* report */', css: '', codiconCss: '' };

/** Summary, every page and detail, verification and the standalone HTML of one loaded source. */
async function everyReportPath(source: LogSource): Promise<{ html: string; detailJson: string }> {
  const summary = await source.summary();
  const page = await source.page({ offset: 0, limit: 50 });
  assert.equal(page.rows.length, summary.samples.count);
  const detail = await source.detail(0);
  const report = await collectEmbeddedReport(source);
  const html = buildStandaloneHtml(report, assets);
  return { html, detailJson: JSON.stringify(detail) };
}

describe('hostile logs: index, verify, report, HTML export, validation', () => {
  let dir: string;
  before(() => {
    dir = tempDir('logs');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a sample value nesting 200,000 levels is shown collapsed; verification and the report work', TIMEOUT, async () => {
    const file = write(dir, 'deep.tasklog.json', logWithSampleData(deepFlow(DEEP_LOG_VALUE)));
    for (const mode of ['lazy', 'full'] as const) {
      const index = await loadLogIndex({ filePath: file }, { mode });
      const verification = verifyLog(index);
      assert.equal(verification.metrics.length, 1);
      const { html, detailJson } = await everyReportPath(index);
      assert.ok(detailJson.includes(JSON.stringify(TOO_DEEP_MARKER)), `${mode}: the deep value is replaced by the marker`);
      assert.ok(html.includes('nested too deep to show'));
      assert.ok(detailJson.includes('"q":"question"'));
    }
    const opened = await openLogSource(file, { generation: 1, plan: { kind: 'worker', script: workerScript, aboveBytes: 0 } });
    assert.ok(opened.ok, opened.ok ? '' : opened.failure.message);
    if (opened.ok) {
      try {
        assert.ok((await everyReportPath(opened.source)).detailJson.includes(JSON.stringify(TOO_DEEP_MARKER)));
      } finally {
        opened.source.dispose();
      }
    }
    const validation = validateText(fs.readFileSync(file, 'utf8'), file);
    assert.equal(validation.kind, 'log');
    const deep = validation.diagnostics.find((d) => /nested more than 512/.test(d.message));
    assert.equal(deep?.severity, 'warning');
  });

  test('deep values elsewhere in the log (specification, evidence) do not break the summary', TIMEOUT, async () => {
    const text = logWithSampleData('1').replace('"config": {}', `"config": {"deep": ${deepFlow(DEEP_LOG_VALUE)}}`);
    const file = write(dir, 'deep-spec.tasklog.json', text);
    const index = await loadLogIndex({ filePath: file }, { mode: 'full' });
    const { html } = await everyReportPath(index);
    assert.ok(html.length > 0);
    verifyLog(index);
  });

  test('binary, empty, NUL, a directory and a non-object: a load failure naming the file', TIMEOUT, async () => {
    const cases: [string, string | Buffer | null][] = [
      ['bin.tasklog.json', binaryBytes(100_000)],
      ['empty.tasklog.json', ''],
      ['nul.tasklog.json', Buffer.concat([Buffer.from('{"format_version": "v'), Buffer.from([0]), Buffer.from('1"}')])],
      ['array.tasklog.json', '[1, 2, 3]'],
      ['unclosed.tasklog.json', `{"format_version": "v1", "evidence": ${'['.repeat(DEEP_LOG_VALUE)}`],
      ['dir.tasklog.json', null],
    ];
    for (const [name, content] of cases) {
      const file = content === null ? path.join(dir, name) : write(dir, name, content);
      if (content === null) fs.mkdirSync(file);
      const outcome = await openLogSource(file, { generation: 1, plan: { kind: 'whole' } });
      assert.equal(outcome.ok, false, name);
      if (!outcome.ok) {
        assert.ok(outcome.failure.message.includes(name) || outcome.failure.message.includes('EISDIR'), `${name}: ${outcome.failure.message}`);
        assert.ok(outcome.failure.hint.length > 0);
      }
    }
  });

  test('validation of a large or log JSON that is both too deep and broken names the place, without overflowing', TIMEOUT, () => {
    const text = `{"format_version": "v1", "evidence": ${'['.repeat(DEEP_LOG_VALUE)}`;
    const result = validateText(text, 'unclosed.tasklog.json');
    assert.equal(result.diagnostics.length, 1);
    assert.equal(result.diagnostics[0].severity, 'error');
    assert.match(result.diagnostics[0].message, /nested more than 512 levels deep/);
  });

  test('__proto__ and constructor keys in a log are data, not prototypes', TIMEOUT, async () => {
    const text = logWithSampleData('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"hostile": 1}}}');
    const file = write(dir, 'proto.tasklog.json', text);
    for (const mode of ['lazy', 'full'] as const) {
      const index = await loadLogIndex({ filePath: file }, { mode });
      const { detailJson } = await everyReportPath(index);
      assert.ok(detailJson.includes('"__proto__":{"polluted":true}'));
    }
    assert.ok(prototypeIsClean());
  });
});
