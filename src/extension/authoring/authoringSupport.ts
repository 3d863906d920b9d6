import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { FileKind } from '../../core/fileKind';
import { DataProfile } from '../../core/authoring/dataProfile';
import { sampleSource, sourceLocation } from '../../core/authoring/sourceSample';
import { DirectoryEntry } from '../../core/authoring/completionEngine';
import { documentKind } from './fileKindStatus';
import { Services } from '../services';

/** YAML and JSON documents on disk, untitled or remote; providers act only on our spec kinds. */
export const SPEC_SELECTOR: vscode.DocumentSelector = ['file', 'untitled', 'vscode-remote'].flatMap((scheme) => [
  { language: 'yaml', scheme },
  { language: 'json', scheme },
  { language: 'jsonc', scheme },
]);

const AUTHORING_KINDS: FileKind[] = ['dataset', 'generator', 'connection'];

/** The document's kind when it is a spec we author (dataset, generator definition, connection config). */
export function authoringKind(document: vscode.TextDocument): FileKind | undefined {
  const kind = documentKind(document);
  return kind && AUTHORING_KINDS.includes(kind) ? kind : undefined;
}

export function isJsonDocument(document: vscode.TextDocument): boolean {
  return document.languageId === 'json' || document.languageId === 'jsonc' || /\.json$/i.test(document.fileName);
}

/** Path of the spec on disk (relative source paths resolve against it); undefined for untitled files. */
export function specPathOf(document: vscode.TextDocument): string | undefined {
  return document.uri.scheme === 'untitled' ? undefined : document.uri.fsPath;
}

export function listDirectory(dir: string): DirectoryEntry[] | undefined {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).map((e) => {
      let isDirectory = e.isDirectory();
      if (e.isSymbolicLink()) {
        try {
          isDirectory = fs.statSync(`${dir}/${e.name}`).isDirectory();
        } catch {
          isDirectory = false;
        }
      }
      return { name: e.name, isDirectory };
    });
  } catch {
    return undefined;
  }
}

export { pathKind } from '../../core/sources/pathKind';

function stamp(path: string): string {
  try {
    const info = fs.statSync(path);
    return `${info.mtimeMs}:${info.size}`;
  } catch {
    return 'missing';
  }
}

/** Profiles of dataset sources' first rows, cached by location and modification time. */
export class DataProfiles {
  private static shared: DataProfiles | undefined;
  private readonly cache = new Map<string, { stamp: string; rows: number; profile: Promise<DataProfile | undefined>; ready?: DataProfile }>();

  static get(services: Services): DataProfiles {
    return (DataProfiles.shared ??= new DataProfiles(services));
  }

  private constructor(private readonly services: Services) {}

  private key(source: unknown, specPath: string | undefined): string | undefined {
    const location = sourceLocation(source, specPath);
    if (!location) return undefined;
    const ext = typeof source === 'object' && source !== null ? String((source as Record<string, unknown>).extension ?? '') : '';
    return `${location}|${ext}`;
  }

  /** Loads (or reuses) the profile of a source. */
  load(source: unknown, specPath: string | undefined): Promise<DataProfile | undefined> {
    const key = this.key(source, specPath);
    if (!key) return Promise.resolve(undefined);
    const location = key.split('|')[0];
    const current = stamp(location);
    const rows = this.services.config.dataAwareSampleRows;
    const cached = this.cache.get(key);
    if (cached && cached.stamp === current && cached.rows === rows) return cached.profile;
    const entry: { stamp: string; rows: number; profile: Promise<DataProfile | undefined>; ready?: DataProfile } = {
      stamp: current, rows, profile: Promise.resolve(undefined),
    };
    entry.profile = sampleSource(source, specPath, rows).then((p) => (entry.ready = p));
    this.cache.set(key, entry);
    return entry.profile;
  }

  /** Profiles of every source of a document's datasets, loaded; then a synchronous lookup. */
  async lookupFor(values: unknown[], specPath: string | undefined): Promise<(source: unknown) => DataProfile | undefined> {
    const sources = values.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>).source : undefined));
    const loaded = new Map<unknown, DataProfile | undefined>();
    await Promise.all(sources.map(async (source) => {
      if (source !== undefined) loaded.set(this.key(source, specPath), await this.load(source, specPath));
    }));
    return (source) => {
      const key = this.key(source, specPath);
      return key === undefined ? undefined : loaded.get(key) ?? this.cache.get(key)?.ready;
    };
  }
}
