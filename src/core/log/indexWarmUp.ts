/**
 * Indexes a small made-up log, so that a fresh indexing thread has its code compiled before the real
 * samples arrive (the first few thousand samples of a thread otherwise cost about twice as much).
 */
import { loadLogIndexSync } from './logLoader';

const SAMPLES = 600;

function madeUpLog(): string {
  const samples: string[] = [];
  for (let n = 0; n < SAMPLES; n++) {
    const data = { id: `w${n}`, question: `What is ${n} plus ${n}?`, answer: String(2 * n), category: n % 2 ? 'math' : 'geo' };
    const trials = [0, 1, 2].map((index) => ({
      index,
      sample_id: `w${n}`,
      sample: { data },
      solver: { output: { items: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: String(2 * n) }] }] } },
      scores: [
        { scorer_key: 'exact', scorer_name: 'Exact', values: { correct: (n + index) % 3 !== 0 } },
        { scorer_key: 'judge', values: { quality: ((n * 7 + index) % 10) / 10 }, metadata: { rationale: 'made up' }, direct_ios: null },
      ],
      errors: (n + index) % 13 === 0 ? [{ error_type: 'TimeoutError', message: 'made up', stage: 'solver' }] : [],
    }));
    samples.push(JSON.stringify({ sample_id: `w${n}`, scores: [{ scorer_key: 'exact', values: { correct: (n % 3) / 3 } }], errors: [], trials }));
  }
  const specification = { display_name: 'warm-up', config: { trials: { num_trials: 3, score_aggregators: [{ score_name: 'correct', aggregator: { function: 'mean' } }] } } };
  return `{"format_version":"v1","specification":${JSON.stringify(specification)},"evidence":{"samples":[${samples.join(',')}],"metrics":[]}}`;
}

export function warmUpIndexing(): void {
  try {
    loadLogIndexSync(Buffer.from(madeUpLog()), { fileName: 'warm-up.json' }).getSummary();
  } catch {
    // Only a warm-up.
  }
}
