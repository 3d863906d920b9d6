/** The report webview's HTML: strict CSP with a fresh nonce, the bundled script and styles, codicons. */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';

export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

export function reportWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewRoot(extensionUri)] };
}

export function reportHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = randomBytes(16).toString('base64');
  const root = webviewRoot(extensionUri);
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(root, name)).toString();
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
  ].join('; ');
  const safeTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle}</title>
<link id="vscode-codicon-stylesheet" rel="stylesheet" href="${asset('codicon.css')}">
<link rel="stylesheet" href="${asset('logReport.css')}">
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}" src="${asset('logReport.js')}"></script>
</body>
</html>`;
}
