/** Writing values as YAML or JSON text: scalars for completion and quick fixes, snippet bodies. */
import { isRecord } from '../json/jsonValue';

const RESERVED_PLAIN = /^(true|false|null|yes|no|on|off|~|[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|0x[0-9a-fA-F]+|\.inf|\.nan)$/i;

/** Whether a string can be written as a plain (unquoted) YAML scalar and read back as the same string. */
function isPlainSafe(text: string): boolean {
  if (text === '' || text.trim() !== text) return false;
  if (RESERVED_PLAIN.test(text)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(text)) return false;
  if (/: |\s#|:$|[\n\r\t]/.test(text)) return false;
  return true;
}

/** A scalar as YAML (plain when safe, else double-quoted) or JSON text. */
export function scalarText(value: unknown, json: boolean): string {
  if (typeof value === 'string') return json || !isPlainSafe(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? 'null';
}

/** A key (or a scalar) written in the quoting style of the text it replaces. */
export function keyText(original: string, key: string, json: boolean): string {
  if (json || original.startsWith('"')) return JSON.stringify(key);
  if (original.startsWith("'")) return `'${key.replace(/'/g, "''")}'`;
  return scalarText(key, false);
}

function snippetScalar(value: unknown, json: boolean): string {
  if (typeof value === 'string') {
    if (value.startsWith('^')) return value.slice(1);
    const probe = value.replace(/\$\{\d+[:|]?([^}]*)\}/g, (_m, inner: string) => inner.split('|')[0].split(',')[0] || 'x');
    if (json || !isPlainSafe(probe)) return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    return value;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A small flat mapping is written inline: `{ secret: NAME }`. */
export function isInlineBody(body: unknown): boolean {
  return isRecord(body) && Object.keys(body).length <= 2 && Object.values(body).every((v) => !isRecord(v) && !Array.isArray(v));
}

/** YAML lines of a snippet body (a mapping or a list), two spaces per level. */
export function snippetLines(body: unknown, indent = ''): string[] {
  if (Array.isArray(body)) {
    return body.flatMap((item) => {
      const inner = snippetLines(item, indent + '  ');
      if (isRecord(item) || Array.isArray(item)) {
        if (inner.length === 0) return [`${indent}- {}`];
        return [`${indent}- ${inner[0].trimStart()}`, ...inner.slice(1)];
      }
      return [`${indent}- ${snippetScalar(item, false)}`];
    });
  }
  if (isRecord(body)) {
    return Object.entries(body).flatMap(([key, value]) => {
      const k = snippetScalar(key, false);
      if (isRecord(value) && Object.keys(value).length === 0) return [`${indent}${k}: {}`];
      if (Array.isArray(value) && value.length === 0) return [`${indent}${k}: []`];
      if (isRecord(value) || Array.isArray(value)) return [`${indent}${k}:`, ...snippetLines(value, indent + '  ')];
      return [`${indent}${k}: ${snippetScalar(value, false)}`];
    });
  }
  return [`${indent}${snippetScalar(body, false)}`];
}

/** `{ key: value }` inline form of a small mapping snippet. */
export function inlineSnippet(body: Record<string, unknown>, json: boolean): string {
  const parts = Object.entries(body).map(([k, v]) => `${json ? JSON.stringify(k) : k}: ${snippetScalar(v, json)}`);
  return `{ ${parts.join(', ')} }`;
}
