/**
 * axe-core inside a webview of the real workbench. A webview is an iframe inside an iframe; the inner frame holds
 * the view's own document. axe is evaluated there through the browser's debugging protocol, which the view's CSP
 * does not govern (the view's own scripts stay bound by it).
 */
import * as fs from 'node:fs';
import type { Frame } from 'playwright-core';

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
let axeSource: string | undefined;

async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate<boolean>('typeof window.axe === "object"')) return;
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await frame.evaluate<void>(`${axeSource};void 0`);
}

/**
 * The serious and critical violations in the view as it is now, one line each with where they are. The whole
 * document is checked: everything in the inner frame is the view's own markup.
 */
export async function seriousViolationsIn(frame: Frame): Promise<string[]> {
  await ensureAxe(frame);
  const violations = await frame.evaluate<AxeViolation[]>(`axe.run(document, {
    runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} },
    resultTypes: ['violations'],
  }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)} — ${n.failureSummary ?? ''}`));
}
