import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { findWorkerScript } from '../../../src/core/engine/pool/parallelCount';
import { openLogSource } from '../../../src/core/report/openLogSource';
import { repoRoot } from '../sharedFixtures';
import { temporaryFolder } from '../temporaryFolder';

const folder = temporaryFolder('eval-lens-lean-close-');

/** A log whose second sample breaks the schema (its sample_id is an object). */
function logWithSchemaProblem(): string {
  const log = JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples', 'logs', 'legacy.tasklog.json'), 'utf8')) as { evidence: { samples: { sample_id: unknown }[] } };
  log.evidence.samples[1].sample_id = { not: 'an id' };
  return folder.put('broken.tasklog.json', JSON.stringify(log));
}

test('a lean source validated in a worker reports the schema problems the worker finds', async () => {
  const validationModule = findWorkerScript('streamedLogValidation.js');
  assert.ok(validationModule, 'the build wrote dist/worker/streamedLogValidation.js');
  const outcome = await openLogSource(logWithSchemaProblem(), { generation: 1, plan: { kind: 'lean', aboveBytes: 0, validationModule } });
  assert.ok(outcome.ok);
  try {
    const problems = await outcome.source.laterSchemaProblems?.();
    assert.ok(problems && problems.some((p) => p.path.startsWith('/evidence/samples/1')), JSON.stringify(problems));
  } finally {
    outcome.source.dispose();
  }
});

test('disposing a lean source stops its validation instead of running it again in this thread', async () => {
  const validationModule = findWorkerScript('streamedLogValidation.js');
  const outcome = await openLogSource(logWithSchemaProblem(), { generation: 1, plan: { kind: 'lean', aboveBytes: 0, validationModule } });
  assert.ok(outcome.ok);
  outcome.source.dispose();
  assert.deepEqual(await outcome.source.laterSchemaProblems?.(), []);
});
