/** `eval-lens preview GENERATOR`: what a generator definition produces for its first source samples (docs/semantics.md §11.3). */
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { runGenerator } from '../core/generators/generatorRun';
import { workspaceDatasetLookup } from '../core/generators/workspaceDatasets';
import type { TemplateSample } from '../core/generators/templateExpansion';
import type { CliIo } from './cliTypes';
import { formatGeneratorRun } from './generatorRunFormat';

/** Source samples read from a dataset (and expanded by `template` stages). */
const SOURCE_LIMIT = 10_000;
/** Source samples shown with their prompts. */
const SHOWN_SOURCES = 5;
const MAX_SNIPPET_BYTES = 256 * 1024;

/** The text of an included snippet file next to the definition, when it is a small regular file. */
function snippetReader(specPath: string): (path: string) => string | undefined {
  return (path) => {
    const file = resolve(dirname(specPath), path);
    try {
      const stat = statSync(file);
      return stat.isFile() && stat.size <= MAX_SNIPPET_BYTES ? readFileSync(file, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
}

/** `--limit` (samples per page), `--page` (1-based) and `--json` of `eval-lens preview`. */
interface GeneratorPreviewArgs {
  limit: number;
  page: number;
  json: boolean;
}

export async function runGeneratorPreview(value: unknown, specPath: string, args: GeneratorPreviewArgs, io: CliIo): Promise<number> {
  const lookup = workspaceDatasetLookup([dirname(dirname(specPath)), io.cwd]);
  const shown = (file: string) => relative(io.cwd, file) || file;
  const run = await runGenerator(value, { sourceLimit: SOURCE_LIMIT, shownSources: SHOWN_SOURCES, pageSize: args.limit, lookup, readSnippet: snippetReader(specPath) });
  const offset = (args.page - 1) * args.limit;
  const pages = new Map<number, TemplateSample[]>();
  for (const stage of run.view.stages) if (stage.kind === 'template') pages.set(stage.index, run.templatePage(stage.index, offset, args.limit));
  if (args.json) {
    io.stdout(`${JSON.stringify({ generator: run.view, page: args.page, samples: Object.fromEntries(pages) }, null, 2)}\n`);
    return 0;
  }
  for (const dataset of run.view.source.datasets) if (dataset.file) dataset.file = shown(dataset.file);
  io.stdout(formatGeneratorRun(run.view, shown(specPath), pages, offset));
  return 0;
}
