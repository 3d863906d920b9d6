/**
 * Every dataset source type, in the schema's order. A new source is one folder with its definition and one
 * line here (docs/adding-a-source.md).
 */
import { evalLogsSource } from './evalLogs/evalLogsDefinition';
import { folderSource } from './folder/folderDefinition';
import { hubSource } from './hub/hubDefinition';
import { langfuseSource } from './langfuse/langfuseDefinition';
import { langsmithSource } from './langsmith/langsmithDefinition';
import { localSource } from './local/localDefinition';
import { phoenixSource } from './phoenix/phoenixDefinition';
import { sessionsSource } from './sessions/sessionsDefinition';
import { locationFieldOf, SourceDefinition } from './sourceDefinition';
import { urlSource } from './url/urlDefinition';

export const SOURCE_DEFINITIONS: readonly SourceDefinition[] = [
  localSource,
  folderSource,
  urlSource,
  hubSource,
  sessionsSource,
  langsmithSource,
  langfuseSource,
  evalLogsSource,
  phoenixSource,
];

const BY_IDENTIFIER: ReadonlyMap<string, SourceDefinition> = new Map(
  SOURCE_DEFINITIONS.flatMap((definition) => definition.identifiers.map((identifier) => [identifier, definition] as const)),
);

/** The definition a `source.type` names, by any of its spellings; undefined for an unknown type. */
export function sourceDefinitionFor(type: unknown): SourceDefinition | undefined {
  return typeof type === 'string' ? BY_IDENTIFIER.get(type) : undefined;
}

/** The definition of a source mapping's `type`, when the value is a mapping with a known type. */
export function definitionOfSource(source: unknown): SourceDefinition | undefined {
  return typeof source === 'object' && source !== null && !Array.isArray(source) ? sourceDefinitionFor((source as { type?: unknown }).type) : undefined;
}

/** The fields that say where a source's records are (a path, a URL, a hub dataset), each once, in registry order. */
export const SOURCE_LOCATION_FIELDS: readonly string[] = [
  ...new Set(SOURCE_DEFINITIONS.map(locationFieldOf).filter((field): field is string => field !== undefined)),
];
