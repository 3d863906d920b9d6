// Writes src/api/generated/taskResultLog.ts: the TypeScript types of a task result log file, generated from
// schemas/task-result-log.schema.json and the definitions it uses from the other schemas. Called by esbuild.js
// before bundling; a unit test checks that the committed file is what this writes.
const fs = require('node:fs');
const path = require('node:path');

const ROOT_SCHEMA = 'task-result-log.schema.json';
const TARGET = 'src/api/generated/taskResultLog.ts';
/** The log's own type is named as the specification names it; the other definitions keep their schema names. */
const RENAMED = { TaskResultLog: 'TaskResultLogConfiguration' };

function readSchema(root, file) {
  return JSON.parse(fs.readFileSync(path.join(root, 'schemas', file), 'utf8'));
}

function typeName(name) {
  return RENAMED[name] ?? name;
}

/** A `$ref` → [schema file, definition name]. */
function splitRef(ref, file) {
  const match = /^([^#]*)#\/\$defs\/([A-Za-z0-9_]+)$/.exec(ref);
  if (!match) throw new Error(`${file}: unsupported $ref ${ref}`);
  return [match[1] || file, match[2]];
}

function docComment(schema, indent) {
  const text = schema.markdownDescription ?? schema.description ?? schema.title;
  if (!text) return '';
  const lines = String(text).replace(/\*\//g, '*\\/').split('\n');
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

const PRIMITIVES = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean', null: 'null', array: 'unknown[]', object: 'Record<string, unknown>' };

class TypeWriter {
  constructor(root) {
    this.root = root;
    this.schemas = new Map();
    this.pending = [];
    this.written = new Map();
  }

  schema(file) {
    if (!this.schemas.has(file)) this.schemas.set(file, readSchema(this.root, file));
    return this.schemas.get(file);
  }

  /** The name of a referenced definition, queued for writing. */
  refName(ref, file) {
    const [target, name] = splitRef(ref, file);
    const key = `${target}#${name}`;
    if (!this.written.has(key)) {
      this.written.set(key, null);
      this.pending.push({ file: target, name });
    }
    return typeName(name);
  }

  typeOf(schema, file, indent) {
    if (schema === true || schema === undefined) return 'unknown';
    if (schema.$ref) return this.refName(schema.$ref, file);
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return union.map((s) => this.typeOf(s, file, indent)).join(' | ');
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return schema.properties ? this.objectType(schema, file, indent) : 'unknown';
    return types.map((t) => {
      if (t === 'array' && schema.items) {
        const item = this.typeOf(schema.items, file, indent);
        return /[|&]/.test(item) ? `(${item})[]` : `${item}[]`;
      }
      if (t === 'object' && schema.properties) return this.objectType(schema, file, indent);
      return PRIMITIVES[t] ?? 'unknown';
    }).join(' | ');
  }

  objectType(schema, file, indent) {
    const required = new Set(schema.required ?? []);
    const inner = `${indent}  `;
    const members = Object.entries(schema.properties).map(([key, property]) => {
      const name = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
      return `${docComment(property, inner)}${inner}${name}${required.has(key) ? '' : '?'}: ${this.typeOf(property, file, inner)};`;
    });
    return `{\n${members.join('\n')}\n${indent}}`;
  }

  definition({ file, name }) {
    const schema = this.schema(file).$defs?.[name];
    if (!schema) throw new Error(`schemas/${file}: no definition ${name}`);
    const type = this.typeOf(schema, file, '');
    const declaration = type.startsWith('{\n') ? `export interface ${typeName(name)} ${type}` : `export type ${typeName(name)} = ${type};`;
    return `${docComment(schema, '')}${declaration}\n`;
  }

  write() {
    const root = this.schema(ROOT_SCHEMA);
    this.refName(root.$ref, ROOT_SCHEMA);
    const parts = [];
    while (this.pending.length) parts.push(this.definition(this.pending.shift()));
    return ['// Generated from schemas/task-result-log.schema.json by scripts/generateLogTypes.js. Do not edit.', '', ...parts].join('\n');
  }
}

/** The generated file's text. */
function logTypesSource(root) {
  return new TypeWriter(root).write();
}

/** Writes the file when its text changed. */
function generateLogTypes(root) {
  const target = path.join(root, TARGET);
  const code = logTypesSource(root);
  const previous = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (previous === code) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, code);
}

module.exports = { generateLogTypes, logTypesSource, TARGET };

if (require.main === module) generateLogTypes(path.join(__dirname, '..'));
