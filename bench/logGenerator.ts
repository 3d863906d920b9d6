/**
 * Seeded generator of realistic task result logs (a small QA benchmark answered by an agent with tools),
 * used for the benchmark and to write the example logs. Metric values are computed from the generated
 * per-sample scores, so they verify.
 */
import { seededRandom } from './benchData';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Rng = () => number;

/** The benchmarks' one seeded PRNG (mulberry32). */
export const seededRng: (seed: number) => Rng = seededRandom;

const WORDS = (
  'the capital city is located near river valley northern southern coast mountains population census official ' +
  'government records show that answer question careful check source reliable reference atlas lookup result ' +
  'confirm match expected format single word name country region historical modern administrative seat ' +
  'parliament located known largest second many people often confuse with former because moved during century'
).split(' ');

export function words(rng: Rng, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(rng() * WORDS.length)]);
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export interface QaItem {
  id: string;
  question: string;
  answer: string;
  category: string;
  difficulty: 'easy' | 'medium' | 'hard';
  tool: 'lookup_country' | 'calculator';
  toolArgs: Record<string, Json>;
  toolOutput: string;
}

const COUNTRIES: [string, string][] = [
  ['France', 'Paris'], ['Japan', 'Tokyo'], ['Australia', 'Canberra'], ['Canada', 'Ottawa'], ['Brazil', 'Brasília'],
  ['Kenya', 'Nairobi'], ['Norway', 'Oslo'], ['Turkey', 'Ankara'], ['Vietnam', 'Hanoi'], ['Peru', 'Lima'],
  ['Morocco', 'Rabat'], ['New Zealand', 'Wellington'], ['Switzerland', 'Bern'], ['Nigeria', 'Abuja'], ['Chile', 'Santiago'],
];

export function qaItem(rng: Rng, n: number): QaItem {
  if (n % 3 === 2) {
    const a = 11 + Math.floor(rng() * 80);
    const b = 11 + Math.floor(rng() * 80);
    return {
      id: `arith-${String(n).padStart(5, '0')}`, question: `What is ${a} multiplied by ${b}? Answer with the number only.`,
      answer: String(a * b), category: 'arithmetic', difficulty: a * b > 3000 ? 'medium' : 'easy',
      tool: 'calculator', toolArgs: { expression: `${a} * ${b}` }, toolOutput: String(a * b),
    };
  }
  const [country, capital] = COUNTRIES[n % COUNTRIES.length];
  const hard = ['Australia', 'Switzerland', 'Nigeria', 'Turkey', 'Morocco'].includes(country);
  return {
    id: `geo-${String(n).padStart(5, '0')}`, question: `What is the capital of ${country}? Answer with the city name only.`,
    answer: capital, category: 'geography', difficulty: hard ? 'hard' : 'easy',
    tool: 'lookup_country', toolArgs: { country },
    toolOutput: JSON.stringify({ country, capital, note: words(rng, 12) }),
  };
}

export const SYSTEM_PROMPT = 'You are a careful assistant answering short factual questions. Use the tools when unsure. Reply with the answer only, no explanation.';

/** One trial's conversation as Open Responses items: system preamble, user turn, reasoning, tool call + output, answer. */
export function conversation(rng: Rng, item: QaItem, answer: string, callId: string, padding: number): Json {
  return {
    items: [
      { type: 'message', role: 'system', content: [{ type: 'input_text', text: SYSTEM_PROMPT }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: item.question }] },
      { type: 'reasoning', id: `rs_${callId}`, summary: [{ type: 'summary_text', text: `I should verify with ${item.tool}. ${words(rng, padding)}` }] },
      { type: 'function_call', call_id: callId, name: item.tool, arguments: JSON.stringify(item.toolArgs) },
      { type: 'function_call_output', call_id: callId, output: item.toolOutput },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] },
    ],
    metadata: { model: 'qa-model-small', agent: 'tool-agent', message_count: 6, total_tokens: 180 + padding * 2 },
  };
}

export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function passAtK(passes: readonly boolean[], k: number): number {
  const p = passes.filter(Boolean).length / passes.length;
  return 1 - Math.pow(1 - p, k);
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const TRIALS_CONFIG: Json = {
  num_trials: 3,
  score_aggregators: [
    { score_name: 'correct', aggregator: { function: 'pass@k', k: 3, score_name: 'pass_at_3' } },
    { score_name: 'correct', aggregator: { function: 'mean' } },
    { score_name: 'quality', aggregator: { function: 'mean' } },
    { score_name: 'quality', aggregator: { function: 'min', score_name: 'quality_min' } },
  ],
};

export interface TrialOutcome {
  correct: boolean;
  quality: number;
  wellFormed: boolean;
  error?: Json;
}

/** A trial-layout sample with sample-level aggregated scores (as a log records them after aggregation). */
export function trialSample(rng: Rng, n: number, outcomes: readonly TrialOutcome[], padding: number): { sample: Json; aggregated: Record<string, number> } {
  const item = qaItem(rng, n);
  const data: Json = { id: item.id, question: item.question, answer: item.answer, category: item.category, difficulty: item.difficulty };
  const trials: Json[] = outcomes.map((o, t): Json => {
    const callId = `call_${n}_${t}`;
    if (o.error) {
      return { index: t, sample_id: item.id, sample: { data }, solver: { output: null }, scores: [], errors: [o.error] };
    }
    const answer = o.correct ? item.answer : item.category === 'arithmetic' ? String(Number(item.answer) + 10) : 'Sydney';
    return {
      index: t, sample_id: item.id, sample: { data }, solver: { output: conversation(rng, item, answer, callId, padding) },
      scores: [
        { scorer_key: 'exact_match', scorer_name: 'Exact match', values: { correct: o.correct } },
        {
          scorer_key: 'llm_judge', scorer_name: 'LLM judge', values: { quality: o.quality },
          metadata: { rationale: o.correct ? 'Correct and concise.' : 'The answer names the wrong city.' },
          direct_ios: [{ request: { model: 'judge-large', input: `Rate the answer "${answer}" to: ${item.question}` }, response: { output_text: String(o.quality) } }],
        },
        { scorer_key: 'format', scorer_name: 'Format check', scorer_purpose: 'qa', values: { well_formed: o.wellFormed } },
      ],
      errors: [],
    };
  });
  const scored = outcomes.filter((o) => !o.error);
  const aggregated = {
    pass_at_3: passAtK(scored.map((o) => o.correct), 3),
    correct: mean(scored.map((o) => (o.correct ? 1 : 0))),
    quality: mean(scored.map((o) => o.quality)),
    quality_min: Math.min(...scored.map((o) => o.quality)),
    well_formed: mean(scored.map((o) => (o.wellFormed ? 1 : 0))),
  };
  const sample: Json = {
    sample_id: item.id,
    scores: [
      { scorer_key: 'exact_match', scorer_name: 'Exact match', values: { pass_at_3: aggregated.pass_at_3, correct: aggregated.correct } },
      { scorer_key: 'llm_judge', scorer_name: 'LLM judge', values: { quality: aggregated.quality, quality_min: aggregated.quality_min } },
      { scorer_key: 'format', scorer_name: 'Format check', scorer_purpose: 'qa', values: { well_formed: aggregated.well_formed } },
    ],
    errors: [],
    trials,
  };
  return { sample, aggregated };
}

export function randomOutcome(rng: Rng, difficulty: number): TrialOutcome {
  const correct = rng() > difficulty;
  return { correct, quality: round(correct ? 0.7 + rng() * 0.3 : rng() * 0.4, 2), wellFormed: rng() > 0.1 };
}

/** Metrics of the trial-layout logs, computed from the per-sample aggregated values. */
export function trialMetrics(aggregated: readonly Record<string, number>[]): Json[] {
  const col = (key: string): number[] => aggregated.map((a) => a[key]);
  return [
    { metric_key: 'accuracy', metric_type: 'mean', scorer_key: 'exact_match', scorer_name: 'Exact match', scorer_purpose: 'score', values: { correct: mean(col('correct')), pass_at_3: mean(col('pass_at_3')) } },
    { metric_key: 'quality', metric_type: 'mean', scorer_key: 'llm_judge', scorer_name: 'LLM judge', scorer_purpose: 'score', values: { quality: mean(col('quality')) } },
    { metric_key: 'quality_floor', metric_type: 'min', scorer_key: 'llm_judge', scorer_name: 'LLM judge', scorer_purpose: 'score', values: { quality_min: Math.min(...col('quality_min')) } },
    { metric_key: 'quality_stderr', metric_type: 'stderr', scorer_key: 'llm_judge', scorer_name: 'LLM judge', scorer_purpose: 'score', values: { quality: round(0.041, 3) } },
    { metric_key: 'well_formed_rate', metric_type: 'mean', scorer_key: 'format', scorer_name: 'Format check', scorer_purpose: 'qa', values: { well_formed: mean(col('well_formed')) } },
  ];
}

export function specification(displayName: string, extraConfig: Record<string, Json> = {}): Record<string, Json> {
  return {
    display_name: displayName,
    task: { key: 'capital-qa', name: 'Capital and arithmetic QA', type: 'benchmark' },
    config: { temperature: 0.7, max_tokens: 256, tools: ['lookup_country', 'calculator'], trials: TRIALS_CONFIG, ...extraConfig },
    evaluated_entity: { type: 'model', key: 'qa-model-small', model_id: 101 },
    run_config: { concurrency: 8 },
  };
}

export const TOKEN_USAGE: Json = [
  { model_id: 101, purpose: 'test', prompt_tokens: 48210, completion_tokens: 9120 },
  { model_id: 202, purpose: 'judge', prompt_tokens: 30544, completion_tokens: 2210 },
];

export function execution(startedAt: number, runtime: number): Json {
  return { runtime, started_at: startedAt, ended_at: startedAt + Math.ceil(runtime), model_usage: null };
}
