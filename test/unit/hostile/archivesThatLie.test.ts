/** Zip archives whose entries overlap, repeat a name or have names that are not UTF-8; cells too large to show. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { preview } from '../../../src/core/sources/preview';
import { formatTable } from '../../../src/cli/previewFormat';
import { PreviewResult } from '../../../src/core/model/previewTypes';
import { buildZip, TestEntry } from '../archive/zipTestWriter';
import { HEADER } from '../sources/inspectLogData';
import { tempDir, write } from './hostileCases';

const sample = (id: number, name = `samples/${id}_epoch_1.json`): TestEntry => ({ name, method: 0, data: `{"id":${id},"epoch":1,"input":"q${id}","target":"t","messages":[]}` });
const header: TestEntry = { name: 'header.json', data: JSON.stringify(HEADER) };

/** Offsets of the central directory records of a built archive. */
function centralRecords(zip: Buffer): number[] {
  const found: number[] = [];
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) found.push(at);
  return found;
}

/** Replaces every occurrence of `from` (same length) by `to`: in the local header and the central directory. */
function replaceBytes(zip: Buffer, from: string, to: Buffer): Buffer {
  const needle = Buffer.from(from, 'latin1');
  for (let at = zip.indexOf(needle); at >= 0; at = zip.indexOf(needle, at + needle.length)) to.copy(zip, at);
  return zip;
}

async function evalLogs(dir: string, file: string): Promise<PreviewResult> {
  return preview({ source: { type: 'eval_logs', path: path.join(dir, file) } }, { limit: 100 });
}

describe('archives that lie', () => {
  let dir: string;
  before(() => {
    dir = tempDir('archives');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('an entry that shares bytes with another is refused as damage, naming both; the other is read once', async () => {
    // Both samples hold the same bytes, so the second read at the first one's place passes its CRC check.
    const zip = buildZip([sample(1), { ...sample(1), name: 'samples/2_epoch_1.json' }, header]);
    // The second entry's central record points at the first entry's bytes.
    zip.writeUInt32LE(0, centralRecords(zip)[1] + 42);
    write(dir, 'logs/overlap.eval', zip);
    write(dir, 'logs/good.eval', buildZip([sample(7), header]));
    const result = await evalLogs(dir, 'logs');
    assert.deepEqual(result.rows.map((r) => r.values.sample_id).sort(), ['1', '7']);
    const messages = result.warnings.map((w) => w.message).join('\n');
    assert.match(messages, /entry samples\/2_epoch_1\.json of .*overlap\.eval is damaged \(it shares bytes with entry samples\/1_epoch_1\.json \(overlapping entries/);
  });

  test('two entries of the same name are two samples, each counted once', async () => {
    write(dir, 'twice.eval', buildZip([sample(1), sample(2, 'samples/1_epoch_1.json'), sample(3), header]));
    const result = await evalLogs(dir, 'twice.eval');
    assert.equal(result.total, 3);
    assert.deepEqual(result.rows.map((r) => r.values.sample_id).sort(), ['1', '2', '3']);
  });

  test('names that are not UTF-8 or hold control characters are shown escaped, and never merge', async () => {
    const damaged: TestEntry = { name: 'samples/AB_epoch_1.json', method: 0, data: 'not json' };
    const zip = buildZip([sample(1, 'samples/CD_epoch_1.json'), sample(2, 'samples/EF_epoch_1.json'), damaged, header]);
    replaceBytes(zip, 'CD', Buffer.from([0xff, 0xfe]));
    replaceBytes(zip, 'EF', Buffer.from([0xff, 0xfd]));
    replaceBytes(zip, 'AB', Buffer.from([0x1b, 0x5b]));
    write(dir, 'names.eval', zip);
    const result = await evalLogs(dir, 'names.eval');
    assert.equal(result.total, 2);
    const text = JSON.stringify(result.warnings);
    assert.ok(text.includes('samples/\\\\x1b[_epoch_1.json'), text);
    assert.ok(!text.includes('\\u001b'), text);
  });
});

describe('a cell too large to show', () => {
  test('the text table shows the start of a 150 MB cell instead of failing', () => {
    const huge = 'x'.repeat(150_000_000);
    const table = formatTable({ columns: ['id', 'text'], rows: [{ values: { id: 1, text: huge } }], total: 1, matched: 1, removedPerFilter: [], notComparable: 0, warnings: [], complete: true } as unknown as PreviewResult);
    assert.match(table, /xxxx…/);
    assert.ok(table.length < 1000);
  });
});
