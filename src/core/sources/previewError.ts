/** An error that stops a preview, with a message that names the file or filter and why. */
type PreviewErrorKind = 'invalidFilter' | 'invalidSource' | 'unreadableSource' | 'fetchRefused';

export class PreviewError extends Error {
  constructor(
    readonly kind: PreviewErrorKind,
    message: string,
    readonly details: { file?: string; filterIndex?: number; column?: number } = {},
  ) {
    super(message);
    this.name = 'PreviewError';
  }
}
