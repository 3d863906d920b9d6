import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CatalogEntry, arrangeCatalog, matchesFilter } from '../../../src/core/logCatalog/catalogOrder';
import { LogFacts } from '../../../src/core/logCatalog/logFacts';

function entry(name: string, folder: string, facts: Partial<LogFacts>): CatalogEntry {
  return { file: `/w/${folder}/${name}`, folder, name, facts: { format: 'taskResultLog', status: 'success', outcome: 'success', ...facts } };
}

const entries: CatalogEntry[] = [
  entry('a.tasklog.json', 'runs', { task: 'qa', model: 'small', date: 1000, mainMetric: { name: 'acc', value: 0.5, rate: true } }),
  entry('b.tasklog.json', 'runs', { task: 'math', model: 'large', date: 3000, mainMetric: { name: 'acc', value: 0.9, rate: true } }),
  entry('c.tasklog.json', 'runs', { task: 'code', date: 2000 }),
  entry('d.eval', 'inspect', { format: 'inspectEval', task: 'popularity', model: 'openai/gpt-5', date: 500 }),
  { file: '/w/runs/bad.tasklog.json', folder: 'runs', name: 'bad.tasklog.json', facts: { problem: 'bad.tasklog.json is damaged JSON' } },
];

const names = (folders: ReturnType<typeof arrangeCatalog>): string[][] => folders.map((f) => [f.folder, ...f.entries.map((e) => e.name)]);

describe('arranging the catalog', () => {
  test('grouped by folder, each folder newest first, logs without a date last', () => {
    assert.deepEqual(names(arrangeCatalog(entries, 'date')), [
      ['inspect', 'd.eval'],
      ['runs', 'b.tasklog.json', 'c.tasklog.json', 'a.tasklog.json', 'bad.tasklog.json'],
    ]);
  });

  test('by task, by model (unknown last), by metric (highest first)', () => {
    assert.deepEqual(names(arrangeCatalog(entries, 'task'))[1], ['runs', 'c.tasklog.json', 'b.tasklog.json', 'a.tasklog.json', 'bad.tasklog.json']);
    assert.deepEqual(names(arrangeCatalog(entries, 'model'))[1], ['runs', 'b.tasklog.json', 'a.tasklog.json', 'c.tasklog.json', 'bad.tasklog.json']);
    assert.deepEqual(names(arrangeCatalog(entries, 'metric'))[1], ['runs', 'b.tasklog.json', 'a.tasklog.json', 'c.tasklog.json', 'bad.tasklog.json']);
  });

  test('the text filter matches every word, ignoring case, in names and facts', () => {
    assert.deepEqual(names(arrangeCatalog(entries, 'date', 'GPT-5')), [['inspect', 'd.eval']]);
    assert.deepEqual(names(arrangeCatalog(entries, 'date', 'runs small')), [['runs', 'a.tasklog.json']]);
    assert.deepEqual(arrangeCatalog(entries, 'date', 'nothing-matches'), []);
    assert.ok(matchesFilter(entries[4], 'bad'), 'a log with a problem is found by its name');
    assert.ok(matchesFilter(entries[0], '  '), 'an empty filter keeps everything');
  });
});
