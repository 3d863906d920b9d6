/**
 * Milliseconds of a UTC timestamp written the way session files write them (`2026-01-25T18:00:03.425Z`, or
 * without the fraction), read from its bytes: the same number `Date.parse` gives, several times faster. Any
 * other text gives undefined (the caller then uses `Date.parse`).
 */

function digits(bytes: Uint8Array, at: number, count: number): number {
  let value = 0;
  for (let k = at; k < at + count; k++) {
    const digit = bytes[k] - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar; a day past the month's end runs on into the next, as in `Date.UTC`. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The milliseconds of `bytes[start, end)` when it is `YYYY-MM-DDTHH:MM:SS[.sss]Z` with every field in range, else undefined. */
export function isoMs(bytes: Uint8Array, start: number, end: number): number | undefined {
  const length = end - start;
  if (length !== 24 && length !== 20) return undefined;
  if (bytes[start + 4] !== 0x2d || bytes[start + 7] !== 0x2d || bytes[start + 10] !== 0x54 || bytes[start + 13] !== 0x3a || bytes[start + 16] !== 0x3a || bytes[end - 1] !== 0x5a) return undefined;
  const year = digits(bytes, start, 4);
  const month = digits(bytes, start + 5, 2);
  const day = digits(bytes, start + 8, 2);
  const hour = digits(bytes, start + 11, 2);
  const minute = digits(bytes, start + 14, 2);
  const second = digits(bytes, start + 17, 2);
  let ms = 0;
  if (length === 24) {
    if (bytes[start + 19] !== 0x2e) return undefined;
    ms = digits(bytes, start + 20, 3);
  }
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return undefined;
  return daysFromCivil(year, month, day) * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms;
}
