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
  log compare BASE CAND [CAND...] [--json] [-o FILE.html] [--cluster KEY] [--fail-on-regression]
              [--lower-is-better KEY...] [--delta D] [--seed N]
                                            Compare runs sample by sample: paired differences, intervals,
                                            p-values (Holm), per-sample regressions.
  log plan LOG [LOG2] --delta D [--power P] [--alpha A] [--json]
                                            Samples needed to detect a difference D, from one log's values
                                            or from two logs' paired differences.
  dataset list [DIR] [--json]               List every dataset spec under DIR: key, name, source type, file:line, valid.
  dataset validate | dataset preview        The validate and preview commands.
  dataset export SPEC -o FILE.jsonl|FILE.csv [--doc N]
                                            Write every kept row of the spec's source (progress on stderr).
  trace show FILE [--json] [--full]         Print a Trace file (or a .jsonl of Traces) as a readable transcript.

Exit codes: 0 success, 1 a finding (invalid file, unreadable source, metric mismatch), 2 usage or I/O error.
`,
  unknownCommand: (words: string) => `eval-lens: unknown command '${words}'. Run 'eval-lens --help'.\n`,
};
