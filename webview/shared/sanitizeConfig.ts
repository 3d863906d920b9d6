/**
 * DOMPurify settings for markdown rendered from log content: formatting tags only, no attributes that
 * can run or load anything, links restricted to http/https (and then opened only through the host).
 * Pure data, so it can be checked without a DOM.
 */
export const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'li',
  'ol', 'p', 'pre', 's', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
] as const;

export const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan', 'align'] as const;

/** Only absolute http(s) links survive; everything else (javascript:, data:, vbscript:, relative) is removed. */
export const ALLOWED_URI_REGEXP = /^https?:\/\//i;

export const SANITIZE_CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'img', 'svg', 'math', 'link', 'meta', 'base'],
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
} as const;

/** Whether an attribute name may survive sanitisation (event handlers and style never do). */
export function isAllowedAttribute(name: string): boolean {
  const lower = name.toLowerCase();
  return (ALLOWED_ATTR as readonly string[]).includes(lower) && !lower.startsWith('on');
}
