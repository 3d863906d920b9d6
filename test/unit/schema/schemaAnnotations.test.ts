import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as validators from '../../../src/core/schema/generated/validators';
import { compileDef, defsOf, isObject, readSchema, schemaFileNames, type JsonObject } from './schemaTestSupport';

/** Keywords whose values are data (defaults, snippets, literals), not subschemas. */
const DATA_KEYWORDS = new Set(['defaultSnippets', 'enum', 'const', 'default', 'examples', 'markdownEnumDescriptions', 'enumDescriptions']);

interface SchemaNode {
  file: string;
  pointer: string;
  node: JsonObject;
}

/** Every schema object in every file, with its JSON pointer. */
function allSchemaNodes(): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const visit = (file: string, pointer: string, value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(file, `${pointer}/${index}`, item));
      return;
    }
    if (!isObject(value)) return;
    nodes.push({ file, pointer, node: value });
    for (const [key, child] of Object.entries(value)) {
      if (!DATA_KEYWORDS.has(key)) visit(file, `${pointer}/${key}`, child);
    }
  };
  for (const file of schemaFileNames()) visit(file, '#', readSchema(file));
  return nodes;
}

/** Every named property schema: [file#pointer, property name, property schema]. */
function allProperties(): [string, string, JsonObject][] {
  const found: [string, string, JsonObject][] = [];
  for (const { file, pointer, node } of allSchemaNodes()) {
    if (!isObject(node.properties)) continue;
    for (const [name, schema] of Object.entries(node.properties)) {
      assert.ok(isObject(schema), `${file}${pointer}/properties/${name} is not a schema object`);
      found.push([`${file}${pointer}/properties/${name}`, name, schema]);
    }
  }
  return found;
}

describe('Schema files', () => {
  test('the five root schemas exist and have a generated validator', () => {
    const files = schemaFileNames();
    for (const root of ['dataset.schema.json', 'generator-definition.schema.json', 'task-result-log.schema.json', 'trace.schema.json', 'agent-connection.schema.json']) {
      assert.ok(files.includes(root), `${root} is missing`);
    }
    for (const name of ['validateDataset', 'validateGeneratorDefinition', 'validateTaskResultLog', 'validateTrace', 'validateAgentConnection'] as const) {
      assert.equal(typeof validators[name], 'function');
    }
  });

  test('use draft 2020-12 and carry no $id', () => {
    for (const file of schemaFileNames()) assert.equal(readSchema(file).$schema, 'https://json-schema.org/draft/2020-12/schema', file);
    for (const { file, pointer, node } of allSchemaNodes()) assert.equal(node.$id, undefined, `${file}${pointer} has an $id`);
  });

  test('every $ref is relative: a local pointer or a sibling schema file', () => {
    const files = new Set(schemaFileNames());
    for (const { file, pointer, node } of allSchemaNodes()) {
      if (typeof node.$ref !== 'string') continue;
      const [target, fragment] = node.$ref.split('#');
      assert.ok(target === '' || files.has(target), `${file}${pointer}: ${node.$ref}`);
      assert.match(fragment ?? '', /^\/\$defs\/[A-Za-z]+$/, `${file}${pointer}: ${node.$ref}`);
    }
  });

  test('every $defs entry compiles in strict mode and has a title', () => {
    for (const file of schemaFileNames()) {
      for (const [name, def] of Object.entries(defsOf(readSchema(file)))) {
        assert.ok(isObject(def) && typeof def.title === 'string' && def.title.length > 0, `${file}#/$defs/${name} has no title`);
        assert.equal(typeof compileDef(file, name), 'function');
      }
    }
  });
});

describe('Editor annotations', () => {
  test('every property has a markdownDescription', () => {
    const properties = allProperties();
    assert.ok(properties.length > 150);
    for (const [where, , schema] of properties) {
      assert.ok(typeof schema.markdownDescription === 'string' && schema.markdownDescription.trim().length > 0, `${where} has no markdownDescription`);
    }
  });

  test('every enum has descriptions of the same length', () => {
    let enums = 0;
    for (const { file, pointer, node } of allSchemaNodes()) {
      if (!Array.isArray(node.enum)) continue;
      enums++;
      const descriptions = node.markdownEnumDescriptions ?? node.enumDescriptions;
      assert.ok(Array.isArray(descriptions), `${file}${pointer} has no enum descriptions`);
      assert.equal(descriptions.length, node.enum.length, `${file}${pointer}`);
    }
    assert.ok(enums >= 12);
  });

  test('every defaultSnippets entry has a label, a description and a body', () => {
    let snippets = 0;
    for (const { file, pointer, node } of allSchemaNodes()) {
      if (node.defaultSnippets === undefined) continue;
      assert.ok(Array.isArray(node.defaultSnippets), `${file}${pointer}`);
      for (const snippet of node.defaultSnippets) {
        snippets++;
        assert.ok(isObject(snippet) && typeof snippet.label === 'string' && typeof snippet.description === 'string' && 'body' in snippet, `${file}${pointer}`);
      }
    }
    assert.ok(snippets >= 8 + 3 + 5 + 6 + 1);
  });

  test('snippets of each union name a valid discriminator value', () => {
    const unions: [string, string, string][] = [
      ['dataset-source.schema.json', 'DatasetSource', 'type'],
      ['filter.schema.json', 'Filter', 'op'],
      ['scoring.schema.json', 'Aggregator', 'function'],
      ['agent-connection.schema.json', 'AgentConnection', 'connection_type'],
    ];
    for (const [file, def, tag] of unions) {
      const union = defsOf(readSchema(file))[def] as JsonObject;
      const allowed = ((union.properties as JsonObject)[tag] as JsonObject).enum as string[];
      const covered = new Set<string>();
      for (const snippet of union.defaultSnippets as JsonObject[]) {
        const value = String((snippet.body as JsonObject)[tag]);
        const choices = /^\$\{\d+\|(.*)\|\}$/.exec(value)?.[1]?.split(',') ?? [value];
        for (const choice of choices) {
          assert.ok(allowed.includes(choice), `${def} snippet uses ${choice}`);
          covered.add(choice);
        }
      }
      // A branch may have several spellings of its value (the service's and the specification's): one snippet each branch.
      const defs = defsOf(readSchema(file));
      for (const branch of union.oneOf as JsonObject[]) {
        const target = defs[String(branch.$ref).replace('#/$defs/', '')] as JsonObject;
        const tagSchema = (target.properties as JsonObject)[tag] as JsonObject;
        const spellings = tagSchema.const !== undefined ? [String(tagSchema.const)] : (tagSchema.enum as string[]);
        assert.ok(spellings.some((spelling) => covered.has(spelling)), `${def}: a snippet for ${spellings.join(' / ')}`);
      }
      assert.ok([...covered].every((value) => allowed.includes(value)));
    }
  });

  test('each discriminated union lists exactly the values of its branches', () => {
    for (const { file, pointer, node } of allSchemaNodes()) {
      if (!isObject(node.discriminator)) continue;
      const tag = node.discriminator.propertyName as string;
      const listed = ((node.properties as JsonObject)[tag] as JsonObject).enum as string[];
      const branchValues: string[] = [];
      for (const branch of node.oneOf as JsonObject[]) {
        const ref = branch.$ref as string;
        const target = defsOf(readSchema(ref.startsWith('#') ? file : ref.split('#')[0]))[ref.split('/').pop() as string] as JsonObject;
        const tagSchema = (target.properties as JsonObject)[tag] as JsonObject;
        branchValues.push(...(tagSchema.const !== undefined ? [tagSchema.const as string] : (tagSchema.enum as string[])));
        assert.ok((target.required as string[]).includes(tag), `${ref} must require ${tag}`);
      }
      assert.deepEqual([...branchValues].sort(), [...listed].sort(), `${file}${pointer}`);
    }
  });

  test('credential, path, expression and template fields are marked', () => {
    const credentialNames = new Set(['api_key', 'access_key_id', 'secret_access_key', 'session_token', 'client_secret']);
    const expectedPath: Record<string, string> = { file_path: 'file', directory_path: 'directory' };
    let credentials = 0;
    for (const [where, name, schema] of allProperties()) {
      if (credentialNames.has(name)) {
        credentials++;
        assert.equal(schema['x-credential'], true, where);
        assert.equal(schema.$ref, 'credential.schema.json#/$defs/Credential', where);
      }
      if (name in expectedPath) assert.equal(schema['x-path'], expectedPath[name], where);
      if (name === 'expression') assert.equal(schema['x-expression'], true, where);
      if (name === 'user_prompt_template' || name === 'system_prompt') assert.equal(schema['x-template'], true, where);
    }
    assert.ok(credentials >= 9);
    const sources = defsOf(readSchema('dataset-source.schema.json'));
    for (const def of ['CodingAgentSessionsSource', 'EvalLogsSource']) {
      assert.equal(((((sources[def] as JsonObject).properties as JsonObject).path) as JsonObject)['x-path'], 'any', def);
    }
  });

  test('defaults given by the specification are declared', () => {
    const trace = defsOf(readSchema('trace.schema.json')).Trace as JsonObject;
    assert.equal(((trace.properties as JsonObject).FORMAT as JsonObject).default, 'open_responses');
    const scoring = defsOf(readSchema('scoring.schema.json'));
    for (const def of ['ScoresData', 'MetricData']) {
      assert.equal((((scoring[def] as JsonObject).properties as JsonObject).scorer_purpose as JsonObject).default, 'score', def);
    }
    const dataset = defsOf(readSchema('dataset.schema.json')).Dataset as JsonObject;
    assert.deepEqual(((dataset.properties as JsonObject).tags as JsonObject).default, []);
  });
});
