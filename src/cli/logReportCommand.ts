import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliCommand, UsageError } from './cliTypes';
import { collectReleasedMemory } from '../core/engine/collectReleasedMemory';
import { logStrings as S } from '../core/l10n/logStrings';
import { ExportWorkerPlan, LogOpenPlan, openLogSource } from '../core/report/openLogSource';
import { LogLoadError } from '../core/log/logLoadError';
import { COMPRESSED_EXPORT_ABOVE_BYTES, writeStandaloneReport } from '../core/report/standaloneReportFile';
import * as l10n from '@vscode/l10n';

/** The built webview assets next to dist/cli.js (dist/webview). */
function webviewDir(): string {
  return path.join(__dirname, 'webview');
}

/** The schema validation bundle beside the CLI (dist/worker), run in a worker thread for large logs when present. */
function validationModule(): string | undefined {
  const file = path.join(__dirname, 'worker', 'streamedLogValidation.js');
  return fs.existsSync(file) ? file : undefined;
}

/** The export worker beside the CLI (dist/worker/reportExport.js), with the validation bundle it loads. */
function exportWorker(outPath: string): ExportWorkerPlan | undefined {
  const script = path.join(__dirname, 'worker', 'reportExport.js');
  return fs.existsSync(script) && validationModule() ? { script, windowsFile: `${outPath}.windows.partial` } : undefined;
}

/** A large log is exported lean: read by the helper thread, compressed by the report worker when it is built. */
function exportPlan(outPath: string): LogOpenPlan {
  const lean = { aboveBytes: COMPRESSED_EXPORT_ABOVE_BYTES, validationModule: validationModule(), scanHelper: path.join(__dirname, 'worker', 'logScan.js') };
  const worker = exportWorker(outPath);
  return worker ? { kind: 'export', exportWorker: worker, ...lean } : { kind: 'lean', ...lean };
}

/** Beside the log, named after it: `run.tasklog.json` → `run.tasklog.html`, `run.eval` → `run.html`. */
function besideLog(file: string): string {
  return /\.(json|eval)$/i.test(file) ? file.replace(/\.(json|eval)$/i, '.html') : `${file}.html`;
}

/**
 * `eval-lens log report LOG [-o FILE.html]`: the log's report as one standalone HTML file (no network, data
 * embedded, the same UI as in the editor), beside the log unless `-o` says where. Exit 2 when the log cannot be read.
 */
export const runLogReportCommand: CliCommand = async (argv, io) => {
  let out: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-o' || arg === '--output') {
      out = argv[++i];
      if (!out) throw new UsageError(S.cliReportUsage);
    } else if (arg.startsWith('-')) {
      throw new UsageError(l10n.t('unknown option {0}', arg));
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) throw new UsageError(S.cliReportUsage);
  out ??= besideLog(files[0]);
  const logPath = path.resolve(io.cwd, files[0]);
  const outPath = path.resolve(io.cwd, out);
  const outcome = await openLogSource(logPath, { generation: 1, plan: exportPlan(outPath) });
  if (!outcome.ok) {
    const { message, hint } = outcome.failure;
    // The hint for a syntax error speaks of the editor; in a terminal the message says what is wrong and where.
    io.stderr(`eval-lens log report: ${message.split(logPath).join(files[0])}\n${hint === S.loadErrorHint ? '' : `${hint}\n`}`);
    return 2;
  }
  collectReleasedMemory();
  try {
    const samples = await writeStandaloneReport(outcome.source, webviewDir(), outPath);
    io.stdout(S.cliReportWritten(out, samples));
    return 0;
  } catch (error) {
    // A sample whose skipped parts are malformed is found only when its detail is written.
    if (!(error instanceof LogLoadError)) throw error;
    io.stderr(`eval-lens log report: ${error.message.split(logPath).join(files[0])}\n`);
    return 2;
  } finally {
    outcome.source.dispose();
  }
};
