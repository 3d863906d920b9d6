/**
 * Outline of spec files (datasets with their source and filters, generator definitions, connection
 * configs), document links for source paths, and the generator key under the cursor.
 */
import { isScalar } from 'yaml';
import { FileKind } from '../fileKind';
import { filterLabel } from '../filters/filterLabel';
import { definitionOfSource } from '../sources/registry';
import { firstPathFieldOf } from '../sources/sourceDefinition';
import { resolveSourcePath } from '../sources/sourcePaths';
import { OffsetRange } from '../text/lineIndex';
import { JsonPath, locate, SpecDocument } from '../yaml/specDocument';
import { authoringStrings as s } from '../l10n/authoringStrings';
import { isRecord } from '../json/jsonValue';

export type OutlineKind = 'dataset' | 'source' | 'filters' | 'filter' | 'generator' | 'option' | 'synthesizer' | 'connection' | 'document';

export interface OutlineSymbol {
  name: string;
  detail: string;
  kind: OutlineKind;
  range: OffsetRange;
  selectionRange: OffsetRange;
  children: OutlineSymbol[];
}

function symbol(doc: SpecDocument, path: JsonPath, name: string, detail: string, kind: OutlineKind, children: OutlineSymbol[] = []): OutlineSymbol | undefined {
  const loc = locate(doc, path);
  if (!loc.exact) return undefined;
  const selectionRange = loc.keyRange ?? loc.valueRange;
  const range = { start: Math.min(selectionRange.start, loc.valueRange.start), end: Math.max(selectionRange.end, loc.valueRange.end) };
  return { name: name || '?', detail, kind, range, selectionRange, children };
}

function datasetSymbol(doc: SpecDocument, value: Record<string, unknown>): OutlineSymbol {
  const children: OutlineSymbol[] = [];
  const source = value.source;
  if (isRecord(source)) {
    const filters: OutlineSymbol[] = [];
    if (Array.isArray(source.filters)) {
      source.filters.forEach((f, i) => {
        const sym = symbol(doc, ['source', 'filters', i], filterLabel(f), '', 'filter');
        if (sym) filters.push(sym);
      });
    }
    const filtersSym = filters.length ? symbol(doc, ['source', 'filters'], s.outlineFilters, String(filters.length), 'filters', filters) : undefined;
    const where = source.file_path ?? source.directory_path ?? source.url ?? source.path ?? source.project;
    const sym = symbol(doc, ['source'], s.outlineSource(String(source.type ?? '?')), typeof where === 'string' ? where : '', 'source', filtersSym ? [filtersSym] : []);
    if (sym) children.push(sym);
  }
  const generator = value.generator_specification;
  if (isRecord(generator)) {
    const sym = symbol(doc, ['generator_specification'], s.outlineGenerator, String(generator.dataset_generator_key ?? ''), 'generator');
    if (sym) children.push(sym);
  }
  const range = doc.range;
  const keyLoc = locate(doc, ['key']);
  return {
    name: String(value.key ?? s.outlineDocument(doc.index)), detail: typeof value.display_name === 'string' ? value.display_name : '',
    kind: 'dataset', range, selectionRange: keyLoc.exact ? keyLoc.valueRange : range, children,
  };
}

function generatorSymbol(doc: SpecDocument, value: Record<string, unknown>): OutlineSymbol {
  const children: OutlineSymbol[] = [];
  if (Array.isArray(value.config_spec)) {
    const options = value.config_spec.flatMap((entry, i) => {
      const sym = isRecord(entry) ? symbol(doc, ['config_spec', i], String(entry.key ?? '?'), String(entry.type ?? ''), 'option') : undefined;
      return sym ? [sym] : [];
    });
    const sym = symbol(doc, ['config_spec'], s.outlineConfigSpec, String(options.length), 'filters', options);
    if (sym) children.push(sym);
  }
  const synthesizers = isRecord(value.definition) ? value.definition.synthesizers : undefined;
  if (Array.isArray(synthesizers)) {
    const list = synthesizers.flatMap((entry, i) => {
      const sym = isRecord(entry) ? symbol(doc, ['definition', 'synthesizers', i], String(entry.type ?? '?'), String(entry.model_key ?? ''), 'synthesizer') : undefined;
      return sym ? [sym] : [];
    });
    const sym = symbol(doc, ['definition', 'synthesizers'], s.outlineSynthesizers, String(list.length), 'filters', list);
    if (sym) children.push(sym);
  }
  const keyLoc = locate(doc, ['key']);
  return {
    name: String(value.key ?? s.outlineDocument(doc.index)), detail: typeof value.display_name === 'string' ? value.display_name : '',
    kind: 'generator', range: doc.range, selectionRange: keyLoc.exact ? keyLoc.valueRange : doc.range, children,
  };
}

export function specOutline(kind: FileKind | undefined, documents: SpecDocument[]): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const doc of documents) {
    const value = doc.value;
    if (!isRecord(value)) continue;
    if (kind === 'dataset') out.push(datasetSymbol(doc, value));
    else if (kind === 'generator') out.push(generatorSymbol(doc, value));
    else if (kind === 'connection') {
      const loc = locate(doc, ['connection_type']);
      out.push({ name: String(value.connection_type ?? '?'), detail: '', kind: 'connection', range: doc.range, selectionRange: loc.exact ? loc.valueRange : doc.range, children: [] });
    }
  }
  return out;
}

interface PathLink {
  range: OffsetRange;
  /** Absolute path of the file or folder. */
  target: string;
}

/** Links on the paths of dataset sources (resolved against the spec's folder). */
export function pathLinks(documents: SpecDocument[], specPath: string | undefined): PathLink[] {
  const links: PathLink[] = [];
  for (const doc of documents) {
    const source = isRecord(doc.value) ? doc.value.source : undefined;
    if (!isRecord(source) || typeof source.type !== 'string') continue;
    const field = firstPathFieldOf(definitionOfSource(source))?.name;
    const value = field ? source[field] : undefined;
    if (!field || typeof value !== 'string' || value === '') continue;
    if (!specPath && !value.startsWith('/') && !value.startsWith('~')) continue;
    const loc = locate(doc, ['source', field]);
    if (!loc.exact || !isScalar(loc.node)) continue;
    const raw = loc.valueRange;
    const quoted = loc.node.type === 'QUOTE_DOUBLE' || loc.node.type === 'QUOTE_SINGLE';
    const range = quoted ? { start: raw.start + 1, end: Math.max(raw.start + 1, raw.end - 1) } : raw;
    links.push({ range, target: resolveSourcePath(value, specPath) });
  }
  return links;
}
