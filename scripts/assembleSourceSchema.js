// Writes schemas/dataset-source.schema.json from the schema part of each source type (src/core/sources/<type>/
// sourceSchema.json): the variants, the `type` enum with its descriptions, the messages that list the types, and the
// snippets. A new source type brings its own part; nothing here names a type. Called by generateValidators.js.
const fs = require('node:fs');
const path = require('node:path');

const SOURCES_DIR = 'src/core/sources';
const TARGET = 'schemas/dataset-source.schema.json';

/** The parts, in their `order`; each is checked for the fields the assembly needs. */
function readParts(root) {
  const dir = path.join(root, SOURCES_DIR);
  const parts = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, 'sourceSchema.json');
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const part = JSON.parse(fs.readFileSync(file, 'utf8'));
    const typeSchema = part.definition?.properties?.type;
    const types = typeSchema?.const !== undefined ? [typeSchema.const] : typeSchema?.enum;
    if (typeof part.order !== 'number' || typeof part.name !== 'string' || !Array.isArray(types) || !types.every((t) => typeof t === 'string') || typeof part.typeDescription !== 'string') {
      throw new Error(`${path.relative(root, file)}: needs "order", "name", "typeDescription" and a "definition" whose properties.type has a "const" or an "enum" of strings`);
    }
    parts.push({ ...part, types, file: path.relative(root, file) });
  }
  parts.sort((a, b) => a.order - b.order);
  for (let k = 1; k < parts.length; k++) {
    if (parts[k].order === parts[k - 1].order) throw new Error(`${parts[k].file} and ${parts[k - 1].file} have the same "order"`);
  }
  return parts;
}

/** "`a`, `b` or `c`" */
function spokenList(types) {
  const quoted = types.map((type) => `\`${type}\``);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

function assembleSourceSchema(root) {
  const parts = readParts(root);
  // Each spelling of a type, the service's first; a second spelling is described as the same source.
  const types = parts.flatMap((part) => part.types);
  const descriptions = parts.flatMap((part) => part.types.map((type, k) => (k === 0 ? part.typeDescription : `Same as \`${part.types[0]}\`. ${part.typeDescription}`)));
  const union = {
    title: 'Dataset source',
    'x-kind': 'datasetSource',
    markdownDescription: `Where the dataset's samples are loaded from, chosen by \`type\`: ${spokenList(parts.map((part) => part.types[0]))}.`,
    errorMessage: `a source is an object whose \`type\` is one of: ${types.join(', ')}`,
    type: 'object',
    properties: {
      type: {
        markdownDescription: 'The kind of source. It decides which other fields apply.',
        errorMessage: `\`type\` must be one of: ${types.join(', ')}`,
        enum: types,
        markdownEnumDescriptions: descriptions,
      },
    },
    discriminator: { propertyName: 'type' },
    oneOf: parts.map((part) => ({ $ref: `#/$defs/${part.name}` })),
    defaultSnippets: parts.filter((part) => part.snippet).map((part) => part.snippet),
  };
  // A variant spelt more than one way describes each spelling (editors show them in completion).
  const definitions = parts.map((part) => {
    const typeSchema = part.definition.properties.type;
    if (!Array.isArray(typeSchema.enum) || typeSchema.markdownEnumDescriptions) return [part.name, part.definition];
    const markdownEnumDescriptions = typeSchema.enum.map((_, k) => descriptions[types.indexOf(part.types[k])]);
    return [part.name, { ...part.definition, properties: { ...part.definition.properties, type: { ...typeSchema, markdownEnumDescriptions } } }];
  });
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Dataset sources',
    $comment: 'The sources a dataset can be loaded from, discriminated by `type`. Written by scripts/assembleSourceSchema.js from src/core/sources/*/sourceSchema.json: edit those.',
    $defs: { DatasetSource: union, ...Object.fromEntries(definitions) },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes the assembled schema when it differs from the file; returns true when it did. */
function writeSourceSchema(root) {
  const text = assembleSourceSchema(root);
  const target = path.join(root, TARGET);
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) return false;
  fs.writeFileSync(target, text);
  return true;
}

module.exports = { assembleSourceSchema, writeSourceSchema, SOURCE_SCHEMA_TARGET: TARGET };

if (require.main === module) writeSourceSchema(path.join(__dirname, '..'));
