/** File-system completion for `file_path`, `directory_path` and `path` (relative to the spec's folder). */
import { resolveSourcePath } from '../sources/sourcePaths';
import type { CompletionContext, CompletionItem } from './completionTypes';
import { CursorContext } from './cursorContext';
import { authoringStrings as s } from '../l10n/authoringStrings';

const DATA_FILE = /\.(csv|jsonl)$/i;

/** Items for a path value; `pathKind` is the schema's `x-path` (`file`, `directory` or `any`). */
export function pathItems(text: string, offset: number, cur: Pick<CursorContext, 'prefix'>, ctx: Pick<CompletionContext, 'listDirectory' | 'specPath'>, pathKind: string, tabular: boolean): CompletionItem[] {
  if (!ctx.listDirectory) return [];
  const typed = cur.prefix;
  if (/^[a-z]+:\/\//i.test(typed)) return [];
  const slash = typed.lastIndexOf('/');
  const folderPart = slash >= 0 ? typed.slice(0, slash + 1) : '';
  const namePart = typed.slice(slash + 1);
  if (!ctx.specPath && !folderPart.startsWith('/') && !folderPart.startsWith('~')) return [];
  const folder = resolveSourcePath(folderPart === '' ? '.' : folderPart, ctx.specPath);
  const entries = ctx.listDirectory(folder);
  if (!entries) return [];
  const start = offset - namePart.length;
  const lineEnd = text.indexOf('\n', offset) < 0 ? text.length : text.indexOf('\n', offset);
  const rest = /^[^\s"'/,\]}]*/.exec(text.slice(offset, lineEnd))?.[0] ?? '';
  const range = { start, end: offset + rest.length };
  const showHidden = namePart.startsWith('.');
  return entries
    .filter((e) => showHidden || !e.name.startsWith('.'))
    .filter((e) => e.isDirectory || pathKind === 'any' || (pathKind === 'file' && (!tabular || DATA_FILE.test(e.name))))
    .sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.name.localeCompare(b.name))
    .map((e, i) => ({
      label: e.isDirectory ? `${e.name}/` : e.name,
      kind: e.isDirectory ? ('folder' as const) : ('file' as const),
      insertText: e.isDirectory && pathKind !== 'directory' ? `${e.name}/` : e.name,
      snippet: false, range, sortText: String(i).padStart(4, '0'),
      detail: e.isDirectory ? s.folderDetail : s.fileDetail,
      retrigger: e.isDirectory && pathKind !== 'directory',
    }));
}
