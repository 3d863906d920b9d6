import * as path from 'node:path';
import { CliCommand, CliIo, UsageError } from './cliTypes';
import { statisticsStrings as S } from '../core/l10n/statisticsStrings';
import { loadComparableLogs } from '../core/compare/parallelLoad';
import { LogComparison } from '../core/compare/logComparison';
import { comparisonPlans, MetricPlan, PlanSettings, singleLogPlans } from '../core/compare/metricPlans';
import { DEFAULT_ALPHA, DEFAULT_POWER } from '../core/compare/statistics/samplePlanning';
import { metricLabel, num } from '../core/format/compareFormat';
import { LogLoadError } from '../core/log/logLoader';
import { planNumber } from './planArguments';
import { textTable } from './textTable';

interface PlanArgs {
  files: string[];
  json: boolean;
  settings: Required<PlanSettings>;
}

function parseArgs(argv: readonly string[]): PlanArgs {
  const files: string[] = [];
  let json = false;
  let delta: number | undefined;
  let power = DEFAULT_POWER;
  let alpha = DEFAULT_ALPHA;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--delta') delta = planNumber(arg, argv[++i]);
    else if (arg === '--power') power = planNumber(arg, argv[++i]);
    else if (arg === '--alpha') alpha = planNumber(arg, argv[++i]);
    else if (arg.startsWith('-')) throw new UsageError(S.unknownOption(arg));
    else files.push(arg);
  }
  if (files.length < 1 || files.length > 2) throw new UsageError(S.planFiles);
  if (delta === undefined) throw new UsageError(S.planNeedsDelta);
  return { files, json, settings: { delta, power, alpha } };
}

function planText(args: PlanArgs, rows: readonly MetricPlan[], unpaired: boolean): string {
  const { delta, power, alpha } = args.settings;
  const lines = [args.files.join(' ↔ '), S.planHeading(num(delta), num(power), num(alpha)), args.files.length === 1 ? S.planFromOneLog : S.planFromPairs, ''];
  if (unpaired) lines.push(S.planUnpaired);
  else if (!rows.length) lines.push(S.planNone);
  else lines.push(textTable(S.planColumns, rows.map((r) => [metricLabel(r), String(r.values), num(r.plan.variance), r.plan.samples === null ? S.planUnknown : String(r.plan.samples)])));
  return `${lines.join('\n')}\n`;
}

async function plans(args: PlanArgs, io: CliIo): Promise<{ rows: MetricPlan[]; unpaired: boolean }> {
  const logs = await loadComparableLogs(args.files.map((file) => path.resolve(io.cwd, file)), path.join(__dirname, 'worker', 'compareLoad.js'));
  if (logs.length === 1) return { rows: singleLogPlans(logs[0], args.settings), unpaired: false };
  const candidate = new LogComparison(logs).summary().candidates[0];
  return { rows: comparisonPlans(candidate.metrics, args.settings), unpaired: candidate.unpaired };
}

/**
 * `eval-lens log plan LOG [LOG2] --delta D [--power P] [--alpha A] [--json]`: the samples needed to detect a
 * difference D (docs/semantics.md §12), from one log's values or from two logs' paired differences. Exit 2 on
 * a usage error or an unreadable log.
 */
export const runLogPlanCommand: CliCommand = async (argv, io) => {
  const args = parseArgs(argv);
  let result;
  try {
    result = await plans(args, io);
  } catch (error) {
    if (!(error instanceof LogLoadError)) throw error;
    const at = args.files.findIndex((file) => path.resolve(io.cwd, file) === error.file);
    io.stderr(`eval-lens log plan: ${at >= 0 ? error.message.split(error.file).join(args.files[at]) : error.message}\n`);
    return 2;
  }
  if (args.json) {
    const { delta, power, alpha } = args.settings;
    const metrics = result.rows.map(({ plan, ...row }) => ({ ...row, variance: plan.variance, samples: plan.samples }));
    io.stdout(`${JSON.stringify({ files: args.files, delta, power, alpha, paired: args.files.length === 2, unpaired: result.unpaired, metrics }, null, 2)}\n`);
  } else {
    io.stdout(planText(args, result.rows, result.unpaired));
  }
  return 0;
};
