import { Services } from '../services';
import { PreviewCodeLensProvider } from './previewCodeLensProvider';
import { PreviewResultCache } from './previewResultCache';

let cache: PreviewResultCache | undefined;

/** Counts shared by the preview views and the code lens. */
export function previewResults(): PreviewResultCache {
  cache ??= new PreviewResultCache();
  return cache;
}

export function registerPreview(services: Services): void {
  const results = previewResults();
  services.context.subscriptions.push(results, { dispose: () => { cache = undefined; } });
  PreviewCodeLensProvider.register(services, results);
}
