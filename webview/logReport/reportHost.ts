/**
 * What the report talks to: the VS Code webview API, or the in-page source of a standalone export.
 * Both deliver HostToWebview messages and keep the view state.
 */
import type { HostToWebview, WebviewToHost } from '../../src/core/protocol/logReportProtocol';
import { isHostToWebview } from '../../src/core/protocol/logReportProtocol';

export interface ReportHost {
  post(message: WebviewToHost): void;
  onMessage(listener: (message: HostToWebview) => void): void;
  getState(): unknown;
  setState(state: unknown): void;
}

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export function hasVsCodeApi(): boolean {
  return typeof (globalThis as { acquireVsCodeApi?: unknown }).acquireVsCodeApi === 'function';
}

/** The report inside a VS Code webview. */
export function vsCodeHost(): ReportHost {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    onMessage: (listener) => {
      window.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (isHostToWebview(event.data)) listener(event.data);
      });
    },
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
  };
}
