import { runValidateCommand } from './validateCommand';
import { runPreviewCommand } from './previewCommand';
import { runLogVerifyCommand } from './logVerifyCommand';
import { runLogReportCommand } from './logReportCommand';
import { runLogCompareCommand } from './logCompareCommand';
import { runLogPlanCommand } from './logPlanCommand';
import { runDatasetExportCommand, runDatasetListCommand } from './datasetCommand';
import { runTraceShowCommand } from './traceShowCommand';
import { CliCommand, CliIo, UsageError } from './cliTypes';
import { cliStrings } from '../core/l10n/cliStrings';
import { guardedIo } from './outputGuard';
import { registerEnvironmentCredentials } from '../core/sources/remote/credentials';

const commands: Record<string, CliCommand> = {
  validate: runValidateCommand,
  preview: runPreviewCommand,
  'log verify': runLogVerifyCommand,
  'log report': runLogReportCommand,
  'log compare': runLogCompareCommand,
  'log plan': runLogPlanCommand,
  'dataset list': runDatasetListCommand,
  'dataset validate': runValidateCommand,
  'dataset preview': runPreviewCommand,
  'dataset export': runDatasetExportCommand,
  'trace show': runTraceShowCommand,
};

function resolveCommand(argv: string[]): { name: string; rest: string[] } | undefined {
  const two = argv.slice(0, 2).join(' ');
  if (commands[two]) return { name: two, rest: argv.slice(2) };
  if (argv[0] && commands[argv[0]]) return { name: argv[0], rest: argv.slice(1) };
  return undefined;
}

/** Runs one CLI invocation; resolves to the exit code. Output goes through the boundary of outputGuard. */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  registerEnvironmentCredentials(process.env);
  const io = guardedIo(rawIo, argv.includes('--json'));
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(cliStrings.usage);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === '--version') {
    io.stdout(`${cliStrings.version}\n`);
    return 0;
  }
  const resolved = resolveCommand(argv);
  if (!resolved) {
    io.stderr(cliStrings.unknownCommand(argv.join(' ')));
    return 2;
  }
  try {
    return await commands[resolved.name](resolved.rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`eval-lens ${resolved.name}: ${error.message}\n${cliStrings.usage}`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`eval-lens ${resolved.name}: ${message}\n`);
    return 2;
  }
}
