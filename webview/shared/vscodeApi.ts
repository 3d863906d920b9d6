/**
 * The VS Code webview API, acquired once for the page (VS Code allows a single `acquireVsCodeApi` call):
 * posting to the extension host and the view state kept while the view is hidden.
 */

export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;

/** Whether the page runs in a VS Code webview (a standalone export has no API). */
export function hasVsCodeApi(): boolean {
  return typeof (globalThis as { acquireVsCodeApi?: unknown }).acquireVsCodeApi === 'function';
}

export function vsCodeApi(): VsCodeApi {
  api ??= acquireVsCodeApi();
  return api;
}

/** Calls `listener` with every message the extension host posts to the page. */
export function onHostMessage(listener: (message: unknown) => void): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => listener(event.data));
}
