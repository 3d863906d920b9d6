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

  describe('a $NAME value shows what it reads here (docs/semantics.md §11.2)', () => {
    const platform = (field: string, value: string) => `key: a\ndisplay_name: A\nsource:\n  type: langsmith\n  ${field}: ${value}\n`;
    const at = (marked: string, env: Record<string, string | undefined>) => {
      const { text, offset } = cursor(marked);
      return hoverAt(text, parseSpecDocuments(text), offset, { kind: 'dataset', env })?.markdown ?? '';
    };
    test('an ordinary variable: its value', () => {
      assert.match(at(platform('project_name', '$LS_PRO|JECT'), { LS_PROJECT: 'support-bot' }), /environment variable `LS_PROJECT`: `"support-bot"`/);
    });
    test('a credential field or a secret-looking name: set, never shown', () => {
      const key = at(platform('api_key', '$LS_API_K|EY'), { LS_API_KEY: 'sk-test-abcdefgh12345' });
      assert.match(key, /`LS_API_KEY`: set \(21 characters; a credential, its value is not shown\)/);
      assert.doesNotMatch(key, /sk-test/);
      assert.doesNotMatch(at(platform('project_name', '$MY_TOK|EN'), { MY_TOKEN: 'secret-value' }), /secret-value/);
    });
    test('an unset variable says a preview stops on it; plain text is not a reference', () => {
      assert.match(at(platform('project_name', '$NOT_S|ET'), {}), /`NOT_SET`, which is not set here/);
      assert.doesNotMatch(at(platform('project_name', 'plain-na|me'), { 'plain-name': 'x' }), /environment variable/);
    });
  });

  describe('a << secrets.NAME >> value shows only what it reads and its length (docs/semantics.md §11.2)', () => {
    const withSecrets = (value: string) => `key: a\ndisplay_name: A\nsecrets:\n  LS: $LS_KEY_VAR\n  PLAIN: "written-here-0123"\nsource:\n  type: langsmith\n  project: ${value}\n`;
    const at = (marked: string, env: Record<string, string | undefined>) => {
      const { text, offset } = cursor(marked);
      return hoverAt(text, parseSpecDocuments(text), offset, { kind: 'dataset', env })?.markdown ?? '';
    };
    test('through the secrets: map: the variable it reads and the length, never the value, on any field', () => {
      const hover = at(withSecrets('"<< secrets.L|S >>"'), { LS_KEY_VAR: 'project-name-visible' });
      assert.match(hover, /secret `LS` from the environment variable `LS_KEY_VAR`: set \(20 characters; a secret/);
      assert.doesNotMatch(hover, /project-name-visible/);
      const plain = at(withSecrets('"<< secrets.PLA|IN >>"'), {});
      assert.match(plain, /as this file's `secrets:` writes it: 17 characters/);
      assert.doesNotMatch(plain, /written-here/);
    });
    test('not in the map: the variable of its own name; unset says a preview stops on it', () => {
      assert.match(at(withSecrets('"<< secrets.OTH|ER >>"'), { OTHER: 'x' }), /secret `OTHER` from the environment variable `OTHER`: set \(1 characters/);
      assert.match(at(withSecrets('"<< secrets.OTH|ER >>"'), {}), /`OTHER`, which is not set here: a preview or export stops on it/);
    });
    test('an entry of the secrets: map itself shows only a length', () => {
      const hover = at('key: a\ndisplay_name: A\nsecrets:\n  PROJ: $PROJECT_NAME|_VAR\nsource:\n  type: langsmith\n  project: p\n', { PROJECT_NAME_VAR: 'visible-project' });
      assert.match(hover, /`PROJECT_NAME_VAR`: set \(15 characters/);
      assert.doesNotMatch(hover, /visible-project/);
    });
  });
});
