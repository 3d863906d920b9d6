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

/**
 * Theme variables the webview gets from VS Code, for a browser: VS Code's Light Modern by default, Dark Modern
 * under `prefers-color-scheme: dark`, and the high contrast themes under `prefers-contrast: more`. Every
 * variable the report's own styles and its controls (vscode-elements text field and dropdown) read is defined,
 * so no control falls back to its built-in dark colours on a light page.
 */
const LIGHT_THEME = `
  --vscode-foreground: #3b3b3b; --vscode-descriptionForeground: #6a6a6a; --vscode-errorForeground: #c72e0f;
  --vscode-editor-background: #ffffff; --vscode-editorWidget-background: #f8f8f8; --vscode-panel-border: #e5e5e5; --vscode-widget-border: #e5e5e5;
  --vscode-focusBorder: #005fb8; --vscode-textLink-foreground: #005fb8; --vscode-badge-background: #cccccc; --vscode-badge-foreground: #3b3b3b;
  --vscode-button-background: #005fb8; --vscode-button-foreground: #ffffff; --vscode-button-hoverBackground: #0258a8;
  --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-button-secondaryHoverBackground: #cccccc;
  --vscode-list-hoverBackground: #f2f2f2; --vscode-list-hoverForeground: #3b3b3b; --vscode-list-activeSelectionBackground: #e8e8e8; --vscode-list-activeSelectionForeground: #000000;
  --vscode-list-focusBackground: #e8e8e8; --vscode-list-focusOutline: #005fb8; --vscode-list-highlightForeground: #0066bf; --vscode-list-focusHighlightForeground: #0066bf;
  --vscode-charts-blue: #1a85ff; --vscode-charts-orange: #d18616; --vscode-charts-green: #388a34; --vscode-charts-red: #e51400; --vscode-charts-purple: #652d90;
  --vscode-testing-iconPassed: #388a34; --vscode-testing-iconFailed: #e51400;
  --vscode-textCodeBlock-background: #f2f2f2; --vscode-textBlockQuote-background: #f2f2f2; --vscode-editorWarning-foreground: #8f6700;
  --vscode-inputValidation-warningBackground: #fff4ce; --vscode-inputValidation-warningBorder: #bf8803; --vscode-inputValidation-errorBackground: #fdecea; --vscode-inputValidation-errorBorder: #e51400;
  --vscode-input-background: #ffffff; --vscode-input-foreground: #3b3b3b; --vscode-input-border: #cecece; --vscode-input-placeholderForeground: #767676;
  --vscode-dropdown-background: #ffffff; --vscode-dropdown-border: #cecece; --vscode-dropdown-foreground: #3b3b3b;
  --vscode-settings-textInputBackground: #ffffff; --vscode-settings-textInputForeground: #3b3b3b; --vscode-settings-textInputBorder: #cecece;
  --vscode-settings-dropdownBackground: #ffffff; --vscode-settings-dropdownForeground: #3b3b3b; --vscode-settings-dropdownBorder: #cecece; --vscode-settings-dropdownListBorder: #c8c8c8;
  --vscode-checkbox-background: #f8f8f8; --vscode-checkbox-border: #cecece; --vscode-checkbox-foreground: #3b3b3b;
  --vscode-widget-shadow: rgba(0, 0, 0, 0.16); --vscode-toolbar-hoverOutline: transparent; --vscode-sash-hoverBorder: #005fb8;
  --vscode-editor-findMatchBackground: #a8ac94; --vscode-editor-findMatchHighlightBackground: rgba(234, 92, 0, 0.33);
  color-scheme: light;`;

const DARK_THEME = `
  --vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-errorForeground: #f85149;
  --vscode-editor-background: #1f1f1f; --vscode-editorWidget-background: #202020; --vscode-panel-border: #2b2b2b; --vscode-widget-border: #313131;
  --vscode-focusBorder: #0078d4; --vscode-textLink-foreground: #4daafc; --vscode-badge-background: #616161; --vscode-badge-foreground: #f8f8f8;
  --vscode-button-background: #0078d4; --vscode-button-foreground: #ffffff; --vscode-button-hoverBackground: #026ec1;
  --vscode-button-secondaryBackground: #313131; --vscode-button-secondaryForeground: #cccccc; --vscode-button-secondaryHoverBackground: #3c3c3c;
  --vscode-list-hoverBackground: #2a2d2e; --vscode-list-hoverForeground: #cccccc; --vscode-list-activeSelectionBackground: #04395e; --vscode-list-activeSelectionForeground: #ffffff;
  --vscode-list-focusBackground: #2a2d2e; --vscode-list-focusOutline: #0078d4; --vscode-list-highlightForeground: #2aaaff; --vscode-list-focusHighlightForeground: #2aaaff;
  --vscode-charts-blue: #3794ff; --vscode-charts-orange: #d18616; --vscode-charts-green: #89d185; --vscode-charts-red: #f14c4c; --vscode-charts-purple: #b180d7;
  --vscode-testing-iconPassed: #73c991; --vscode-testing-iconFailed: #f14c4c;
  --vscode-textCodeBlock-background: #2b2b2b; --vscode-textBlockQuote-background: #2b2b2b; --vscode-editorWarning-foreground: #cca700;
  --vscode-inputValidation-warningBackground: #352a05; --vscode-inputValidation-warningBorder: #b89500; --vscode-inputValidation-errorBackground: #5a1d1d; --vscode-inputValidation-errorBorder: #be1100;
  --vscode-input-background: #313131; --vscode-input-foreground: #cccccc; --vscode-input-border: #3c3c3c; --vscode-input-placeholderForeground: #989898;
  --vscode-dropdown-background: #313131; --vscode-dropdown-border: #3c3c3c; --vscode-dropdown-foreground: #cccccc;
  --vscode-settings-textInputBackground: #313131; --vscode-settings-textInputForeground: #cccccc; --vscode-settings-textInputBorder: #3c3c3c;
  --vscode-settings-dropdownBackground: #313131; --vscode-settings-dropdownForeground: #cccccc; --vscode-settings-dropdownBorder: #3c3c3c; --vscode-settings-dropdownListBorder: #454545;
  --vscode-checkbox-background: #313131; --vscode-checkbox-border: #3c3c3c; --vscode-checkbox-foreground: #cccccc;
  --vscode-widget-shadow: rgba(0, 0, 0, 0.36); --vscode-toolbar-hoverOutline: transparent; --vscode-sash-hoverBorder: #0078d4;
  --vscode-editor-findMatchBackground: #9e6a03; --vscode-editor-findMatchHighlightBackground: rgba(234, 92, 0, 0.33);
  color-scheme: dark;`;

/** High contrast: black or white, every surface outlined by the contrast border. */
const HIGH_CONTRAST = (dark: boolean): string => {
  const [fg, bg, border, active, link] = dark ? ['#ffffff', '#000000', '#6fc3df', '#f38518', '#21a6ff'] : ['#292929', '#ffffff', '#0f4a85', '#006bbd', '#0f4a85'];
  return `
  --vscode-foreground: ${fg}; --vscode-descriptionForeground: ${fg}; --vscode-editor-background: ${bg}; --vscode-editorWidget-background: ${bg};
  --vscode-panel-border: ${border}; --vscode-widget-border: ${border}; --vscode-contrastBorder: ${border}; --vscode-contrastActiveBorder: ${active}; --vscode-focusBorder: ${active};
  --vscode-textLink-foreground: ${link}; --vscode-badge-background: ${bg}; --vscode-badge-foreground: ${fg};
  --vscode-button-background: ${bg}; --vscode-button-foreground: ${fg}; --vscode-button-border: ${border};
  --vscode-button-secondaryBackground: ${bg}; --vscode-button-secondaryForeground: ${fg}; --vscode-button-secondaryHoverBackground: ${bg};
  --vscode-list-hoverBackground: ${bg}; --vscode-list-hoverForeground: ${fg}; --vscode-list-activeSelectionBackground: ${bg}; --vscode-list-activeSelectionForeground: ${fg}; --vscode-list-focusBackground: ${bg}; --vscode-list-focusOutline: ${active};
  --vscode-textCodeBlock-background: ${bg}; --vscode-textBlockQuote-background: ${bg};
  --vscode-inputValidation-warningBackground: ${bg}; --vscode-inputValidation-errorBackground: ${bg};
  --vscode-input-background: ${bg}; --vscode-input-foreground: ${fg}; --vscode-input-border: ${border};
  --vscode-settings-textInputBackground: ${bg}; --vscode-settings-textInputForeground: ${fg}; --vscode-settings-textInputBorder: ${border};
  --vscode-settings-dropdownBackground: ${bg}; --vscode-settings-dropdownForeground: ${fg}; --vscode-settings-dropdownBorder: ${border}; --vscode-settings-dropdownListBorder: ${border};
  --vscode-dropdown-background: ${bg}; --vscode-dropdown-foreground: ${fg}; --vscode-dropdown-border: ${border};
  --vscode-editor-findMatchBackground: ${bg}; --vscode-editor-findMatchHighlightBackground: ${bg};
  --vscode-editor-findMatchBorder: ${active}; --vscode-editor-findMatchHighlightBorder: ${border};`;
};

export const STANDALONE_THEME_CSS = `:root {
  --vscode-font-family: system-ui, -apple-system, "Segoe UI", sans-serif; --vscode-font-size: 13px; --vscode-font-weight: normal;
  --vscode-editor-font-family: ui-monospace, Menlo, Consolas, monospace;${LIGHT_THEME}
}
@media (prefers-color-scheme: dark) { :root {${DARK_THEME}
} }
@media (prefers-contrast: more) { :root {${HIGH_CONTRAST(false)}
} }
@media (prefers-contrast: more) and (prefers-color-scheme: dark) { :root {${HIGH_CONTRAST(true)}
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

/** The page around the data: everything before the data element (`head`) and the inline script element. */
interface StandaloneHtmlParts {
  head: string;
  scriptElement: string;
}

export function standaloneHtmlParts(summary: Pick<EmbeddedReport['summary'], 'displayName' | 'fileName'>, assets: StandaloneAssets): StandaloneHtmlParts {
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
  const title = escapeHtmlText(`${summary.displayName || summary.fileName} — Eval Lens`);
  const head = `<!DOCTYPE html>
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
`;
  return { head, scriptElement: `<script>${script}</script>\n` };
}

/** The data element of a report (the summary, and the samples unless they are carried compressed). */
export function reportDataElement(report: EmbeddedReport): string {
  return `<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">${jsonForScriptElement(report)}</script>\n`;
}

export const STANDALONE_HTML_END = '</body>\n</html>\n';

export function buildStandaloneHtml(report: EmbeddedReport, assets: StandaloneAssets): string {
  const { head, scriptElement } = standaloneHtmlParts(report.summary, assets);
  return `${head}${reportDataElement(report)}${scriptElement}${STANDALONE_HTML_END}`;
}
