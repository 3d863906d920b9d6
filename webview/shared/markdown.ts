/**
 * Markdown from log content (model messages): rendered by `marked` (raw HTML kept as text), then
 * sanitised by DOMPurify with the strict config; links lose their href and open only through a message to
 * the host (http/https, after the user confirms there).
 */
import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import { SANITIZE_CONFIG } from './sanitizeConfig';
import { isOpenableLink } from '../../src/core/protocol/logReportProtocol';

type LinkOpener = (href: string) => void;

let opener: LinkOpener = () => undefined;

/** Where activated links go (the host in VS Code; nowhere in a standalone export). */
export function setLinkOpener(open: LinkOpener): void {
  opener = open;
}

const purifyOptions = {
  ...SANITIZE_CONFIG,
  ALLOWED_TAGS: [...SANITIZE_CONFIG.ALLOWED_TAGS],
  ALLOWED_ATTR: [...SANITIZE_CONFIG.ALLOWED_ATTR],
  FORBID_TAGS: [...SANITIZE_CONFIG.FORBID_TAGS],
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Raw HTML in a message is shown as the text it is (what the model wrote), never as markup. */
const marked = new Marked({ async: false, gfm: true, breaks: false, renderer: { html: ({ text }) => escapeHtml(text) } });

function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** A container holding the sanitised rendering of `markdown`, with links rewired to the host. */
export function renderMarkdown(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.className = 'markdown';
  const fragment = DOMPurify.sanitize(markdownToHtml(markdown), { ...purifyOptions, RETURN_DOM_FRAGMENT: true });
  for (const anchor of Array.from(fragment.querySelectorAll('a'))) {
    const href = anchor.getAttribute('href') ?? '';
    anchor.removeAttribute('href');
    if (!isOpenableLink(href)) continue;
    anchor.title = href;
    anchor.setAttribute('role', 'link');
    anchor.tabIndex = 0;
    anchor.classList.add('external-link');
    const activate = (event: Event): void => {
      event.preventDefault();
      opener(href);
    };
    anchor.addEventListener('click', activate);
    anchor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') activate(event);
    });
  }
  container.appendChild(fragment);
  return container;
}
