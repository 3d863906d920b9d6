/**
 * Expected versus actual: the expected output a sample's data names (its target), and the final answer of a
 * solver output (the last assistant message of a trace, or the text output), so the two can sit side by side.
 */
import type { OutputView, SampleTarget, TraceItemView } from '../model/logViewTypes';
import { isRecord } from '../json/jsonValue';

/** Data fields that hold the expected output, most specific first (matched without regard to case). */
const TARGET_FIELDS = ['target', 'expected_output', 'expected', 'expected_answer', 'answer', 'reference', 'reference_answer', 'ground_truth', 'gold', 'label', 'solution', 'output'];

/** The sample's expected output from its data, when one of the usual fields carries a value. */
export function sampleTarget(data: unknown): SampleTarget | undefined {
  if (!isRecord(data)) return undefined;
  const byName = new Map<string, string>();
  for (const key of Object.keys(data)) if (!byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), key);
  for (const field of TARGET_FIELDS) {
    const key = byName.get(field);
    if (key === undefined) continue;
    const value = data[key];
    if (value === null || value === undefined || value === '') continue;
    return { key, value };
  }
  return undefined;
}

function messageText(item: Extract<TraceItemView, { kind: 'message' }>): string {
  return item.parts.filter((p) => p.type === 'output_text' || p.type === 'text' || p.type === 'input_text').map((p) => p.text).join('\n').trim();
}

/** The final answer of an output: the text of its last assistant message (or the whole text output). */
export function finalAnswer(output: OutputView): string | undefined {
  if (output.kind === 'text') return output.text.trim() || undefined;
  if (output.kind !== 'trace') return undefined;
  const turns = output.trace.turns;
  for (let i = turns.length - 1; i >= 0; i--) {
    const item = turns[i];
    if (item.kind === 'message' && item.role === 'assistant') {
      const text = messageText(item);
      if (text) return text;
    }
  }
  return undefined;
}
