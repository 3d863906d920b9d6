import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { version } from '../../../src/api/index';
import { repoRoot } from '../sharedFixtures';
import { cli } from './cliOutput';

test('version is the package\'s, as eval-lens --version prints it', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version, manifest.version);
  assert.equal((await cli(['--version'])).out, `eval-lens ${manifest.version}\n`);
});
