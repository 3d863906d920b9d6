/** Numbers as the views, the CLI and the exports write them. */
let integer: Intl.NumberFormat | undefined;

/**
 * A count with thousands separators: 10000 → "10,000". Whole numbers are grouped without Intl (its locale data
 * costs milliseconds on first use, on the first page's path); anything else is rounded by Intl.
 */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  integer ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return integer.format(n);
}
