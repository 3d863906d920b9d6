/** A plain text table: the headers, a rule, then the rows, columns padded to their widest cell. */
export function textTable(headers: readonly string[], rows: readonly string[][]): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: readonly string[]): string => cells.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
