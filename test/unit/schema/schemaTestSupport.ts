import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';

/** Repository root, from the bundled test at out/test/unit/schema/. */
export const repoRoot = path.resolve(__dirname, '../../../..');
export const schemaDir = path.join(repoRoot, 'schemas');

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function validationErrors(validate: ValidateFunction, data: unknown): ErrorObject[] {
  const valid = validate(data);
  const errors = validate.errors ? [...validate.errors] : [];
  assert.equal(valid, errors.length === 0, 'validity and error list disagree');
  return errors;
}

function describeErrors(errors: ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''}`).join('\n');
}

export function assertValid(validate: ValidateFunction, data: unknown): void {
  const errors = validationErrors(validate, data);
  assert.deepEqual(errors, [], `expected valid, got:\n${describeErrors(errors)}`);
}

/** Asserts the document is invalid and returns its errors. */
export function assertInvalid(validate: ValidateFunction, data: unknown): ErrorObject[] {
  const errors = validationErrors(validate, data);
  assert.ok(errors.length > 0, 'expected validation errors, got none');
  return errors;
}

export interface ExpectedError {
  path: string;
  keyword: string;
}

/** Asserts the document is invalid with (at least) an error of the given keyword at the given instance path. */
export function assertError(validate: ValidateFunction, data: unknown, expected: ExpectedError): ErrorObject {
  const errors = assertInvalid(validate, data);
  const found = errors.find((e) => e.instancePath === expected.path && e.keyword === expected.keyword);
  assert.ok(found, `expected ${expected.keyword} at "${expected.path}", got:\n${describeErrors(errors)}`);
  return found;
}

/** The `errorMessage` annotation of the schema that produced an error (the error mapper's source of wording). */
export function errorMessageOf(error: ErrorObject): string | undefined {
  const parent: unknown = error.parentSchema;
  return isObject(parent) && typeof parent.errorMessage === 'string' ? parent.errorMessage : undefined;
}

/** The `title` of the schema that produced an error. */
export function schemaTitleOf(error: ErrorObject): string | undefined {
  const parent: unknown = error.parentSchema;
  return isObject(parent) && typeof parent.title === 'string' ? parent.title : undefined;
}

export function schemaFileNames(): string[] {
  return fs.readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json')).sort();
}

export function readSchema(file: string): JsonObject {
  const parsed: unknown = JSON.parse(fs.readFileSync(path.join(schemaDir, file), 'utf8'));
  assert.ok(isObject(parsed), `${file} is not a JSON object`);
  return parsed;
}

export function defsOf(schema: JsonObject): JsonObject {
  return isObject(schema.$defs) ? schema.$defs : {};
}

export function readFixture(name: string): JsonObject {
  const parsed: unknown = JSON.parse(fs.readFileSync(path.join(repoRoot, 'test/fixtures/schema', name), 'utf8'));
  assert.ok(isObject(parsed));
  return parsed;
}

/** A deep copy of a JSON value, to mutate in one test without touching the others. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

interface ValidatorGenerator {
  createAjv(root: string): Ajv2020;
}

let sharedAjv: Ajv2020 | undefined;

/** An Ajv instance set up exactly as the validator generator does (strict mode, all schema files registered). */
export function generatorAjv(): Ajv2020 {
  if (!sharedAjv) {
    const load = createRequire(__filename);
    const generator = load(path.join(repoRoot, 'scripts/generateValidators.js')) as ValidatorGenerator;
    sharedAjv = generator.createAjv(repoRoot);
  }
  return sharedAjv;
}

/** Compiles one `$defs` entry of a schema file (for definitions that no root references). */
export function compileDef(file: string, def: string): ValidateFunction {
  const validate = generatorAjv().getSchema(`${file}#/$defs/${def}`);
  assert.ok(validate, `${file}#/$defs/${def} does not compile`);
  return validate;
}
