/**
 * The validation pass shared by the CLI and the editor: recognise the file's kind, parse it (YAML stream
 * or JSON, keeping ranges), validate each document against its compiled schema, and run the checks JSON
 * Schema cannot express (filter expressions, generator templates, plain-text credentials).
 */
import { platformExportKind } from '../trace/platformExport';
import type { ValidateFunction } from 'ajv';
import * as validators from '../schema/generated/validators';
import { problemsFromAjv } from '../schema/schemaProblems';
import { FileKind, kindFromFileName, kindFromModeline, kindFromValue, looksLikeLogJson } from '../fileKind';
import { JsonPath, parseSpecDocuments, SpecDocument } from '../yaml/specDocument';
import { IncrementalSpecParser } from '../yaml/incrementalSpecParser';
import { Diagnostic } from './diagnostic';
import { firstLine, rangeInDocument, rangeInJson, rangeOfPart } from './locateProblem';
import { findPlainTextCredentials } from './credentialCheck';
import { findUnsetVariables } from './environmentCheck';
import { currentForm, olderForms, writtenPath } from '../json/olderServiceForms';
import { includesOf, mayInclude, missingIncludes } from './includeCheck';
import type { YamlFileLink } from '../yaml/fileLinks';
import { shiftRange } from '../text/lineIndex';
import { checkGeneratorTemplates } from './generatorTemplateCheck';
import { explainOtherKindProperties } from './generatorKindCheck';
import { checkFilterExpressions } from './expressionCheck';
import { checkSourceSelection, explainSourceSchemaProblems } from './sourceSelectionCheck';
import { findJsonSyntaxError, jsonSyntaxErrorOffset } from '../json/jsonLocator';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { boundDepth, findTooDeepJson, MAX_NESTING_DEPTH } from '../json/depthGuard';
import { inputStrings } from '../l10n/inputStrings';
import { isRunConfigDocument, runConfigEntries } from './runConfigEntries';

/** The code of the note on an older form of the service's; its quick fix rewrites it (docs/semantics.md §11.4). */
export const OLDER_FORM_CODE = 'older-service-form';

const VALIDATORS: Record<FileKind, ValidateFunction> = {
  dataset: validators.validateDataset,
  generator: validators.validateGeneratorDefinition,
  log: validators.validateTaskResultLog,
  trace: validators.validateTrace,
  connection: validators.validateAgentConnection,
};

export interface ValidationResult {
  kind: FileKind | undefined;
  /** Parsed documents (YAML or small JSON); empty for large JSON parsed without ranges. */
  documents: SpecDocument[];
  /** Values of the documents, in order. */
  values: unknown[];
  diagnostics: Diagnostic[];
  /** A run config (`kind` is then undefined): its embedded datasets and generators were checked (docs/semantics.md §11.5). */
  runConfig?: true;
}

interface ValidateOptions {
  /** Force a kind instead of recognising it. */
  kind?: FileKind;
  /** Keeps the documents (and their checks) of the previous validation of the same file; re-parses only what changed. */
  parser?: IncrementalSpecParser;
  /** The environment `$NAME` values are read from (docs/semantics.md §11.2); default this process's. */
  env?: Record<string, string | undefined>;
  /** A file with nothing but blanks (a new spec before its first key) gets no "empty" warning: the editor's case. */
  blankIsQuiet?: boolean;
}

/** Above this size a JSON file is parsed with JSON.parse and located by scanning, not by the YAML parser. */
const LARGE_JSON_BYTES = 1_000_000;

/** Recognises a file's kind from its name, a modeline, or its first document. */
function recogniseKind(fileName: string, text: string, firstValue?: unknown): FileKind | undefined {
  return kindFromFileName(fileName) ?? kindFromModeline(text) ?? (firstValue === undefined ? undefined : kindFromValue(firstValue));
}

function schemaDiagnostics(kind: FileKind, value: unknown, locateRange: (path: JsonPath, part: 'key' | 'value') => Diagnostic['range'], documentIndex: number): Diagnostic[] {
  const validate = VALIDATORS[kind];
  if (validate(value)) return [];
  return problemsFromAjv(validate.errors).map((p) => ({
    severity: p.severity, message: p.message, path: p.path, documentIndex, source: 'schema', code: p.code, data: p.data,
    range: locateRange(p.path, p.part),
  }));
}

/**
 * The diagnostics of one document. A document in an older form of the service's (docs/semantics.md §11.4) is checked
 * as the form it stands for, each finding placed where the file writes it, plus a note on the older key.
 */
function documentDiagnostics(text: string, kind: FileKind, written: SpecDocument, env: Record<string, string | undefined>, secrets?: unknown): Diagnostic[] {
  const doc: SpecDocument = { ...written, value: currentForm(kind, written.value) };
  const inFile = (path: JsonPath) => writtenPath(kind, written.value, path);
  const at = (path: JsonPath, part: 'key' | 'value') => rangeInDocument(text, written, inFile(path), part);
  const out = currentFormDiagnostics(text, kind, doc, { env, secrets }, at);
  for (const d of out) d.path = inFile(d.path);
  for (const form of olderForms(kind, written.value)) {
    out.push({ severity: 'info', message: s.olderServiceForm(form.kind), path: form.path, documentIndex: doc.index, source: 'rule', code: OLDER_FORM_CODE, range: at(form.path, 'key'), data: { form: form.kind } });
  }
  return out;
}

/** What `$NAME` and `<< secrets.NAME >>` read: the environment, and the `secrets:` map (the document's own when undefined). */
interface ReadFrom {
  env: Record<string, string | undefined>;
  secrets?: unknown;
}

function currentFormDiagnostics(text: string, kind: FileKind, doc: SpecDocument, { env, secrets }: ReadFrom, at: (path: JsonPath, part: 'key' | 'value') => Diagnostic['range']): Diagnostic[] {
  const out: Diagnostic[] = schemaDiagnostics(kind, doc.value, at, doc.index);
  if (kind === 'dataset') placeSourceXorGenerator(out, doc, at);
  for (const c of findPlainTextCredentials(doc.value)) {
    out.push({ severity: 'warning', message: c.message, path: c.path, documentIndex: doc.index, source: 'credential', code: 'plain-text-credential', range: at(c.path, 'value'), data: { field: c.field } });
  }
  if (kind === 'generator') {
    explainOtherKindProperties(out, doc.value);
    for (const f of checkGeneratorTemplates(doc.value)) {
      let range = at(f.path, 'value');
      if (f.snippet) {
        const inside = text.slice(range.start, range.end).indexOf(f.snippet);
        if (inside >= 0) range = { start: range.start + inside, end: range.start + inside + f.snippet.length };
      }
      out.push({ severity: f.severity, message: f.message, path: f.path, documentIndex: doc.index, source: 'template', code: f.code, range, data: { key: f.key } });
    }
  }
  if (kind === 'dataset') {
    for (const u of findUnsetVariables(doc.value, env, secrets)) {
      const whole = at(u.path, 'value');
      const range = u.part ? rangeOfPart(text, whole, u.part) : whole;
      out.push({ severity: 'warning', message: u.message, path: u.path, documentIndex: doc.index, source: 'rule', code: u.code, range, data: { variable: u.variable } });
    }
    out.push(...checkFilterExpressions(text, doc));
    explainSourceSchemaProblems(out, doc.value);
    for (const p of checkSourceSelection(doc.value)) out.push({ ...p, documentIndex: doc.index, source: 'rule', range: at(p.path, 'value') });
  }
  return out;
}

/**
 * The checks of a dataset spec or generator definition, on each dataset and generator written out in a run config
 * (docs/semantics.md §11.5): paths are the run config's (`datasets/0/source/type`). Missing `!include`s and `$ref`s
 * are the workspace key checks' there.
 */
function runConfigDiagnostics(text: string, documents: SpecDocument[], fileName: string, env: Record<string, string | undefined>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const entry of runConfigEntries(documents, fileName)) {
    if (!entry.embedded) continue;
    for (const d of documentDiagnostics(text, entry.kind, entry.document, env, entry.secrets)) out.push({ ...d, path: [entry.list, entry.position, ...d.path] });
  }
  return out;
}

/** A dataset with both `source` and `generator_specification`: the problem is shown on the two keys, not on the document. */
function placeSourceXorGenerator(out: Diagnostic[], doc: SpecDocument, at: (path: JsonPath, part: 'key' | 'value') => Diagnostic['range']): void {
  const value = doc.value as Record<string, unknown> | null;
  if (typeof value !== 'object' || value === null || !('source' in value) || !('generator_specification' in value)) return;
  const index = out.findIndex((d) => d.path.length === 0 && d.message === s.sourceXorGenerator);
  if (index < 0) return;
  const [problem] = out.splice(index, 1);
  for (const key of ['source', 'generator_specification']) out.push({ ...problem, path: [key], range: at([key], 'key') });
}

/** What a document gives alone: its diagnostics and its `!include` paths. */
interface DocumentFindings {
  diagnostics: Diagnostic[];
  includes: YamlFileLink[];
}

/** What a document is checked against: its file, the environment, and whether the stream can hold an `!include`. */
interface FindingContext {
  fileName: string;
  env: Record<string, string | undefined>;
  mayInclude: boolean;
}

function documentFindings(text: string, kind: FileKind, doc: SpecDocument, context: FindingContext): DocumentFindings {
  return { diagnostics: documentDiagnostics(text, kind, doc, context.env), includes: context.mayInclude ? includesOf(doc.yaml, context.fileName) : [] };
}

/** Include paths moved by `delta` characters (the empty list as it is). */
function shiftedLinks(links: YamlFileLink[], delta: number): YamlFileLink[] {
  return links.length === 0 ? links : links.map((link) => ({ ...link, range: shiftRange(link.range, delta) }));
}

/**
 * `documentFindings`, kept by the parser while the document's text is unchanged (ranges stored relative to it): on
 * each keystroke only the edited document is checked and walked for its includes. Whether an included file exists
 * is still looked up each time (missingIncludes).
 */
function reusedDocumentFindings(text: string, kind: FileKind, doc: SpecDocument, context: FindingContext, parser: IncrementalSpecParser): DocumentFindings {
  const base = doc.range.start;
  // A document without a `!`, the word or a `%` has no include whatever the rest of the stream says (a `%TAG`
  // directive makes the parser parse the stream whole, with no kept findings), so its findings hold while its text does.
  const relative = parser.memo(doc, `findings:${kind}:${context.fileName}`, () => {
    const found = documentFindings(text, kind, doc, context);
    return { diagnostics: found.diagnostics.map((d) => ({ ...d, range: shiftRange(d.range, -base) })), includes: shiftedLinks(found.includes, -base) };
  });
  return {
    diagnostics: relative.diagnostics.map((d) => ({ ...d, documentIndex: doc.index, range: shiftRange(d.range, base) })),
    includes: shiftedLinks(relative.includes, base),
  };
}

function duplicateKeys(text: string, docs: SpecDocument[]): Diagnostic[] {
  const firstSeen = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const doc of docs) {
    const key = (doc.value as Record<string, unknown> | null)?.key;
    if (typeof key !== 'string') continue;
    const previous = firstSeen.get(key);
    if (previous === undefined) firstSeen.set(key, doc.index);
    else out.push({ severity: 'error', message: s.duplicateDatasetKey(key, previous + 1), path: ['key'], documentIndex: doc.index, source: 'rule', code: 'duplicate-key', range: rangeInDocument(text, doc, ['key'], 'value') });
  }
  return out;
}

function validateLargeJson(text: string, kind: FileKind | undefined): ValidationResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const found = findJsonSyntaxError(text);
    const message = found?.message ?? (error instanceof Error ? error.message : String(error));
    const offset = found?.offset ?? jsonSyntaxErrorOffset(message, text);
    return { kind, documents: [], values: [], diagnostics: [{ severity: 'error', message: s.invalidJson(message), path: [], documentIndex: 0, source: 'syntax', range: { start: offset, end: offset + 1 } }] };
  }
  const resolved = kind ?? kindFromValue(value);
  const tooDeep = findTooDeepJson(text);
  const deepDiagnostic: Diagnostic[] = tooDeep < 0 ? [] : [{ severity: resolved === 'log' ? 'warning' : 'error', message: inputStrings.tooDeep(MAX_NESTING_DEPTH), path: [], documentIndex: 0, source: 'syntax', range: { start: tooDeep, end: tooDeep + 1 } }];
  // A log's deep values are shown collapsed (the rest is checked); any other file is refused.
  if (tooDeep >= 0 && resolved !== 'log') return { kind: resolved, documents: [], values: [], diagnostics: deepDiagnostic };
  if (tooDeep >= 0) value = boundDepth(value);
  const diagnostics = deepDiagnostic;
  if (resolved) diagnostics.push(...schemaDiagnostics(resolved, value, (path, part) => rangeInJson(text, path, part), 0));
  for (const c of findPlainTextCredentials(value)) {
    diagnostics.push({ severity: 'warning', message: c.message, path: c.path, documentIndex: 0, source: 'credential', code: 'plain-text-credential', range: rangeInJson(text, c.path, 'value'), data: { field: c.field } });
  }
  return { kind: resolved, documents: [], values: [value], diagnostics };
}

/** Validates a file's text. `kind` undefined in the result means the file is none of ours. */
export function validateText(text: string, fileName: string, options: ValidateOptions = {}): ValidationResult {
  const isJson = /\.json$/i.test(fileName);
  const nameKind = options.kind ?? kindFromFileName(fileName);
  if (isJson && (text.length > LARGE_JSON_BYTES || nameKind === 'log' || (nameKind === undefined && looksLikeLogJson(text)))) {
    return validateLargeJson(text, nameKind);
  }
  const documents = options.parser ? options.parser.parse(text) : parseSpecDocuments(text);
  const values = documents.map((d) => d.value);
  const kind = options.kind ?? recogniseKind(fileName, text, values[0]);
  const diagnostics: Diagnostic[] = [];
  const env = options.env ?? process.env;
  for (const doc of documents) {
    for (const p of doc.problems) diagnostics.push({ severity: p.severity, message: p.message, range: p.range, path: [], documentIndex: doc.index, source: 'syntax' });
  }
  if (!kind && isRunConfigDocument(documents)) {
    diagnostics.push(...runConfigDiagnostics(text, documents, fileName, env));
    diagnostics.sort((a, b) => a.range.start - b.range.start);
    return { kind, documents, values, diagnostics, runConfig: true };
  }
  if (!kind) return { kind, documents, values, diagnostics };
  if (options.blankIsQuiet && text.trim() === '') return { kind, documents, values, diagnostics };
  if (documents.length === 0) diagnostics.push({ severity: 'warning', message: s.emptyDocument, range: { start: 0, end: 0 }, path: [], documentIndex: 0, source: 'rule' });
  const context: FindingContext = { fileName, env, mayInclude: mayInclude(text) };
  for (const doc of documents) {
    if (doc.problems.some((p) => p.severity === 'error')) continue;
    if (doc.value === null || doc.value === undefined) {
      if (documents.length === 1) diagnostics.push({ severity: 'warning', message: s.emptyDocument, range: firstLine(text, doc.range), path: [], documentIndex: doc.index, source: 'rule' });
      continue;
    }
    // A trace platform's export saved as *.trace.json is not a Trace to check: a note says how it is read instead.
    const platform = kind === 'trace' ? platformExportKind(doc.value) : undefined;
    if (platform) {
      diagnostics.push({ severity: 'info', message: s.platformTraceExport(platform), range: firstLine(text, doc.range), path: [], documentIndex: doc.index, source: 'rule', code: 'platform-export' });
      continue;
    }
    const findings = options.parser ? reusedDocumentFindings(text, kind, doc, context, options.parser) : documentFindings(text, kind, doc, context);
    diagnostics.push(...findings.diagnostics);
    for (const missing of missingIncludes(findings.includes)) {
      diagnostics.push({ severity: 'error', message: s.missingInclude(missing.path), range: missing.range, path: [], documentIndex: doc.index, source: 'rule', code: 'missing-include' });
    }
  }
  if (kind === 'dataset') diagnostics.push(...duplicateKeys(text, documents));
  diagnostics.sort((a, b) => a.range.start - b.range.start);
  return { kind, documents, values, diagnostics };
}
