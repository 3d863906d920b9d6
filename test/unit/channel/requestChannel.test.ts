import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestChannel, StaleReplyError } from '../../../src/core/channel/requestChannel';
import { guardedListener, isReadyMessage } from '../../../src/core/channel/handshake';

type Reply = { type: 'result'; id: number; generation: number; value: string } | { type: 'error'; id: number; error: string };

function channel(): RequestChannel<Reply> {
  return new RequestChannel<Reply>({
    errorOf: (reply) => (reply.type === 'error' ? new Error(reply.error) : undefined),
    generationOf: (reply) => (reply.type === 'result' ? reply.generation : undefined),
  });
}

describe('request channel', () => {
  test('each request gets its own id and is settled by the reply with that id', async () => {
    const requests = channel();
    const sent: { id: number; generation: number }[] = [];
    const first = requests.request((id, generation) => sent.push({ id, generation }));
    const second = requests.request((id, generation) => sent.push({ id, generation }));
    assert.notEqual(sent[0].id, sent[1].id);
    assert.equal(requests.settle({ type: 'result', id: sent[1].id, generation: 0, value: 'b' }), true);
    assert.equal(requests.settle({ type: 'result', id: sent[0].id, generation: 0, value: 'a' }), true);
    assert.deepEqual([(await first).type, (await second).type], ['result', 'result']);
    assert.equal(requests.settle({ type: 'result', id: sent[0].id, generation: 0, value: 'again' }), false, 'a reply nobody waits for');
  });

  test('an error reply rejects its request with the error it carries', async () => {
    const requests = channel();
    let sentId = -1;
    const waiting = requests.request((id) => { sentId = id; });
    requests.settle({ type: 'error', id: sentId, error: 'no such sample' });
    await assert.rejects(waiting, /no such sample/);
  });

  test('a new generation makes waiting requests stale, and a reply of another generation is stale', async () => {
    const requests = channel();
    const waiting = requests.request(() => undefined);
    requests.supersede(2);
    await assert.rejects(waiting, StaleReplyError);
    let sentId = -1;
    let sentGeneration = -1;
    const late = requests.request((id, generation) => { sentId = id; sentGeneration = generation; });
    assert.equal(sentGeneration, 2);
    requests.settle({ type: 'result', id: sentId, generation: 1, value: 'old' });
    await assert.rejects(late, StaleReplyError);
  });

  test('a closed channel fails its waiting requests and every later one', async () => {
    const requests = channel();
    const waiting = requests.request(() => undefined);
    requests.close(new Error('worker stopped'));
    requests.close(new Error('second reason'));
    await assert.rejects(waiting, /worker stopped/);
    await assert.rejects(requests.request(() => assert.fail('not sent')), /worker stopped/);
  });
});

describe('handshake', () => {
  test('the guard passes well-formed messages and drops the others', () => {
    const isPing = (value: unknown): value is { type: 'ping' } => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ping';
    const passed: unknown[] = [];
    const dropped: unknown[] = [];
    const listener = guardedListener(isPing, (message) => passed.push(message), (value) => dropped.push(value));
    listener({ type: 'ping' });
    listener({ type: 'eval' });
    listener(null);
    assert.deepEqual(passed, [{ type: 'ping' }]);
    assert.deepEqual(dropped, [{ type: 'eval' }, null]);
    assert.equal(isReadyMessage({ type: 'ready' }), true);
    assert.equal(isReadyMessage({ type: 'init' }), false);
  });
});
