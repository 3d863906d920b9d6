/** What the compare view talks to: the VS Code webview API, or the in-page host of a standalone export. */
import type { CompareWebviewToHost } from '../../src/core/protocol/compareProtocol';

export interface CompareHostLink {
  post(message: CompareWebviewToHost): void;
  /** Every message the host sends; the client checks them against the protocol. */
  onMessage(listener: (message: unknown) => void): void;
  getState(): unknown;
  setState(state: unknown): void;
}
