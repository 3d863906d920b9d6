/**
 * The generator preview's first page of a `template` synthesizer producing 100,000 samples (1,000 inline source
 * samples × 100 field combinations): the whole preview (source samples, every stage, the first page) and one later
 * page. Samples are made lazily, so neither depends on the total. Goal: first page ≤ 100 ms.
 */
import { runGenerator } from '../src/core/generators/generatorRun';
import type { BenchResult } from './benchTypes';

const SOURCES = 1000;
const PAGE = 100;

function definition(): unknown {
  const samples = Array.from({ length: SOURCES }, (_, i) => ({ city: `City ${i}`, country: `Country ${i % 50}` }));
  return {
    key: 'bench-template',
    display_name: 'Bench template',
    config_spec: [{ key: 'unit', type: 'string', default_value: 'km' }],
    definition: {
      data_source: { type: 'inline_samples', samples },
      synthesizers: [{
        type: 'template',
        template: "I'm in {{ source.country }}, in {{ source.city }}. I walk {distance}<< config.unit >> {direction}. Where am I?",
        fields: { distance: Array.from({ length: 25 }, (_, i) => String((i + 1) * 10)), direction: ['north', 'south', 'east', 'west'] },
      }],
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

export async function run(): Promise<BenchResult[]> {
  const value = definition();
  const lookup = async () => ({ problem: 'no datasets in this benchmark' });
  const firstPage: number[] = [];
  const laterPage: number[] = [];
  let total = 0;
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const preview = await runGenerator(value, { sourceLimit: 10_000, shownSources: 5, pageSize: PAGE, lookup });
    firstPage.push(performance.now() - started);
    const stage = preview.view.stages[0];
    total = stage.kind === 'template' ? stage.total : 0;
    const later = performance.now();
    preview.templatePage(0, 73_400, PAGE);
    laterPage.push(performance.now() - later);
  }
  if (total !== SOURCES * 100) throw new Error(`expected ${SOURCES * 100} samples, got ${total}`);
  const first = median(firstPage);
  return [
    { group: 'generator preview (template, 100,000 samples)', metric: `first page (${PAGE} samples)`, value: first, unit: 'ms', goal: '≤ 100 ms', met: first <= 100 },
    { group: 'generator preview (template, 100,000 samples)', metric: `page at sample 73,401 (${PAGE} samples)`, value: median(laterPage), unit: 'ms' },
  ];
}

if (require.main === module) {
  void run().then((results) => {
    for (const r of results) console.log(`${r.group} · ${r.metric}: ${r.value.toFixed(2)} ${r.unit}${r.goal ? ` (goal ${r.goal}: ${r.met ? 'met' : 'NOT met'})` : ''}`);
  });
}
