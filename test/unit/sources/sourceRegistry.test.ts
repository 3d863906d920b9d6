/** The registry of source types: one definition per schema source type, each complete and agreeing with the schema. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import datasetSourceSchema from '../../../schemas/dataset-source.schema.json';
import { SOURCE_DEFINITIONS, SOURCE_LOCATION_FIELDS, sourceDefinitionFor } from '../../../src/core/sources/registry';
import { repoRoot } from '../schema/schemaTestSupport';
import { SELECTING_SOURCE_TYPES } from '../../../src/core/validation/sourceSelectionCheck';

interface SchemaVariant {
  type: string;
  properties: string[];
}

function schemaVariants(): SchemaVariant[] {
  const defs = datasetSourceSchema.$defs as Record<string, { properties?: Record<string, { const?: unknown }> }>;
  const variants: SchemaVariant[] = [];
  for (const def of Object.values(defs)) {
    const typeSchema = def.properties?.type as { const?: unknown; enum?: unknown[] } | undefined;
    const type = typeSchema?.const ?? typeSchema?.enum?.[0];
    if (typeof type === 'string' && def.properties && !('oneOf' in def)) variants.push({ type, properties: Object.keys(def.properties) });
  }
  return variants;
}

function schemaTypes(): string[] {
  return (datasetSourceSchema.$defs.DatasetSource.properties.type.enum as string[]).slice();
}

test('identifiers are unique across definitions, and each definition has at least one', () => {
  const all = SOURCE_DEFINITIONS.flatMap((definition) => definition.identifiers);
  assert.equal(new Set(all).size, all.length, `repeated identifiers: ${all.join(', ')}`);
  for (const definition of SOURCE_DEFINITIONS) assert.ok(definition.identifiers.length > 0);
});

test('every spelling of the schema is registered, and every registered spelling is in the schema, type by type in the same order', () => {
  const spellings = SOURCE_DEFINITIONS.flatMap((definition) => [...definition.identifiers].sort());
  const schemaSpellings = SOURCE_DEFINITIONS.flatMap((definition) => schemaTypes().filter((type) => definition.identifiers.includes(type)).sort());
  assert.deepEqual(schemaSpellings, spellings);
  assert.equal(schemaTypes().length, spellings.length);
  for (const type of schemaTypes()) assert.ok(sourceDefinitionFor(type)?.identifiers.includes(type), type);
  // The service's spelling comes first in the schema (completion offers it first); rows are labelled with the first identifier.
  assert.deepEqual(schemaTypes().filter((type) => ['huggingface', 'dataset_hub'].includes(type)), ['huggingface', 'dataset_hub']);
  assert.equal(sourceDefinitionFor('no_such_source'), undefined);
  assert.equal(sourceDefinitionFor('constructor'), undefined);
  assert.equal(sourceDefinitionFor(undefined), undefined);
});

test('each definition is complete: its fields are the schema variant fields, it selects as the schema says', () => {
  for (const variant of schemaVariants()) {
    const definition = sourceDefinitionFor(variant.type);
    assert.ok(definition, variant.type);
    const fieldNames = definition.fields.map((field) => field.name);
    assert.equal(new Set(fieldNames).size, fieldNames.length, `${variant.type}: a field is listed twice`);
    const expected = variant.properties.filter((name) => name !== 'type' && name !== 'filters');
    assert.deepEqual([...fieldNames].sort(), [...expected].sort(), `${variant.type}: fields`);
    const takesFilters = variant.properties.includes('filters');
    assert.equal(definition.selection, takesFilters ? 'filters' : 'own fields', `${variant.type}: selection`);
    assert.equal(SELECTING_SOURCE_TYPES.includes(variant.type), !takesFilters, `${variant.type}: selecting types from the schema`);
    assert.equal(typeof definition.preview, 'function');
    assert.equal(typeof definition.recordNoun, 'function');
    for (const set of definition.columns) {
      assert.ok(set.label && set.columns.length > 0, `${variant.type}: column set`);
      assert.equal(set.columns[0], 'sample_id', `${variant.type}: rows start with sample_id`);
    }
    for (const field of definition.authoring.factsFields) assert.ok(fieldNames.includes(field), `${variant.type}: facts field ${field}`);
  }
});

test('the location fields keep the order the failure view has always searched them in', () => {
  assert.deepEqual(SOURCE_LOCATION_FIELDS, ['file_path', 'directory_path', 'url', 'path']);
});

test('the committed dataset-source schema is what the sources\' schema parts assemble to', () => {
  const load = createRequire(__filename);
  const assembler = load(path.join(repoRoot, 'scripts/assembleSourceSchema.js')) as { assembleSourceSchema: (root: string) => string; SOURCE_SCHEMA_TARGET: string };
  const committed = readFileSync(path.join(repoRoot, assembler.SOURCE_SCHEMA_TARGET), 'utf8');
  assert.equal(committed, assembler.assembleSourceSchema(repoRoot), 'run npm run build and commit schemas/dataset-source.schema.json');
  const parts = SOURCE_DEFINITIONS.flatMap((definition) => [...definition.identifiers].sort());
  assert.deepEqual([...JSON.parse(committed).$defs.DatasetSource.properties.type.enum].sort(), [...parts].sort());
});
