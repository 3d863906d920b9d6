/**
 * An Inspect log as a report source: its sample summaries become task result log samples (inspectSamples.ts) indexed
 * by a LogIndex, so pages, sorting, search and filters work as for any log; the header gives the summary's fields
 * (inspectHeader.ts) and the metrics are verified from the per-sample scores. A detail reads the sample's full
 * epochs from the log (only then) and shows each epoch's conversation.
 */
import type { LogSource } from '../log/logSource';
import type { LogSummary, SampleDetail, SamplePage, SampleQuery } from '../model/logViewTypes';
import { LogIndex } from '../log/logIndex';
import type { SampleShape, SampleStore } from '../log/sampleReading';
import { buildSampleDetail } from '../log/sampleDetail';
import { logStrings } from '../l10n/logStrings';
import { inspectStrings as S } from '../l10n/inspectStrings';
import { isPlainObject } from '../json/objectValues';
import { inspectMetricsAndValues } from './metrics/verifyInspectMetrics';
import { metricInputs } from './inspectMetricInputs';
import { InspectLog } from './inspectLog';
import { headerAsTaskLog, inspectTokenUsage } from './inspectHeader';
import { configuredEpochs } from '../sources/evalLogs/inspectHeaderCounts';
import { sampleEvidence, SummaryGroups } from './inspectSamples';
import { IndexedParts, inspectSampleShape } from './inspectSampleShape';
import type { InspectSummaryList } from './inspectSummaryList';
import { inspectConversation, resolvedSample } from './inspectConversation';

type Reduced = Map<string, Map<string | number, number>>;

/**
 * What an Inspect log is opened for (docs/architecture.md, layer 9): `report` — every sample's record with its table
 * data and its sample-level checks; `lean` — the records without their checks, which are worked out again only when
 * asked for (the report's worker, comparisons); `verify` — what `log verify` reads: the checks, no table data, and
 * the summaries held parsed (read once, then the command exits).
 */
export type InspectOpenPlan = 'report' | 'lean' | 'verify';

/** Notes on what the samples lack: epochs fewer than configured, a sample count other than the results say. */
function sampleNotes(header: Record<string, unknown>, groups: SummaryGroups, results: number): string[] {
  const notes: string[] = [];
  const epochs = configuredEpochs(header);
  if (epochs !== undefined) {
    let short = 0;
    for (let g = 0; g < groups.count; g++) if (groups.sizeOf(g) < epochs) short++;
    if (short) notes.push(S.missingEpochs(short, epochs));
  }
  const total = isPlainObject(header.results) ? header.results.total_samples : undefined;
  if (typeof total === 'number' && total !== results) notes.push(S.headerCountDiffers(total, results));
  return notes;
}

/** The samples as task result log samples, each built from its epochs' summaries (parsed again) when read. */
class InspectSampleStore implements SampleStore {
  /** `indexed`: what indexing reads of each sample (inspectSamples.ts). */
  constructor(private readonly groups: SummaryGroups, private readonly list: InspectSummaryList, private readonly reduced: Reduced, private readonly indexed: IndexedParts) {}

  get count(): number {
    return this.groups.count;
  }

  /** For indexing: the scores' values without what only a detail shows of them (answer, explanation, metadata). */
  lite(index: number): unknown {
    return sampleEvidence(this.groups.groupAt(index, this.list), this.reduced, undefined, this.indexed);
  }

  /** What indexing reads of the sample, made from its summaries without the task-log sample `lite` builds. */
  shape(index: number, runIndex?: number): SampleShape {
    return inspectSampleShape(this.groups.groupAt(index, this.list), this.reduced, this.indexed, index, runIndex);
  }

  full(index: number): unknown {
    return sampleEvidence(this.groups.groupAt(index, this.list), this.reduced);
  }
}

export class InspectLogSource implements LogSource {
  readonly index: LogIndex;
  private readonly groups: SummaryGroups;
  private readonly reduced: Reduced;
  private readonly metrics: LogSummary['metrics'];
  private readonly notes: string[];
  private cachedSummary?: LogSummary;

  /** `plan`: what the log is opened for (InspectOpenPlan): how much of each sample is indexed. */
  constructor(readonly log: InspectLog, private readonly generation: number, fileName: string, plan: InspectOpenPlan = 'report') {
    // One grouping and epoch reduction of the scores serves both the verified metrics and the table's values.
    const { results } = log.header;
    const list = log.summaryList;
    const { metrics, reduced } = inspectMetricsAndValues(results, metricInputs(list, results, log.takeMetricInputs?.()));
    this.reduced = reduced ?? new Map();
    this.metrics = results === undefined || results === null ? null : metrics ?? [];
    this.groups = new SummaryGroups(list);
    let maxEpochs = 1;
    for (let g = 0; g < this.groups.count; g++) maxEpochs = Math.max(maxEpochs, this.groups.sizeOf(g));
    // Each sample's task-log shape is built when read rather than held beside its summary.
    const store = new InspectSampleStore(this.groups, list, this.reduced, plan === 'verify' ? 'scores' : 'index');
    const leaveOutChecks = plan === 'lean';
    this.index = new LogIndex(headerAsTaskLog(log.header, maxEpochs), { top: store, runs: [] }, { fileName, fileSize: log.fileSize, generation, leaveOutChecks });
    this.notes = [...log.notes, ...sampleNotes(log.header, this.groups, list.count)];
  }

  getSummary(): LogSummary {
    if (this.cachedSummary) return this.cachedSummary;
    const base = this.index.getSummary();
    const { metrics } = this;
    const summary: LogSummary = { ...base, metrics, tokenUsage: inspectTokenUsage(this.log.header) };
    delete summary.metricsMissingReason;
    if (!metrics) summary.metricsMissingReason = logStrings.noMetrics;
    if (this.notes.length) summary.notes = this.notes;
    this.cachedSummary = summary;
    return summary;
  }

  summary(): Promise<LogSummary> {
    return Promise.resolve().then(() => this.getSummary());
  }

  page(query: SampleQuery): Promise<SamplePage> {
    return this.index.page(query);
  }

  /**
   * A sample's epochs read in full (attachments resolved; an epoch that cannot be read keeps its summary), the
   * conversation of each (by epoch), and notes on the epochs that could not be read.
   */
  private async fullEpochs(group: number): Promise<{ epochs: Record<string, unknown>[]; outputs: Map<number, unknown>; notes: string[] }> {
    const epochs: Record<string, unknown>[] = [];
    const outputs = new Map<number, unknown>();
    const notes: string[] = [];
    const id = this.groups.idAt(group);
    const list = this.log.summaryList;
    for (const member of this.groups.membersOf(group)) {
      const epoch = list.epochAt(member);
      try {
        const full = await this.log.fullSample(id, epoch);
        if (full) {
          const resolved = resolvedSample(full);
          outputs.set(epoch, inspectConversation(resolved));
          epochs.push({ ...resolved, epoch });
          continue;
        }
        notes.push(S.sampleNotFound(String(id), epoch));
      } catch (error) {
        notes.push(S.fullSampleUnreadable(error instanceof Error ? error.message : String(error)));
      }
      epochs.push(list.at(member));
    }
    return { epochs, outputs, notes };
  }

  async detail(index: number, runIndex?: number): Promise<SampleDetail> {
    if (runIndex !== undefined || !Number.isInteger(index) || index < 0 || index >= this.groups.count) throw new Error(logStrings.sampleOutOfRange(index));
    const { epochs, outputs, notes } = await this.fullEpochs(index);
    const evidence = sampleEvidence({ id: this.groups.idAt(index), epochs }, this.reduced, outputs);
    const detail = buildSampleDetail(evidence, index, undefined, { generation: this.generation, ...this.index.detailSettings() });
    detail.notes.push(...notes);
    return detail;
  }

  dispose(): void {
    void this.log.close().catch(() => undefined);
  }
}
