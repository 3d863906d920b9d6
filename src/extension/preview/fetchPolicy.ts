/** Whether the preview may download a URL source: the setting, tightened in an untrusted workspace. */
import type { UrlFetchPolicy } from '../config';

type FetchDecision = 'allow' | 'refuse' | 'ask';

/**
 * 'never' refuses, 'always' allows, 'ask' asks. An untrusted workspace always asks (unless the setting
 * refuses outright): a spec from an unknown repository must not make the editor download on its own.
 */
export function fetchDecision(policy: UrlFetchPolicy, workspaceTrusted: boolean): FetchDecision {
  if (policy === 'never') return 'refuse';
  if (!workspaceTrusted) return 'ask';
  return policy === 'always' ? 'allow' : 'ask';
}
