/** Strings of the preview's detail pane (the whole row beside the table). */
import { formatCount } from './previewViewStrings';

export const previewDetailStrings = {
  title: (row: number) => `Row ${formatCount(row)}`,
  label: 'Row details',
  close: 'Close (Escape)',
  origin: 'Origin',
  openOrigin: (file: string, line?: number) => (line === undefined ? `Open ${file}` : `Open ${file} at line ${line}`),
  missing: '(no value)',
  conversation: 'Conversation',
  clicked: 'the cell you opened',
  moreItems: (count: number) => `… and ${formatCount(count)} more item${count === 1 ? '' : 's'} (open the source file to read them all).`,
};
