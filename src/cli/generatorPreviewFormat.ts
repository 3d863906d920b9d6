/** The generator preview in the terminal: what a generated dataset will produce (prompts, columns, samples). */
import { previewGeneratorStrings as S } from '../core/l10n/previewStrings';
import type { GeneratorPreviewView } from '../core/sources/generatorPreview';

function indent(text: string): string {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}

export function formatGeneratorPreview(view: GeneratorPreviewView, where: string): string {
  if (!view.generatorKey) return `${S.noKey}\n`;
  const lines: string[] = [];
  const definition = view.definition;
  lines.push(S.title(definition?.displayName ?? view.generatorKey));
  lines.push(S.samples(view.numSamples));
  if (!definition) {
    lines.push('', S.notFound(view.generatorKey, where), S.notFoundHint);
    return `${lines.join('\n')}\n`;
  }
  lines.push(`${definition.file}${definition.line === undefined ? '' : `:${definition.line}`}`);
  if (definition.type) lines.push(S.definitionType(definition.type));
  if (definition.dataSource) lines.push(S.dataSource(definition.dataSource));
  if (definition.models.length) lines.push(S.models(definition.models));
  lines.push('', `${S.configHeading}:`);
  if (view.config.length === 0) lines.push(`  ${S.noConfig}`);
  for (const entry of view.config) lines.push(`  ${entry.key}: ${entry.value}`);
  if (view.missingConfig.length) lines.push(`  ${S.missingConfig(view.missingConfig)}`);
  lines.push('', `${S.columnsHeading}:`);
  if (view.columns.length === 0) lines.push(`  ${S.noColumns}`);
  for (const column of view.columns) lines.push(`  ${column.name}${column.type ? ` (${column.type})` : ''}`);
  lines.push('', `${S.promptsHeading}:`);
  if (view.prompts.length === 0) lines.push(`  ${S.noPrompts}`);
  for (const prompt of view.prompts) {
    lines.push(`  ${S.promptLabel(prompt.synthesizer, prompt.field)}:`, indent(prompt.text));
    if (prompt.unresolved.length) lines.push(`  ${S.unresolved(prompt.unresolved)}`);
  }
  return `${lines.join('\n')}\n`;
}
