/**
 * The translations of a webview: the host page embeds VS Code's l10n bundle as JSON in
 * `<script type="application/json" id="l10n-bundle">`; each entry reads it before it renders anything.
 * Without the element (English, or a standalone HTML file) the strings stay English.
 */
import * as l10n from '@vscode/l10n';

export const L10N_BUNDLE_ELEMENT_ID = 'l10n-bundle';

/** The part of a document read here (a Document in the webview). */
interface BundleSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/** Reads the page's l10n bundle, if any, and hands it to `@vscode/l10n`; true when one was loaded. */
export function configureL10nFromPage(doc: BundleSource): boolean {
  const text = doc.getElementById(L10N_BUNDLE_ELEMENT_ID)?.textContent;
  if (!text) return false;
  let contents: unknown;
  try {
    contents = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof contents !== 'object' || contents === null || Array.isArray(contents)) return false;
  l10n.config({ contents: contents as l10n.l10nJsonFormat });
  return true;
}
