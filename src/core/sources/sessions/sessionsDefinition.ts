/** `coding_agent_sessions` (docs/semantics.md §9.2): one row per coding-assistant session stored on this machine. */
import type { SourceDefinition } from '../sourceDefinition';
import { pathFactsKey } from '../sourcePaths';
import { CODING_AGENT_SESSION_COLUMNS, SESSION_SOURCE_TYPE } from './sessionColumns';
import { previewSessions } from './sessionsSource';

export const sessionsSource: SourceDefinition = {
  identifiers: [SESSION_SOURCE_TYPE, 'claude_code'],
  recordNoun: () => 'sessions',
  fields: [
    { name: 'path', role: 'path', target: 'file or folder', watched: false },
    { name: 'session_id', role: 'id' },
    { name: 'from_time', role: 'time' },
    { name: 'to_time', role: 'time' },
    { name: 'limit', role: 'selection' },
  ],
  columns: [{ label: 'session', columns: CODING_AGENT_SESSION_COLUMNS }],
  selection: 'own fields',
  authoring: {
    factsKey: pathFactsKey,
    factsFields: [],
    factsNeedPreview: true,
    knownValues: (field, facts) => (field === 'session_id' ? facts.sessionIds ?? [] : []),
  },
  preview: (context) => previewSessions({ source: context.source, options: context.options, run: context.run }),
};
