import type { ErrorGroup, ErrorView, ErrorWhere } from '../model/logViewTypes';
import { asArray, asRecord, asString } from './logValue';

/** The six stages of spec §2.7, in the order the report lists them; other stages follow, `unknown` last. */
const ERROR_STAGES = ['configuration', 'dataset', 'solver', 'score', 'metric', 'action'] as const;
const UNKNOWN_STAGE = 'unknown';

/** How many errors each group keeps for the summary (its `total` counts all). */
const ERRORS_PER_GROUP = 100;

/** Reads a TaskResultError list (absent or null → empty). */
export function readErrors(value: unknown, where: ErrorWhere): ErrorView[] {
  const errors: ErrorView[] = [];
  for (const item of asArray(value) ?? []) {
    const record = asRecord(item);
    if (!record) {
      errors.push({ errorType: 'error', message: typeof item === 'string' ? item : JSON.stringify(item), where });
      continue;
    }
    const view: ErrorView = {
      errorType: asString(record.error_type) ?? 'error',
      message: asString(record.message) ?? (record.message === undefined ? '' : JSON.stringify(record.message)),
      where,
    };
    const hint = asString(record.hint);
    const stage = asString(record.stage);
    if (hint !== undefined) view.hint = hint;
    if (stage !== undefined) view.stage = stage;
    errors.push(view);
  }
  return errors;
}

export function stageOf(error: ErrorView): string {
  return error.stage ?? UNKNOWN_STAGE;
}

function stageRank(stage: string): number {
  const known = (ERROR_STAGES as readonly string[]).indexOf(stage);
  if (known >= 0) return known;
  return stage === UNKNOWN_STAGE ? 1000 : 100;
}

export function sortStages(stages: Iterable<string>): string[] {
  return [...stages].sort((a, b) => stageRank(a) - stageRank(b) || a.localeCompare(b));
}

/** Groups errors by stage, keeping the first few of each group. */
export class ErrorCollector {
  private readonly groups = new Map<string, ErrorGroup>();
  total = 0;

  add(errors: readonly ErrorView[]): void {
    for (const error of errors) {
      const stage = stageOf(error);
      let group = this.groups.get(stage);
      if (!group) this.groups.set(stage, (group = { stage, total: 0, errors: [] }));
      group.total++;
      this.total++;
      if (group.errors.length < ERRORS_PER_GROUP) group.errors.push(error);
    }
  }

  result(): ErrorGroup[] {
    return sortStages(this.groups.keys()).map((stage) => this.groups.get(stage) as ErrorGroup);
  }
}
