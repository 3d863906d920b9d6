/**
 * The log report as ONE standalone HTML file: the built webview script and styles inlined, the report
 * data embedded as JSON, fonts as data: URLs, and a CSP that allows only those inline blocks (by hash).
 * Nothing is loaded from the network.
 */
import { createHash } from 'node:crypto';
import { EMBEDDED_REPORT_ELEMENT_ID, EmbeddedReport, jsonForScriptElement } from '../protocol/embeddedReport';

export interface StandaloneAssets {
  /** dist/webview/logReport.js */
  script: string;
  /** dist/webview/logReport.css */
  css: string;
  /** dist/webview/codicon.css */
  codiconCss: string;
  /** dist/webview/codicon.ttf */
  codiconFont?: Uint8Array;
}

/** Theme variables the webview gets from VS Code, for a browser: light by default, dark on request. */
export const STANDALONE_THEME_CSS = `:root {
  --vscode-font-family: system-ui, -apple-system, "Segoe UI", sans-serif; --vscode-font-size: 13px;
  --vscode-editor-font-family: ui-monospace, Menlo, Consolas, monospace;
  --vscode-foreground: #3b3b3b; --vscode-descriptionForeground: #717171; --vscode-errorForeground: #c72e0f;
  --vscode-editor-background: #ffffff; --vscode-editorWidget-background: #f8f8f8; --vscode-panel-border: #e5e5e5;
  --vscode-focusBorder: #005fb8; --vscode-textLink-foreground: #005fb8; --vscode-badge-background: #cccccc; --vscode-badge-foreground: #3b3b3b;
  --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-button-secondaryHoverBackground: #cccccc;
  --vscode-list-hoverBackground: #f2f2f2; --vscode-list-activeSelectionBackground: #e4e6f1; --vscode-list-activeSelectionForeground: #000000; --vscode-list-focusBackground: #e8e8e8;
  --vscode-charts-blue: #1a85ff; --vscode-charts-orange: #d18616; --vscode-charts-green: #388a34; --vscode-charts-red: #e51400; --vscode-charts-purple: #652d90;
  --vscode-textCodeBlock-background: #f2f2f2; --vscode-textBlockQuote-background: #f2f2f2; --vscode-editorWarning-foreground: #bf8803;
  --vscode-inputValidation-warningBackground: #fff4ce; --vscode-inputValidation-errorBackground: #fdecea;
  --vscode-input-background: #ffffff; --vscode-input-foreground: #3b3b3b; --vscode-input-border: #cecece; --vscode-dropdown-background: #ffffff; --vscode-dropdown-border: #cecece; --vscode-dropdown-foreground: #3b3b3b;
  color-scheme: light;
}
@media (prefers-color-scheme: dark) { :root {
  --vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-errorForeground: #f85149;
  --vscode-editor-background: #1f1f1f; --vscode-editorWidget-background: #252526; --vscode-panel-border: #3c3c3c;
  --vscode-focusBorder: #0078d4; --vscode-textLink-foreground: #4daafc; --vscode-badge-background: #616161; --vscode-badge-foreground: #f8f8f8;
  --vscode-button-secondaryBackground: #313131; --vscode-button-secondaryForeground: #cccccc; --vscode-button-secondaryHoverBackground: #3c3c3c;
  --vscode-list-hoverBackground: #2a2d2e; --vscode-list-activeSelectionBackground: #04395e; --vscode-list-activeSelectionForeground: #ffffff; --vscode-list-focusBackground: #2a2d2e;
  --vscode-textCodeBlock-background: #2b2b2b; --vscode-textBlockQuote-background: #2b2b2b; --vscode-editorWarning-foreground: #cca700;
  --vscode-inputValidation-warningBackground: #352a05; --vscode-inputValidation-errorBackground: #5a1d1d;
  --vscode-input-background: #313131; --vscode-input-foreground: #cccccc; --vscode-input-border: #3c3c3c; --vscode-dropdown-background: #313131; --vscode-dropdown-border: #3c3c3c; --vscode-dropdown-foreground: #cccccc;
  color-scheme: dark;
} }`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Script text safe inside a <script> element. */
export function scriptForInlineElement(script: string): string {
  return script.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

/** Style text safe inside a <style> element. */
function styleForInlineElement(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** codicon.css with its font reference replaced by a data: URL (or removed when the font is not given). */
export function inlineCodiconFont(css: string, font: Uint8Array | undefined): string {
  const replacement = font ? `url("data:font/ttf;base64,${Buffer.from(font).toString('base64')}") format("truetype")` : 'local("codicon")';
  return css.replace(/url\((['"]?)[^)'"]*codicon\.ttf[^)'"]*\1\)(\s*format\((['"])truetype\3\))?/g, replacement);
}

export function buildStandaloneHtml(report: EmbeddedReport, assets: StandaloneAssets): string {
  const styles = [STANDALONE_THEME_CSS, inlineCodiconFont(assets.codiconCss, assets.codiconFont), assets.css].map(styleForInlineElement);
  const script = scriptForInlineElement(assets.script);
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${styles.map(sha256).join(' ')}`,
    'font-src data:',
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const title = escapeHtmlText(`${report.summary.displayName || report.summary.fileName} — Eval Lens`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
${styles.map((css) => `<style>${css}</style>`).join('\n')}
</head>
<body>
<div id="root"></div>
<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">${jsonForScriptElement(report)}</script>
<script>${script}</script>
</body>
</html>
`;
}
