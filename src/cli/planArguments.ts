import { UsageError } from './cliTypes';
import { statisticsStrings as S } from '../core/l10n/statisticsStrings';

/** A number option of a plan: `--delta` must be positive, `--power` and `--alpha` strictly between 0 and 1. */
export function planNumber(option: '--delta' | '--power' | '--alpha', text: string | undefined): number {
  if (text === undefined || (text.startsWith('-') && !/^-\d/.test(text))) throw new UsageError(S.optionNeedsValue(option));
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(S.notANumber(option, text));
  if (option === '--delta' && !(value > 0)) throw new UsageError(S.deltaPositive(text));
  if (option !== '--delta' && !(value > 0 && value < 1)) throw new UsageError(S.probabilityBetween(option, text));
  return value;
}
