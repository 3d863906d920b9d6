/** `task_result_log.json`, the name the service's log export writes (docs/semantics.md §11.6), is a log everywhere. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { kindFromFileName } from '../../../src/core/fileKind';
import { repoRoot } from './logTestHelpers';

test('the exported name is a log by its name alone, in any folder; a look-alike is not', () => {
  assert.equal(kindFromFileName('task_result_log.json'), 'log');
  assert.equal(kindFromFileName('/tmp/export/task_results/qa/task_result_log.json'), 'log');
  assert.equal(kindFromFileName('C:\\export\\task_results\\qa\\task_result_log.json'), 'log');
  assert.equal(kindFromFileName('old_task_result_log.json'), undefined);
  assert.equal(kindFromFileName('task_result_log.json.bak'), undefined);
});

test('the report opens it by default, the log schema checks it, and opening a workspace with it starts Eval Lens', () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    activationEvents: string[];
    contributes: { customEditors: { viewType: string; selector: { filenamePattern: string }[]; priority: string }[]; jsonValidation: { fileMatch: string[]; url: string }[] };
  };
  const report = manifest.contributes.customEditors.find((editor) => editor.viewType === 'evalLens.taskLog');
  assert.ok(report?.selector.some((selector) => selector.filenamePattern === 'task_result_log.json'));
  assert.equal(report?.priority, 'default');
  const schema = manifest.contributes.jsonValidation.find((entry) => entry.url.endsWith('task-result-log.schema.json'));
  assert.ok(schema?.fileMatch.includes('task_result_log.json'));
  assert.ok(manifest.activationEvents.includes('workspaceContains:**/task_result_log.json'));
});
