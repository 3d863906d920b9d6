import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hoverAt } from '../../../src/core/authoring/hoverEngine';
import { parseSpecDocuments } from '../../../src/core/yaml/specDocument';
import { cursor, questionsProfile } from './authoringTestSupport';

function hover(marked: string) {
  const { text, offset } = cursor(marked);
  return hoverAt(text, parseSpecDocuments(text), offset, { kind: 'dataset', profileFor: () => questionsProfile });
}

const spec = (filter: string) => `key: a\ndisplay_name: A\nsource:\n  type: local\n  file_path: q.csv\n  filters:\n${filter}`;

describe('hover', () => {
  test('a field: description, type, allowed values', () => {
    const h = hover('key: a\ndisplay_name: A\nsource:\n  ty|pe: local\n  file_path: q.csv');
    assert.ok(h);
    assert.match(h.markdown, /kind of source/);
    assert.match(h.markdown, /`"folder"` — A folder of files/);
  });

  test('a required field says so, with its type', () => {
    const h = hover('key: a\ndisplay_name: A\ngenerator_specification:\n  num_sam|ples: 3');
    assert.match(h!.markdown, /\*\*Type:\*\* integer/);
    assert.match(h!.markdown, /Required/);
  });

  test('a default is shown', () => {
    assert.match(hover('key: a\ndisplay_name: A\nta|gs: []\nsource: { type: url, url: "https://x/a.csv" }')!.markdown, /\*\*Default:\*\* `\[\]`/);
  });

  test('on a filter: the rows it keeps, in plain words', () => {
    const h = hover(spec('    - expression: "{{ sample.category }}"\n      o|p: in\n      values: [math, code]'));
    assert.match(h!.markdown, /keeps rows where category is math or code/);
  });

  test('on a column inside an expression: its type and frequent values', () => {
    const h = hover(spec('    - expression: "{{ sample.cat|egory }}"\n      op: exists'));
    assert.match(h!.markdown, /Column `category`/);
    assert.match(h!.markdown, /string/);
    assert.match(h!.markdown, /`"math"` \(2\)/);
  });

  test('on an unknown column inside an expression', () => {
    assert.match(hover(spec('    - expression: "{{ sample.colour| }}"\n      op: exists'))!.markdown, /not among the columns/);
  });
});
