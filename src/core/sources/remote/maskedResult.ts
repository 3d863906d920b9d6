/**
 * A preview result with every configured credential masked in its rows and warnings (docs/security.md,
 * "Masking"): what the editor shows and the command line prints never holds a key a server echoed back.
 */
import { PreviewResult, PreviewRow } from '../../model/previewTypes';
import { hasRegisteredSecrets, maskRegistered } from '../../text/secretMask';

/** Deeper values are already collapsed by the depth guards; beyond this they are left as they are. */
const MAX_DEPTH = 600;

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskRegistered(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) Object.defineProperty(out, maskRegistered(key), { value: maskValue(item, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

export function maskedResult(result: PreviewResult): PreviewResult {
  if (!hasRegisteredSecrets()) return result;
  const rows: PreviewRow[] = result.rows.map((row) => ({ ...row, values: maskValue(row.values, 0) as PreviewRow['values'] }));
  const warnings = result.warnings.map((warning) => ({ ...warning, message: maskRegistered(warning.message) }));
  return { ...result, rows, warnings };
}

/** A row's values with every configured credential masked (docs/security.md, "Masking"). */
export function maskedValues(values: Record<string, unknown>): Record<string, unknown> {
  return hasRegisteredSecrets() ? (maskValue(values, 0) as Record<string, unknown>) : values;
}
