import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { repoRoot } from '../sharedFixtures';

test('the committed log types are what the task result log schema generates', () => {
  const generator = createRequire(__filename)(path.join(repoRoot, 'scripts', 'generateLogTypes.js')) as { logTypesSource(root: string): string; TARGET: string };
  const committed = fs.readFileSync(path.join(repoRoot, generator.TARGET), 'utf8');
  assert.equal(committed, generator.logTypesSource(repoRoot), 'run npm run build and commit src/api/generated/taskResultLog.ts');
});

test('the generated types follow the schema: required members, enums and the log\'s own name', () => {
  const generator = createRequire(__filename)(path.join(repoRoot, 'scripts', 'generateLogTypes.js')) as { logTypesSource(root: string): string };
  const source = generator.logTypesSource(repoRoot);
  assert.match(source, /export interface TaskResultLogConfiguration \{/);
  assert.match(source, /\n {2}format_version: "v1";/);
  assert.match(source, /export type TaskResultStatus = "success" \| "failure";/);
  assert.match(source, /\n {2}samples\?: SampleEvidence\[\] \| null;/);
});
