/**
 * What the report talks to: the VS Code webview API, or the in-page source of a standalone export.
 * Both deliver HostToWebview messages and keep the view state.
 */
import type { HostToWebview, WebviewToHost } from '../../src/core/protocol/logReportProtocol';
import { isHostToWebview } from '../../src/core/protocol/logReportProtocol';
import { guardedListener } from '../../src/core/channel/handshake';
import { onHostMessage, vsCodeApi } from '../shared/vscodeApi';

export interface ReportHost {
  post(message: WebviewToHost): void;
  onMessage(listener: (message: HostToWebview) => void): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** The report inside a VS Code webview. */
export function vsCodeHost(): ReportHost {
  const api = vsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage: (listener) => onHostMessage(guardedListener(isHostToWebview, listener)),
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
  };
}
