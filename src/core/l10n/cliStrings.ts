/** User-visible strings of the command line. */
export const cliStrings = {
  version: 'eval-lens 0.1.0',
  usage: `Usage: eval-lens <command> [options]

Commands:
  validate FILE... [--json]                 Recognise and validate dataset specs, generator definitions,
                                            task result logs, traces and agent connection configs.
  preview SPEC [--limit N] [--json] [--doc N]
                                            Load a dataset spec's source, apply its filters, print the kept
                                            rows and the funnel.
  log verify LOG [--json]                   Recompute every verifiable metric from the per-sample scores.
  log report LOG -o FILE.html               Write the log's report as one standalone HTML file.
  trace show FILE [--json] [--full]         Print a Trace file (or a .jsonl of Traces) as a readable transcript.

Exit codes: 0 success, 1 a finding (invalid file, unreadable source, metric mismatch), 2 usage or I/O error.
`,
  unknownCommand: (words: string) => `eval-lens: unknown command '${words}'. Run 'eval-lens --help'.\n`,
};
