/** The preview webview's page: strict CSP, one nonce'd script, styles and fonts from the extension only. */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';

export function previewWebviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function previewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const root = previewWebviewRoot(extensionUri);
  const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(root, name)).toString();
  const nonce = randomBytes(18).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${asset('preview.css')}">
<title>Preview</title>
</head>
<body>
<main id="app" class="preview"></main>
<script nonce="${nonce}" src="${asset('preview.js')}"></script>
</body>
</html>`;
}
