import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useTempDirAndFreshEditors } from '../suiteSupport';
import { countOf, served } from '../logReportHelpers';

suite('Hostile input: a log value nested 200,000 levels deep', function () {
  this.retries(1);
  this.timeout(90_000);
  const tempDir = useTempDirAndFreshEditors('eval-lens-hostile-log-');

  test('the report opens, lists the samples and serves the detail of the deep sample', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const sample = (id: number, extra: string) => `{"sample_id": ${id}, "sample": {"data": {"q": "question ${id}", "extra": ${extra}}}, "solver": {"output": "answer"}, "scores": [{"scorer_key": "judge", "values": {"correct": 1}}]}`;
    const log = `{"format_version": "v1", "app_version": "1.0.0", "status": "success",
      "evidence": {"metrics": [{"metric_key": "acc", "metric_type": "mean", "scorer_key": "judge", "values": {"correct": 1}}],
        "samples": [${sample(1, deep)}, ${sample(2, '1')}], "errors": []},
      "specification": {"display_name": "Deep log", "task": {"key": "t"}, "config": {}, "run_config": null},
      "execution": {"runtime": 1, "started_at": 1700000000, "ended_at": 1700000001}, "errors": []}`;
    const file = path.join(tempDir(), 'deep.tasklog.json');
    fs.writeFileSync(file, log);
    const uri = vscode.Uri.file(file);
    const beforeDetail = await countOf('detail');
    await vscode.commands.executeCommand('evalLens.openLogAtSample', uri, 0);
    const state = await served('detail', beforeDetail);
    assert.equal(state.loadError, undefined);
    assert.equal(state.summary?.displayName, 'Deep log');
    assert.equal(state.summary?.sampleCount, 2);
    assert.equal(state.detail?.sampleId, 1);
  });
});
