/**
 * What the Evaluation Logs view shows of a log without opening its samples: its task, model, status, first
 * metric value, number of samples and date, read from the head (and, when needed, the tail) of the file.
 */

/** Which kind of log a file is: a task result log, an Inspect `.eval` archive, or an Inspect `.json` log. */
export type LogFormat = 'taskResultLog' | 'inspectEval' | 'inspectJson';

/** The run's outcome, from its status: what the view's icon shows. */
export type LogOutcome = 'success' | 'error' | 'started' | 'cancelled' | 'unknown';

export interface MainMetric {
  /** The metric's name as the log gives it (`accuracy`, or `accuracy/correct` when a metric has several values). */
  name: string;
  value: number;
  /** Whether the value reads as a rate (shown as a percentage). */
  rate: boolean;
}

export interface LogFacts {
  format: LogFormat;
  /** The task's name (or key); undefined when the log does not say within the bytes read. */
  task?: string;
  /** The run's display name, when the log gives one (task result logs). */
  displayName?: string;
  model?: string;
  /** The status as written in the log (`success`, `failure`, `error`, `started`, …); empty when absent. */
  status: string;
  outcome: LogOutcome;
  mainMetric?: MainMetric;
  /** Number of samples; undefined when it is not known without reading the whole file. */
  samples?: number;
  /** When the run started or was created, in milliseconds since the epoch. */
  date?: number;
}

/** Why the facts of a file could not be read; `notALog` when the file is readable but is no log at all. */
export interface LogFactsProblem {
  problem: string;
  notALog?: boolean;
}

export type LogFactsResult = LogFacts | LogFactsProblem;

export function isLogFactsProblem(result: LogFactsResult): result is LogFactsProblem {
  return 'problem' in result;
}

/** The outcome a status stands for (task result logs say `failure`, Inspect logs `error`). */
export function outcomeOf(status: string): LogOutcome {
  switch (status) {
    case 'success':
      return 'success';
    case 'failure':
    case 'error':
      return 'error';
    case 'started':
      return 'started';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}
