/** The in-page source of a standalone HTML report: answers the webview's requests from the embedded data. */
import type { HostToWebview, WebviewToHost } from '../../src/core/protocol/logReportProtocol';
import { EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport, EmbeddedSamples, isEmbeddedReport } from '../../src/core/protocol/embeddedReport';
import { EmbeddedQuery } from '../shared/embeddedQuery';
import { CompressedSamplesHost } from './compressedHost';
import type { ReportHost } from './reportHost';
import * as l10n from '@vscode/l10n';

export function readEmbeddedReport(doc: Document): EmbeddedReport | undefined {
  const element = doc.getElementById(EMBEDDED_REPORT_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const value: unknown = JSON.parse(element.textContent);
    return isEmbeddedReport(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function embeddedHost(report: EmbeddedReport): ReportHost {
  const listeners: ((message: HostToWebview) => void)[] = [];
  let state: unknown;
  const generation = report.summary.generation;
  const queries = new Map<string, EmbeddedQuery>();
  const queryFor = (runIndex: number | undefined): EmbeddedQuery | undefined => {
    const key = runIndex === undefined ? '' : String(runIndex);
    let query = queries.get(key);
    if (!query) {
      const samples: EmbeddedSamples | undefined = runIndex === undefined ? report.samples : report.runs[key];
      if (!samples) return undefined;
      query = new EmbeddedQuery(samples.rows, samples.details, generation);
      queries.set(key, query);
    }
    return query;
  };
  const compressed = report.compressed ? new CompressedSamplesHost(report, document, generation) : undefined;
  const emit = (message: HostToWebview): void => {
    queueMicrotask(() => {
      for (const listener of listeners) listener(message);
    });
  };
  const answer = (message: WebviewToHost): void => {
    if (compressed && (message.type === 'page' || message.type === 'detail') && compressed.carries(message.type === 'page' ? message.query.runIndex : message.runIndex)) {
      void compressed.answer(message).then(emit);
      return;
    }
    switch (message.type) {
      case 'ready':
        emit({ type: 'init', summary: report.summary, hostCommands: false });
        break;
      case 'page': {
        const query = queryFor(message.query.runIndex);
        emit(query ? { type: 'pageResult', id: message.id, page: query.page(message.query) } : { type: 'error', id: message.id, error: l10n.t('No run {0}', String(message.query.runIndex)) });
        break;
      }
      case 'detail': {
        const detail = queryFor(message.runIndex)?.detail(message.index);
        emit(detail ? { type: 'detailResult', id: message.id, detail } : { type: 'error', id: message.id, error: l10n.t('No sample {0}', message.index) });
        break;
      }
      default:
        // Links and editor commands do nothing in a standalone file.
        break;
    }
  };
  return {
    post: answer,
    onMessage: (listener) => listeners.push(listener),
    getState: () => state,
    setState: (next) => {
      state = next;
    },
  };
}
