import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tailMember } from '../../../src/core/log/tailMember';

/** The last `n` bytes of a text, as the end of a file. */
function tail(text: string, n = text.length): Buffer {
  const bytes = Buffer.from(text);
  return bytes.subarray(Math.max(0, bytes.length - n));
}

const spec = { display_name: 'QA', config: { trials: { num_trials: 3 } } };
const log = (before: string, after: string): string => `{"format_version":"v1","evidence":{"samples":[{"sample_id":"s1"${before}}]},"specification":${JSON.stringify(spec)}${after}}\n`;

describe('a top-level member read from the end of a log file', () => {
  test('found after the evidence, with the members after it and blanks at the end', () => {
    assert.deepEqual(tailMember(tail(log('', ',"execution":{"runtime":5},"errors":[]')), 'specification'), { value: spec });
    assert.deepEqual(tailMember(tail(`${log('', '')}\n\n  `), 'specification'), { value: spec });
    assert.deepEqual(tailMember(tail(log('', ''), 120), 'specification'), { value: spec }, 'the tail begins inside the samples');
  });

  test('the last one when it is given twice (as parsing keeps it)', () => {
    const twice = log('', `,"specification":{"display_name":"later"}`);
    assert.deepEqual(tailMember(tail(twice), 'specification'), { value: { display_name: 'later' } });
  });

  test('not a member of a nested object, nor a key written inside a string', () => {
    const nested = '{"evidence":{"samples":[]},"execution":{"specification":{"display_name":"nested"}}}';
    assert.equal(tailMember(tail(nested), 'specification'), undefined);
    const lastNested = '{"specification":{"display_name":"top"},"evidence":{"samples":[],"specification":{"display_name":"in evidence"}}}';
    assert.equal(tailMember(tail(lastNested, 60), 'specification'), undefined, 'only a nested one in the tail');
    assert.deepEqual(tailMember(tail(lastNested), 'specification'), { value: { display_name: 'top' } }, 'the whole file: the top-level one');
    const inString = `{"evidence":{"samples":[{"text":"\\"specification\\": {}}"}]},"errors":[]}`;
    assert.equal(tailMember(tail(inString), 'specification'), undefined);
  });

  test('nothing when the tail is too short, the end is malformed, or there is no such member', () => {
    assert.equal(tailMember(tail(log('', ''), 40), 'specification'), undefined);
    assert.equal(tailMember(tail(log('', '').replace(/\}\n$/, ',}')), 'specification'), undefined);
    assert.equal(tailMember(tail(log('', '').replace(/\}\n$/, '} x')), 'specification'), undefined);
    assert.equal(tailMember(tail('{"evidence":{"samples":[]}}'), 'specification'), undefined);
    assert.equal(tailMember(Buffer.alloc(0), 'specification'), undefined);
    assert.equal(tailMember(Buffer.from([0x22, 0xff, 0x00, 0x7d]), 'specification'), undefined);
  });
});
