/** Trace platform A (LangSmith) replayed from the recorded run payloads of the shared fixtures. */
import { readFileSync } from 'node:fs';
import { sharedFixture } from '../sharedFixtures';
import { ReplayRoute } from './replayServer';

export const LANGSMITH_TEST_KEY = 'lsv2_pt_replaykey_5f0c1e2d3b4a';

type Run = Record<string, unknown>;

/** The fixture's one LLM run (POST merged with its PATCH), as `/runs/query` returns runs. */
export function fixtureRun(): Run {
  const recorded = JSON.parse(readFileSync(sharedFixture('langsmith', 'langsmith_js_wrap_openai_default.json'), 'utf8')) as { post: Run[]; patch: Run[] };
  const run = { ...recorded.post[0], ...recorded.patch[0] };
  return { ...run, start_time: new Date(run.start_time as number).toISOString(), end_time: new Date(run.end_time as number).toISOString(), status: 'success', parent_run_id: null, total_tokens: 18, prompt_tokens: 9, completion_tokens: 9, total_cost: 0.0001 };
}

export interface LangsmithData {
  roots: Run[];
  children: Run[];
  examples: Run[];
}

/** `count` root runs one minute apart (even ones tagged `prod`), the first with a nested tool run. */
export function langsmithData(count: number): LangsmithData {
  const base = fixtureRun();
  const t0 = Date.parse(base.start_time as string);
  const roots = Array.from({ length: count }, (_, i) => {
    const id = `run-${String(i).padStart(5, '0')}`;
    const start = t0 + i * 60_000;
    return { ...base, id, trace_id: id, session_id: 's1', dotted_order: `${i}`, start_time: new Date(start).toISOString(), end_time: new Date(start + 1115).toISOString(), tags: i % 2 === 0 ? ['prod'] : [] };
  });
  const children: Run[] = count > 0
    ? [{ id: 'tool-0', name: 'get_weather', run_type: 'tool', trace_id: roots[0].id, parent_run_id: roots[0].id, dotted_order: '0.1', start_time: roots[0].start_time, end_time: roots[0].end_time, inputs: { city: 'Tokyo' }, outputs: { output: 'sunny' }, error: 'tool failed once' }]
    : [];
  const examples = Array.from({ length: 5 }, (_, i) => ({ id: `ex-${i}`, dataset_id: 'd1', inputs: { question: `q${i}` }, outputs: { answer: `a${i}` }, metadata: { dataset_split: ['test'] }, created_at: new Date(t0 + i * 3_600_000).toISOString(), modified_at: null, source_run_id: null }));
  return { roots, children, examples };
}

export interface LangsmithReplayState {
  runQueries: Record<string, unknown>[];
}

export function langsmithRoute(data: LangsmithData, state: LangsmithReplayState = { runQueries: [] }): ReplayRoute {
  return (request) => {
    if (request.headers['x-api-key'] !== LANGSMITH_TEST_KEY) return { status: 401, body: { detail: 'Invalid token' } };
    if (request.path === '/sessions') return { body: request.query.get('name') === 'proj' ? [{ id: 's1', name: 'proj' }] : [] };
    if (request.path === '/datasets') return { body: request.query.get('name') === 'qa' ? [{ id: 'd1', name: 'qa' }] : [] };
    if (request.path === '/examples') {
      const offset = Number(request.query.get('offset'));
      const limit = Number(request.query.get('limit'));
      return { body: data.examples.slice(offset, offset + limit) };
    }
    if (request.path === '/runs/query' && request.method === 'POST') {
      const body = request.body as Record<string, unknown>;
      state.runQueries.push(body);
      const limit = Math.min(100, Number(body.limit ?? 100));
      if (limit < 1) return { status: 422, body: { detail: 'limit must be at least 1' } };
      let runs: Run[];
      if (typeof body.trace === 'string') runs = [...data.roots, ...data.children].filter((r) => r.trace_id === body.trace);
      else {
        const from = typeof body.start_time === 'string' ? Date.parse(body.start_time) : -Infinity;
        runs = data.roots.filter((r) => Date.parse(r.start_time as string) >= from).sort((a, b) => Date.parse(b.start_time as string) - Date.parse(a.start_time as string));
      }
      const offset = typeof body.cursor === 'string' ? Number(body.cursor) : 0;
      const page = runs.slice(offset, offset + limit);
      const next = offset + limit < runs.length ? String(offset + limit) : null;
      return { body: { runs: page, cursors: { next, prev: null } } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  };
}
