/**
 * `eval-lens preview SPEC [--limit N] [--page N] [--json] [--doc N]`: load a dataset's source, apply its filters, print
 * rows and funnel; for a generator definition, what it produces for its first source samples (generatorRunCommand.ts).
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { datasetSchemaProblems } from '../core/sources/datasetSchemaProblems';
import { findGeneratorDefinitionIn } from '../core/sources/generatorDefinitionFiles';
import { generatorPreview, generatorSpecificationOf } from '../core/sources/generatorPreview';
import { preview, PreviewError } from '../core/sources/preview';
import { PreviewResult } from '../core/model/previewTypes';
import { cliStrings } from '../core/l10n/cliStrings';
import { sourceStrings } from '../core/l10n/sourceStrings';
import { CliCommand, CliIo, UsageError } from './cliTypes';
import { formatGeneratorPreview } from './generatorPreviewFormat';
import { NestingTooDeepError } from '../core/json/depthGuard';
import { NoSuchDocumentError, specDocumentValue } from '../core/yaml/specDocumentValue';
import { formatFunnel, formatTable, formatWarnings } from './previewFormat';
import { assertRegularFile } from '../core/text/regularFile';
import { kindFromFileName, kindFromValue } from '../core/fileKind';
import { runGeneratorPreview } from './generatorRunCommand';

interface PreviewArgs {
  spec: string;
  limit: number;
  /** 1-based page of a generator's `template` samples. */
  page: number;
  json: boolean;
  doc: number | undefined;
}

function positiveInteger(flag: string, text: string | undefined, allowZero: boolean): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new UsageError(cliStrings.badNumber(flag, text));
  const value = Number(text);
  if (!allowZero && value < 1) throw new UsageError(cliStrings.badNumber(flag, text));
  return value;
}

function parsePreviewArgs(argv: string[]): PreviewArgs {
  let spec: string | undefined;
  let limit = 20;
  let json = false;
  let doc: number | undefined;
  let page = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--json') json = true;
    else if (flag === '--limit') limit = positiveInteger('--limit', inline ?? argv[++i], true);
    else if (flag === '--doc') doc = positiveInteger('--doc', inline ?? argv[++i], false);
    else if (flag === '--page') page = positiveInteger('--page', inline ?? argv[++i], false);
    else if (arg.startsWith('-') && arg !== '-') throw new UsageError(cliStrings.unknownOption(arg));
    else if (spec === undefined) spec = arg;
    else throw new UsageError(cliStrings.extraArgument(arg));
  }
  if (spec === undefined) throw new UsageError(cliStrings.missingSpec);
  return { spec, limit, page, json, doc };
}

/** The N-th (1-based) YAML document of a spec file as a plain value, and how many documents there are. */
export function specDocument(text: string, doc: number | undefined, file = 'spec'): { value: unknown; count: number; errors: string[] } {
  try {
    return specDocumentValue(text, doc, file);
  } catch (error) {
    if (error instanceof NoSuchDocumentError) throw new UsageError(error.message);
    throw error;
  }
}

function printResult(result: PreviewResult, json: boolean, io: CliIo): void {
  if (json) {
    const { total, matched, removedPerFilter, notComparable, columns, rows, warnings, complete, selection, recordNoun, countedBy, lowerBound } = result;
    const figures = { total, matched, removedPerFilter, notComparable, columns, rows, warnings, complete, selection, recordNoun, countedBy, lowerBound };
    io.stdout(`${JSON.stringify(figures, null, 2)}\n`);
    return;
  }
  io.stdout(formatTable(result));
  io.stdout(formatFunnel(result));
  if (result.countedBy) io.stdout(sourceStrings.cliCountedBy(result.countedBy, result.lowerBound === true));
  io.stdout(formatWarnings(result));
}

export const runPreviewCommand: CliCommand = async (argv, io) => {
  const args = parsePreviewArgs(argv);
  const specPath = resolve(io.cwd, args.spec);
  let text: string;
  try {
    assertRegularFile(specPath);
    text = await readFile(specPath, 'utf8');
  } catch (error) {
    io.stderr(cliStrings.cannotReadSpec(args.spec, error instanceof Error ? error.message : String(error)));
    return 2;
  }
  let parsed: ReturnType<typeof specDocument>;
  try {
    parsed = specDocument(text, args.doc, args.spec);
  } catch (error) {
    if (!(error instanceof NestingTooDeepError)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }
  const { value, count, errors } = parsed;
  if (errors.length > 0) {
    io.stderr(cliStrings.yamlErrors(args.spec, errors));
    return 1;
  }
  if (count > 1 && args.doc === undefined) io.stderr(cliStrings.severalDocuments(args.spec, count));
  if ((kindFromFileName(specPath) ?? kindFromValue(value)) === 'generator') return runGeneratorPreview(value, specPath, args, io);
  const messages = datasetSchemaProblems(value);
  if (messages.length > 0) {
    io.stderr(cliStrings.invalidSpec(args.spec, messages));
    return 1;
  }
  const generator = generatorSpecificationOf(value);
  if (generator) {
    const key = typeof generator.dataset_generator_key === 'string' ? generator.dataset_generator_key : '';
    const found = await findGeneratorDefinitionIn([io.cwd, dirname(specPath)], key);
    const view = generatorPreview(generator, found);
    io.stdout(args.json ? `${JSON.stringify({ generator: view }, null, 2)}\n` : formatGeneratorPreview(view, io.cwd));
    return 0;
  }
  try {
    const result = await preview(value, { limit: args.limit, specPath });
    printResult(result, args.json, io);
    return 0;
  } catch (error) {
    if (error instanceof PreviewError) {
      const namesSpec = error.details.file !== undefined && error.details.file === specPath;
      io.stderr(namesSpec ? cliStrings.previewFailedInSpec(error.message) : cliStrings.previewFailed(args.spec, error.message));
      return 1;
    }
    throw error;
  }
};
