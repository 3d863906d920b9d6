import type { Services } from '../services';
import { TraceFileEditorProvider } from './traceFileEditorProvider';

/** Trace files: the custom editor. Its two commands are in the command table. */
export function registerTraceFile(services: Services): void {
  services.context.subscriptions.push(TraceFileEditorProvider.register(services));
}
