/** `agent-<id>.meta.json` beside a sub-agent file: its `agentType` and the `toolUseId` of the call that launched it. */
import { readFile, stat } from 'node:fs/promises';
import { inputStrings } from '../../l10n/inputStrings';
import { sessionStrings } from '../../l10n/sourceStrings';
import { isPlainObject } from '../../json/objectValues';
import { subagentMetaPath } from './sessionFileNames';
import * as l10n from '@vscode/l10n';

const MAX_META_BYTES = 1 << 20;

export interface SubagentMeta {
  agentType?: string;
  toolUseId?: string;
}

export async function readSubagentMeta(file: string, warn: (message: string) => void): Promise<SubagentMeta> {
  const path = subagentMetaPath(file);
  let text: string;
  try {
    const info = await stat(path);
    // A named pipe would block the read below forever; a directory is no meta file either.
    if (!info.isFile()) {
      warn(sessionStrings.badMeta(path, info.isDirectory() ? inputStrings.notAFile(path) : inputStrings.notARegularFile(path)));
      return {};
    }
    if (info.size > MAX_META_BYTES) {
      warn(sessionStrings.badMeta(path, l10n.t('larger than {0} MB', MAX_META_BYTES / (1 << 20))));
      return {};
    }
    text = await readFile(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!isPlainObject(value)) throw new Error(l10n.t('not a JSON object'));
    return {
      agentType: typeof value.agentType === 'string' ? value.agentType : undefined,
      toolUseId: typeof value.toolUseId === 'string' ? value.toolUseId : undefined,
    };
  } catch (error) {
    warn(sessionStrings.badMeta(path, error instanceof Error ? error.message : String(error)));
    return {};
  }
}
