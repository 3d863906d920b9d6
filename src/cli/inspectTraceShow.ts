/**
 * `eval-lens trace show LOG.eval [--sample ID]`: the conversation of each sample (each epoch) of an Inspect log,
 * read one full sample at a time; `--sample` keeps the epochs of one sample id.
 */
import type { CliIo } from './cliTypes';
import { inspectStrings as S } from '../core/l10n/inspectStrings';
import { InspectLogError } from '../core/inspect/inspectLog';
import { readInspectLog } from '../core/inspect/openInspectLog';
import { inspectConversation, resolvedSample } from '../core/inspect/inspectConversation';
import { epochOf } from '../core/inspect/inspectSamples';
import { traceFileModel } from '../core/trace/traceFileModel';
import { traceTranscript } from './traceTranscript';
import type { TraceValue } from '../core/trace/traceFile';

interface InspectShowOptions {
  json: boolean;
  maxBlockChars: number;
  sample?: string;
}

/** Exit 0 when shown, 1 when the log has no such sample, 2 when it cannot be read; undefined when the JSON file is no Inspect log. */
export async function showInspectTraces(file: string, resolved: string, options: InspectShowOptions, io: CliIo): Promise<number | undefined> {
  let log;
  try {
    log = await readInspectLog(resolved);
  } catch (error) {
    if (!(error instanceof InspectLogError)) throw error;
    if (error.notInspect) return undefined;
    io.stderr(`eval-lens trace show: ${error.message.split(resolved).join(file)}\n`);
    return 2;
  }
  try {
    for (const note of log.notes) io.stderr(`${note}\n`);
    const chosen = log.summaries.filter((s) => options.sample === undefined || String(s.id) === options.sample);
    if (!chosen.length) {
      io.stderr(`eval-lens trace show: ${S.noSampleWithId(file, options.sample ?? '')}\n`);
      return 1;
    }
    const parts: string[] = [];
    const models: unknown[] = [];
    for (const summary of chosen) {
      const id = typeof summary.id === 'number' ? summary.id : String(summary.id);
      const full = await log.fullSample(id, epochOf(summary)).catch((error: unknown) => {
        io.stderr(`${S.fullSampleUnreadable(error instanceof Error ? error.message : String(error))}\n`);
        return undefined;
      });
      if (!full) continue;
      const trace = inspectConversation(resolvedSample(full)) as unknown as TraceValue;
      if (options.json) models.push({ sample_id: id, epoch: epochOf(summary), ...traceFileModel(trace, options.maxBlockChars ? options.maxBlockChars * 50 : Infinity) });
      else parts.push(`=== ${S.sampleHeading(String(id), epochOf(summary))} ===\n\n${traceTranscript(trace, { maxBlockChars: options.maxBlockChars })}`);
    }
    io.stdout(options.json ? `${JSON.stringify(models, null, 2)}\n` : parts.join('\n'));
    return 0;
  } finally {
    await log.close();
  }
}
