/**
 * `eval-lens dataset list [DIR] [--json]` and `eval-lens dataset export SPEC -o FILE.jsonl|FILE.csv [--doc N]`
 * (`dataset validate` and `dataset preview` are the `validate` and `preview` commands).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, CliIo, UsageError } from './cliTypes';
import { expand } from './validateCommand';
import { specDocument } from './previewCommand';
import { listDatasets, DatasetListEntry } from '../core/export/datasetList';
import { FolderChecks } from '../core/workspaceKeys/folderChecks';
import { exportKeptRows, ExportError } from '../core/export/keptRowsExport';
import { exportFormatOf } from '../core/export/rowFormats';
import { datasetDocumentErrors } from '../core/validation/fileValidationReport';
import { NestingTooDeepError } from '../core/json/depthGuard';
import { PreviewError } from '../core/sources/preview';
import { PreviewProgress } from '../core/model/previewTypes';
import { datasetCommandStrings as S } from '../core/l10n/cliStrings';
import { readRegularTextFile } from '../core/text/regularFile';
import * as l10n from '@vscode/l10n';

function listLine(e: DatasetListEntry): string {
  const where = `${e.file}:${e.line}`;
  const verdict = e.valid ? S.valid : S.invalid(e.errors);
  const name = e.displayName ?? S.none;
  return `${where}  ${e.key ?? S.none}  "${name}"  ${e.sourceType ?? S.none}  ${verdict}\n${e.problems.map((p) => `    ${e.file}:${p}\n`).join('')}`;
}

export const runDatasetListCommand: CliCommand = async (argv, io) => {
  let json = false;
  let dir: string | undefined;
  for (const arg of argv) {
    if (arg === '--json') json = true;
    else if (arg.startsWith('-')) throw new UsageError(`${S.unknownOption(arg)}\n${S.listUsage}`);
    else if (dir === undefined) dir = arg;
    else throw new UsageError(`${S.extraArgument(arg)}\n${S.listUsage}`);
  }
  const root = path.resolve(io.cwd, dir ?? '.');
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    io.stderr(`eval-lens dataset list: ${S.notADirectory(dir ?? '.')}\n`);
    return 2;
  }
  const files = expand([root], io.cwd).map(({ file }) => ({ file, shown: path.relative(io.cwd, file) || file }));
  // Valid as `validate` says it of the same folder: with the checks that read the disk and the other files.
  const { entries, unreadable } = listDatasets(files, (read) => {
    const checks = new FolderChecks(io.cwd, read.map((r) => ({ ...r, explicit: false })), [root]);
    return (file, result) => checks.diagnostics({ ...file, explicit: false }, result);
  });
  for (const u of unreadable) io.stderr(`${u.message}\n`);
  if (json) {
    io.stdout(`${JSON.stringify(entries.map(({ problems: _problems, ...e }) => e), null, 2)}\n`);
  } else if (entries.length === 0) {
    io.stdout(S.noDatasets(dir ?? '.'));
  } else {
    for (const e of entries) io.stdout(listLine(e));
    io.stdout(S.listSummary(entries.length, entries.filter((e) => !e.valid).length));
  }
  if (unreadable.length > 0) return 2;
  return entries.some((e) => !e.valid) ? 1 : 0;
};

interface ExportArgs {
  spec: string;
  out: string;
  doc: number | undefined;
}

function parseExportArgs(argv: string[]): ExportArgs {
  let spec: string | undefined;
  let out: string | undefined;
  let doc: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-o' || arg === '--output') {
      out = argv[++i];
      if (!out) throw new UsageError(S.exportUsage);
    } else if (arg === '--doc') {
      const text = argv[++i];
      if (text === undefined || !/^[1-9]\d*$/.test(text)) throw new UsageError(l10n.t('--doc needs a whole number ≥ 1\n{0}', S.exportUsage));
      doc = Number(text);
    } else if (arg.startsWith('-')) {
      throw new UsageError(`${S.unknownOption(arg)}\n${S.exportUsage}`);
    } else if (spec === undefined) {
      spec = arg;
    } else {
      throw new UsageError(`${S.extraArgument(arg)}\n${S.exportUsage}`);
    }
  }
  if (!spec || !out) throw new UsageError(S.exportUsage);
  if (!exportFormatOf(out)) throw new UsageError(S.outputFormat(out));
  return { spec, out, doc };
}

/** Progress on stderr, at most about once a second. */
function progressPrinter(io: CliIo): (p: PreviewProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 1000) return;
    last = now;
    const percent = p.total ? Math.min(100, Math.floor((p.done / p.total) * 100)) : undefined;
    io.stderr(`eval-lens dataset export: ${S.exportProgress(p.rowsSeen, p.rowsKept, percent)}\n`);
  };
}

export const runDatasetExportCommand: CliCommand = async (argv, io) => {
  const args = parseExportArgs(argv);
  const specPath = path.resolve(io.cwd, args.spec);
  const outFile = path.resolve(io.cwd, args.out);
  let text: string;
  try {
    text = readRegularTextFile(specPath);
  } catch (error) {
    io.stderr(`eval-lens dataset export: ${S.cannotRead(args.spec, (error as NodeJS.ErrnoException).code ?? (error as Error).message)}\n`);
    return 2;
  }
  let value: unknown;
  try {
    const parsed = specDocument(text, args.doc, args.spec);
    const errors = datasetDocumentErrors(text, args.spec, (args.doc ?? 1) - 1);
    if (parsed.errors.length > 0 || errors.length > 0) {
      io.stderr(S.exportInvalidSpec(args.spec, errors));
      return 1;
    }
    value = parsed.value;
  } catch (error) {
    if (!(error instanceof NestingTooDeepError)) throw error;
    io.stderr(`eval-lens dataset export: ${error.message}\n`);
    return 1;
  }
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  // Every Ctrl+C during the export cancels it (so the temporary file is always removed).
  process.on('SIGINT', interrupt);
  try {
    const outcome = await exportKeptRows(value, { specPath, outFile, signal: controller.signal, onProgress: progressPrinter(io) });
    io.stderr(`${S.exported(outcome.rows, args.out)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ExportError || error instanceof PreviewError) {
      io.stderr(`eval-lens dataset export: ${error.message}\n`);
      return error instanceof ExportError && error.kind === 'write' ? 2 : 1;
    }
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
};
