/** The warnings of one preview, capped as for the other sources (the rest counted in a last line). */
import { previewStrings } from '../../l10n/previewStrings';
import { PreviewWarning } from '../../model/previewTypes';
import { MAX_WARNINGS } from '../../engine/scan/rowCounter';

export class WarningList {
  readonly items: PreviewWarning[] = [];
  count = 0;
  add(message: string, file?: string): void {
    this.count++;
    if (this.items.length < MAX_WARNINGS) this.items.push(file ? { message, file } : { message });
  }
  list(): PreviewWarning[] {
    const hidden = this.count - this.items.length;
    return hidden > 0 ? [...this.items, { message: previewStrings.moreWarnings(hidden) }] : [...this.items];
  }
}
