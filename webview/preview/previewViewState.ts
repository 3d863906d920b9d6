/** The preview webview's side of the channel to the extension host, and the view state kept while hidden. */
import type { PreviewTarget, RowSort, WebviewToHost } from '../../src/core/protocol/previewProtocol';
import { restoredTarget } from '../../src/core/protocol/previewProtocol';
import { isRecord } from '../../src/core/json/jsonValue';
import { vsCodeApi } from '../shared/vscodeApi';

/** What survives the view being hidden and shown again (or a re-run of the preview). */
interface PreviewViewState {
  scrollTop: number;
  scrollLeft: number;
  selectedRow: number;
  activeColumn: number;
  columnWidths: Record<string, number>;
  warningsOpen: boolean;
  detail?: { row: number; column: number };
  /** The spec and dataset shown: lets the host restore the view after the window reloads. */
  target?: PreviewTarget;
  /** The column the kept rows are sorted by, when they are. */
  sort?: RowSort;
}

const api = vsCodeApi();

export function postToHost(message: WebviewToHost): void {
  api.postMessage(message);
}

const DEFAULT_STATE: PreviewViewState = { scrollTop: 0, scrollLeft: 0, selectedRow: 0, activeColumn: 0, columnWidths: {}, warningsOpen: false };

export function loadViewState(): PreviewViewState {
  const saved = api.getState();
  if (!isRecord(saved)) return { ...DEFAULT_STATE };
  const number = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const widths: Record<string, number> = {};
  if (isRecord(saved.columnWidths)) {
    for (const [k, v] of Object.entries(saved.columnWidths)) if (typeof v === 'number' && v > 0) widths[k] = v;
  }
  const detail = isRecord(saved.detail) && typeof saved.detail.row === 'number' && typeof saved.detail.column === 'number'
    ? { row: saved.detail.row, column: saved.detail.column } : undefined;
  return {
    scrollTop: number(saved.scrollTop, 0),
    scrollLeft: number(saved.scrollLeft, 0),
    selectedRow: number(saved.selectedRow, 0),
    activeColumn: number(saved.activeColumn, 0),
    columnWidths: widths,
    warningsOpen: saved.warningsOpen === true,
    detail,
    target: restoredTarget(saved),
    sort: savedSort(saved.sort),
  };
}

function savedSort(value: unknown): RowSort | undefined {
  if (!isRecord(value) || typeof value.column !== 'string') return undefined;
  return value.direction === 'ascending' || value.direction === 'descending' ? { column: value.column, direction: value.direction } : undefined;
}

export function saveViewState(state: PreviewViewState): void {
  api.setState(state);
}
