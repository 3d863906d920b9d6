/** Checks a numeric option of the API: a caller's NaN, fraction or negative count is refused with a message naming it. */
import { apiStrings } from '../core/l10n/apiStrings';
import { ArgumentError } from './errors';

/** `value` when it is a whole number of at least `least` (or absent), else an ArgumentError naming the option. */
export function wholeNumberOption(option: string, value: number | undefined, least: number): number | undefined {
  if (value === undefined || (Number.isSafeInteger(value) && value >= least)) return value;
  throw new ArgumentError(apiStrings.wholeNumber(option, least, value));
}
