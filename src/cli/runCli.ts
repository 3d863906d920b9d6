import { CliCommand, CliIo, UsageError } from './cliTypes';
import { cliStrings } from '../core/l10n/cliStrings';
import { guardedIo } from './outputGuard';
import { registerEnvironmentCredentials } from '../core/sources/remote/credentials';

/**
 * Each command's code is loaded only when it runs: the built command line is split per command (dist/cli/, see
 * docs/development.md), so `log verify` reads neither the schema validators nor the YAML parser.
 */
const commands: Record<string, () => Promise<CliCommand>> = {
  validate: async () => (await import('./validateCommand')).runValidateCommand,
  preview: async () => (await import('./previewCommand')).runPreviewCommand,
  'log verify': async () => (await import('./logVerifyCommand')).runLogVerifyCommand,
  'log report': async () => (await import('./logReportCommand')).runLogReportCommand,
  'log compare': async () => (await import('./logCompareCommand')).runLogCompareCommand,
  'log plan': async () => (await import('./logPlanCommand')).runLogPlanCommand,
  'dataset list': async () => (await import('./datasetCommand')).runDatasetListCommand,
  'dataset validate': async () => (await import('./validateCommand')).runValidateCommand,
  'dataset preview': async () => (await import('./previewCommand')).runPreviewCommand,
  'dataset export': async () => (await import('./datasetCommand')).runDatasetExportCommand,
  'trace show': async () => (await import('./traceShowCommand')).runTraceShowCommand,
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
    const command = await commands[resolved.name]();
    return await command(resolved.rest, io);
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
