/**
 * Entry of the integration suite inside the VS Code extension host (the `extensionTestsPath` module):
 * runs every suite/*.test.js with mocha (TDD interface) and writes the results to the file named by
 * EVAL_LENS_TEST_RESULTS, which the runner outside reads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { startMessageRecord } from './tappedMessages';

interface Outcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export async function run(): Promise<void> {
  const resultsFile = process.env.EVAL_LENS_TEST_RESULTS;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 90_000, reporter: 'spec' });
  const suiteDir = path.join(__dirname, 'suite');
  const only = process.env.EVAL_LENS_TEST_GREP;
  if (only) mocha.grep(only);
  for (const file of fs.readdirSync(suiteDir).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(path.join(suiteDir, file));
  const outcomes: Outcome[] = [];
  await startMessageRecord();
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('pass', (t) => outcomes.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t, err: Error) => outcomes.push({ title: t.fullTitle(), state: 'failed', error: `${err.message}\n${err.stack ?? ''}` }));
    runner.on('pending', (t) => outcomes.push({ title: t.fullTitle(), state: 'pending' }));
  });
  if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ outcomes }, null, 2));
}
