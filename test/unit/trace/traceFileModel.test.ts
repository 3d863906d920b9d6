import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { readTraceJson, readTraceText } from '../../../src/core/trace/traceFile';
import { findSubSpan, MAX_TEXT_CHARS, TRACE_PAGE_SIZE, traceFileModel, turnsPage } from '../../../src/core/trace/traceFileModel';
import { spanOutline } from '../../../src/core/trace/spanConversation';
import { messageItem } from '../../../src/core/trace/traceRecord';
import { repoRoot, sharedFixture } from '../sharedFixtures';

describe('Trace files: reading and the editor model', () => {
  test('the example trace: header from metadata, system prompt as preamble, calls paired, the sub-agent as a span', () => {
    const file = path.join(repoRoot, 'examples', 'traces', 'date-review.trace.json');
    const read = readTraceJson(fs.readFileSync(file, 'utf8'), 'date-review.trace.json');
    assert.ok(read.ok);
    const model = traceFileModel(read.traces[0]);
    assert.deepEqual([model.header.agent, model.header.model, model.header.totalTokens, model.header.tags], ['reviewer', 'example-model-1', 18734, ['review', 'dates']]);
    assert.deepEqual(model.preamble.map((i) => i.kind), ['message']);
    assert.deepEqual(model.turns.map((i) => i.kind), ['message', 'reasoning', 'function_call', 'function_call', 'message']);
    const task = model.turns[3];
    assert.ok(task.kind === 'function_call' && task.output?.startsWith('Two callers'));
    assert.deepEqual(model.subSpans.map((s) => [s.name, s.items.length]), [['explorer', 3]]);
    const outline = spanOutline(model.subSpans[0]);
    assert.deepEqual([outline.name, outline.itemCount, 'items' in outline], ['explorer', 3, false], 'the outline sent at first carries no items');
    assert.equal(findSubSpan(model, 'span-explorer'), model.subSpans[0]);
    assert.equal(findSubSpan(model, 'span-main'), undefined, 'the root span is the main conversation, not a sub-span');
    assert.equal(model.genericSpans, undefined);
  });

  test('turns come in pages; very long texts are cut with a note; a too-deep unknown item becomes a note', () => {
    const items: unknown[] = [];
    for (let i = 0; i < 450; i++) items.push(messageItem(i % 2 ? 'assistant' : 'user', `turn ${i}`));
    items.push(messageItem('assistant', 'x'.repeat(MAX_TEXT_CHARS + 10)));
    items.push(JSON.parse(`{"type":"custom","v":${'['.repeat(20_000)}${']'.repeat(20_000)}}`));
    const model = traceFileModel({ items });
    assert.equal(model.turns.length, 452);
    assert.equal(turnsPage(model, 0).length, TRACE_PAGE_SIZE);
    const last = turnsPage(model, 400);
    assert.equal(last.length, 52);
    const long = last[50];
    assert.ok(long.kind === 'message');
    assert.equal(long.parts[0].text.length < MAX_TEXT_CHARS + 200, true);
    assert.match(long.parts[0].text, /10 more characters/);
    assert.deepEqual(last[51], { kind: 'unknown', itemType: 'custom', value: '[nested too deep to show]' });
    assert.doesNotThrow(() => JSON.stringify(model));
  });

  test('a score\'s long texts are cut as a message\'s are; fields it lacks stay absent', () => {
    const model = traceFileModel({ items: [messageItem('user', 'q'), { type: 'score', value: 'C'.repeat(MAX_TEXT_CHARS + 10), answer: 'B', explanation: 'e'.repeat(MAX_TEXT_CHARS + 20) }] });
    const score = model.turns[1];
    assert.ok(score.kind === 'score');
    assert.equal(score.answer, 'B');
    assert.equal('target' in score, false);
    for (const [text, more] of [[score.value, 10], [score.explanation ?? '', 20]] as const) {
      assert.equal(text.length < MAX_TEXT_CHARS + 200, true);
      assert.match(text, new RegExp(`${more} more characters`));
    }
  });

  test('events nested deeper than the stack allows become a note, not a crash', () => {
    const events = JSON.parse(`${'{"name":"step","children":['.repeat(50_000)}{"id":"leaf"}${']}'.repeat(50_000)}`) as unknown;
    const model = traceFileModel({ items: [], events });
    assert.deepEqual(model.genericSpans, [{ children: [], attributes: { value: '[nested too deep to show]' } }]);
  });

  test('other events become the generic span tree; metadata is kept', () => {
    const model = traceFileModel({ items: [], metadata: { agent: 'a', extra: { k: 1 } }, events: [{ id: 'x', name: 'step' }] });
    assert.equal(model.genericSpans?.[0].name, 'step');
    assert.deepEqual(model.metadata, { agent: 'a', extra: { k: 1 } });
    assert.deepEqual(model.header.tags, []);
  });

  test('not a Trace, broken JSON, a BOM and JSON Lines', () => {
    const platform = readTraceJson(fs.readFileSync(sharedFixture('langfuse', 'openai-agents-2025-09-30.trace.json'), 'utf8'), 'x.trace.json');
    assert.ok(!platform.ok && platform.failure.line === 1 && /not a Trace/.test(platform.failure.message));
    const itemsNotArray = readTraceJson('{"items": {}}', 'y.json');
    assert.ok(!itemsNotArray.ok && /"items" must be an array/.test(itemsNotArray.failure.message));
    const broken = readTraceJson('{"items": [\n  1,\n  }', 'z.json');
    assert.ok(!broken.ok);
    assert.deepEqual([broken.failure.line, broken.failure.column], [3, 3]);
    assert.ok(readTraceJson('\ufeff{"items": []}', 'bom.json').ok);
    const lines = readTraceText('{"items":[]}\n\n[1]\n{"items":[1]}\n', 'a.jsonl');
    assert.ok(lines.ok && lines.traces.length === 2 && lines.warnings.length === 1 && /a\.jsonl:3:/.test(lines.warnings[0]));
    const none = readTraceText('nope\n', 'b.jsonl');
    assert.ok(!none.ok && /no Trace records/.test(none.failure.message));
  });
});
