/** Trace platform B (Langfuse) replayed from the shared fixture's trace with its observations. */
import { readFileSync } from 'node:fs';
import { sharedFixture } from '../sharedFixtures';
import { ReplayRoute } from './replayServer';

export const LANGFUSE_PUBLIC = 'pk-lf-replay-0001';
export const LANGFUSE_SECRET = 'sk-lf-replay-secret-7e9d';

type Rec = Record<string, unknown>;

export interface LangfuseData {
  traces: Rec[];
  observations: Map<string, Rec[]>;
}

/** `count` copies of the fixture trace one minute apart (ids t-00000…), each with its observations. */
export function langfuseData(count: number): LangfuseData {
  const fixture = JSON.parse(readFileSync(sharedFixture('langfuse', 'openai-agents-2025-09-30.trace.json'), 'utf8')) as { trace: Rec; observations: Rec[] };
  const traces: Rec[] = [];
  const observations = new Map<string, Rec[]>();
  for (let i = 0; i < count; i++) {
    const id = `t-${String(i).padStart(5, '0')}`;
    const shift = i * 60_000;
    const moved = (value: unknown) => (typeof value === 'string' ? new Date(Date.parse(value) + shift).toISOString() : value);
    const obs: Rec[] = fixture.observations.map((o) => ({ ...o, traceId: id, startTime: moved(o.startTime), endTime: moved(o.endTime) }));
    const root = obs.find((o) => o.parentObservationId === null)!;
    root.metadata = JSON.stringify({ team: i % 3 === 0 ? 'a' : 'b' });
    const { observations: _nested, ...trace } = fixture.trace;
    void _nested;
    traces.push({ ...trace, id, timestamp: moved(fixture.trace.timestamp), sessionId: `s-${i % 4}`, userId: 'u1', tags: i % 2 === 0 ? ['prod'] : [], metadata: root.metadata });
    observations.set(id, obs);
  }
  return { traces, observations };
}

export interface LangfuseReplayOptions {
  /** Answer 404 on the current observations API (an older self-hosted server). */
  legacyOnly?: boolean;
  project?: string;
}

export function langfuseRoute(data: LangfuseData, options: LangfuseReplayOptions = {}): ReplayRoute {
  const expected = `Basic ${Buffer.from(`${LANGFUSE_PUBLIC}:${LANGFUSE_SECRET}`).toString('base64')}`;
  const newestFirst = [...data.traces].sort((a, b) => Date.parse(String(b.timestamp)) - Date.parse(String(a.timestamp)));
  const rootOf = (trace: Rec): Rec => {
    const root = data.observations.get(String(trace.id))!.find((o) => o.parentObservationId === null)!;
    return { ...root, traceName: trace.name, tags: trace.tags, sessionId: trace.sessionId, userId: trace.userId, release: trace.release, traceVersion: trace.version };
  };
  return (request) => {
    if (request.headers.authorization !== expected) return { status: 401, body: { message: 'Invalid credentials. Confirm that you have used the correct host.' } };
    const q = request.query;
    if (request.path === '/api/public/projects') return { body: { data: [{ id: 'p1', name: options.project ?? 'agents' }] } };
    if (request.path === '/api/public/v2/observations') {
      if (options.legacyOnly) return { status: 404, body: { message: 'Not found' } };
      const limit = Number(q.get('limit') ?? 50);
      if (limit > 1000) return { status: 400, body: { message: 'limit too large' } };
      let list: Rec[];
      if (q.get('isRootObservation') === 'true') {
        list = newestFirst.filter((t) => (!q.get('traceId') || t.id === q.get('traceId')) && (!q.get('sessionId') || t.sessionId === q.get('sessionId'))).map(rootOf);
        const from = q.get('fromStartTime');
        if (from) list = list.filter((o) => Date.parse(String(o.startTime)) >= Date.parse(from));
      } else list = data.observations.get(q.get('traceId') ?? '') ?? [];
      const offset = Number(q.get('cursor') ?? 0);
      const next = offset + limit < list.length ? String(offset + limit) : undefined;
      return { body: { data: list.slice(offset, offset + limit), meta: next ? { cursor: next } : {} } };
    }
    if (request.path === '/api/public/traces') {
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 50);
      if (limit > 100) return { status: 422, body: { message: 'limit must be at most 100' } };
      const tags = q.getAll('tags');
      const list = newestFirst.filter((t) => (!q.get('sessionId') || t.sessionId === q.get('sessionId')) && tags.every((tag) => (t.tags as string[]).includes(tag)));
      return { body: { data: list.slice((page - 1) * limit, page * limit), meta: { page, limit, totalItems: list.length, totalPages: Math.ceil(list.length / limit) } } };
    }
    const one = /^\/api\/public\/traces\/(.+)$/.exec(request.path);
    if (one) {
      const trace = data.traces.find((t) => t.id === decodeURIComponent(one[1]));
      return trace ? { body: { ...trace, observations: data.observations.get(String(trace.id)) } } : { status: 404, body: { message: 'Trace not found' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  };
}
