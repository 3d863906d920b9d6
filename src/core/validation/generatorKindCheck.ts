/**
 * A key written in one kind of synthesizer or data source that belongs to another kind (`fields` in an `llm`
 * synthesizer): said in those words instead of the schema's nearest-name guess (docs/semantics.md §11.3).
 */
import generatorSchema from '../../../schemas/generator-definition.schema.json';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { asRecord, valueAtPath } from '../json/jsonValue';
import type { JsonPath } from '../yaml/specDocument';

type Defs = Record<string, { properties?: Record<string, { const?: unknown }>; oneOf?: { $ref: string }[] }>;

/** For each union (by the key that holds it), property name → the kinds that declare it. */
function ownersByUnion(): Map<string, Map<string, string[]>> {
  const defs = (generatorSchema as unknown as { $defs: Defs }).$defs;
  const unions: [string, string][] = [['synthesizers', 'Synthesizer'], ['synthesizer', 'Synthesizer'], ['data_source', 'GeneratorDataSource']];
  const out = new Map<string, Map<string, string[]>>();
  for (const [holder, union] of unions) {
    const owners = new Map<string, string[]>();
    for (const { $ref } of defs[union]?.oneOf ?? []) {
      const variant = defs[$ref.replace('#/$defs/', '')];
      const kind = variant?.properties?.type?.const;
      if (typeof kind !== 'string') continue;
      for (const name of Object.keys(variant.properties ?? {})) owners.set(name, [...(owners.get(name) ?? []), kind]);
    }
    out.set(holder, owners);
  }
  return out;
}

let cached: Map<string, Map<string, string[]>> | undefined;

/** The union holding the object at `objectPath` (`definition.synthesizers[i]`, `.synthesizer`, `.data_source`). */
function holderOf(objectPath: JsonPath): string | undefined {
  const last = objectPath[objectPath.length - 1];
  const holder = typeof last === 'number' ? objectPath[objectPath.length - 2] : last;
  return typeof holder === 'string' ? holder : undefined;
}

export function explainOtherKindProperties(diagnostics: { path: JsonPath; code?: string; message: string; data?: unknown }[], definition: unknown): void {
  cached ??= ownersByUnion();
  for (const d of diagnostics) {
    if (d.code !== 'unknown-property' || d.path.length < 2) continue;
    const objectPath = d.path.slice(0, -1);
    const holder = holderOf(objectPath);
    const owners = holder === undefined ? undefined : cached.get(holder)?.get(String(d.path[d.path.length - 1]));
    const type = asRecord(valueAtPath(definition, objectPath))?.type;
    if (!owners || typeof type !== 'string') continue;
    d.message = s.otherKindProperty(String(d.path[d.path.length - 1]), owners, type);
    d.data = { property: String(d.path[d.path.length - 1]) };
  }
}
