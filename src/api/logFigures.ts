/** The report's summary of a log (its LogSummary) as the public shapes of the API. */
import type { LogSummary } from '../core/model/logViewTypes';
import type { LogErrors, LogHeader, LogSamplesInfo, LogTiming } from './types';

export interface LogFigures {
  header: LogHeader;
  errors: LogErrors;
  timing: LogTiming;
  samplesInfo: LogSamplesInfo;
}

export function logFigures(summary: LogSummary): LogFigures {
  const header: LogHeader = {
    fileName: summary.fileName,
    fileSize: summary.fileSize,
    displayName: summary.displayName,
    status: summary.status,
    formatVersion: summary.formatVersion,
    appVersion: summary.appVersion,
    task: summary.task,
    evaluatedEntity: summary.evaluatedEntity,
    config: summary.config,
    runConfig: summary.runConfig,
    repeatability: summary.repeatability,
    trials: summary.trials,
  };
  const errors: LogErrors = { total: summary.errorTotal, byStage: summary.errors, failures: summary.failures };
  const timing: LogTiming = { ...summary.execution, tokenUsage: summary.tokenUsage };
  const { count, layout, scoreColumns, dataColumns, errorStages, maxTrials, passK } = summary.samples;
  return { header, errors, timing, samplesInfo: { count, layout, scoreColumns, dataColumns, errorStages, maxTrials, passK } };
}
