/**
 * The HTML page of every Eval Lens webview: strict CSP with a fresh nonce, one bundled script and its
 * styles from dist/webview, codicons. One place for the policy, whichever view uses it.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { jsonForScriptElement } from '../core/protocol/embeddedReport';

/** Id of the element carrying the l10n bundle (read by webview/shared/l10nBundle.ts). */
const L10N_BUNDLE_ELEMENT_ID = 'l10n-bundle';

/**
 * VS Code's l10n bundle for the display language as inert JSON (a data block, not run, so the CSP allows it),
 * escaped so no translation can end the element; nothing when the extension runs in English.
 */
function l10nBundleElement(bundle: { [key: string]: string } | undefined = vscode.l10n.bundle): string {
  if (!bundle) return '';
  return `<script type="application/json" id="${L10N_BUNDLE_ELEMENT_ID}">${jsonForScriptElement(bundle)}</script>\n`;
}

function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** Scripts on, command URIs off, resources only from dist/webview. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewRoot(extensionUri)] };
}

interface WebviewPageOptions {
  /** Name of the bundle in dist/webview: `<bundle>.js` and `<bundle>.css`. */
  bundle: string;
  title: string;
  /** The element the script renders into. */
  body: string;
  /** Allow `data:` images (inline SVG/PNG from the view's own code). */
  dataImages?: boolean;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function webviewPage(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPageOptions): string {
  const nonce = randomBytes(18).toString('base64');
  const root = webviewRoot(extensionUri);
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(root, name)).toString();
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    // The codicon font is inlined in codicon.css (esbuild.js).
    `font-src ${webview.cspSource} data:`,
    `img-src ${webview.cspSource}${page.dataImages ? ' data:' : ''}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(page.title)}</title>
<link id="vscode-codicon-stylesheet" rel="stylesheet" href="${asset('codicon.css')}">
<link rel="stylesheet" href="${asset(`${page.bundle}.css`)}">
</head>
<body>
${page.body}
${l10nBundleElement()}<script nonce="${nonce}" src="${asset(`${page.bundle}.js`)}"></script>
</body>
</html>`;
}
