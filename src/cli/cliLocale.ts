/**
 * The command line's language: `EVAL_LENS_LOCALE`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX order). When
 * `l10n/bundle.l10n.<locale>.json` ships beside the package for it (`de_DE.UTF-8` looks for `de-de`, then
 * `de`), its translations are used (in the worker threads too); otherwise the output stays English.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as l10n from '@vscode/l10n';
import { configureL10nWithWorkers } from '../core/l10n/workerL10n';

type Env = Record<string, string | undefined>;

/** The locale asked for, lower case with `-` (`de-de`), or undefined for English / the C locale. */
export function requestedLocale(env: Env): string | undefined {
  const raw = [env.EVAL_LENS_LOCALE, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== '');
  if (raw === undefined) return undefined;
  const tag = raw.trim().split(/[.@]/)[0].replace(/_/g, '-').toLowerCase();
  if (tag === '' || tag === 'c' || tag === 'posix') return undefined;
  return tag;
}

/** The bundle file names to try for a locale, most specific first: `bundle.l10n.de-de.json`, `bundle.l10n.de.json`. */
export function bundleCandidates(locale: string): string[] {
  const parts = locale.split('-');
  const names: string[] = [];
  for (let n = parts.length; n >= 1; n--) names.push(`bundle.l10n.${parts.slice(0, n).join('-')}.json`);
  return names;
}

/** Configures `@vscode/l10n` from the first bundle found in `l10nDir`; returns its path, or undefined for English. */
export function configureCliL10n(env: Env, l10nDir: string): string | undefined {
  const locale = requestedLocale(env);
  if (locale === undefined || locale === 'en' || locale.startsWith('en-')) return undefined;
  for (const name of bundleCandidates(locale)) {
    const file = path.join(l10nDir, name);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    try {
      configureL10nWithWorkers(JSON.parse(text) as l10n.l10nJsonFormat);
      return file;
    } catch {
      // A damaged bundle: stay in English rather than fail the command.
      return undefined;
    }
  }
  return undefined;
}
