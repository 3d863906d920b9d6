/**
 * The workspace key index (docs/semantics.md §11.7): every dataset and generator key defined in the workspace's
 * files and every value that refers to one, kept current one file at a time (`update` / `remove`). Pure: it is
 * fed file texts and never reads the disk.
 *
 * Keys live in projects: the folder of the nearest `run.yaml` or `app.yaml` above a file (a repository of guides
 * holds one project per guide), else the workspace folder holding it. A reference resolves within its project.
 */
import { basename, dirname } from 'node:path';
import { readKeyFacts } from './keyFacts';
import type { FileKeyFacts, KeyDefinition, KeyKind, KeyReference } from './keyTypes';
import { PROJECT_MARKERS } from '../sources/projectFolder';

/** The files whose cross-file diagnostics may have changed; `all` when project boundaries moved. */
export type AffectedFiles = Set<string> | 'all';

function slot(kind: KeyKind, key: string): string {
  return `${kind}\u0000${key}`;
}

function addTo<T>(map: Map<string, Set<T>>, name: string, item: T): void {
  let set = map.get(name);
  if (!set) map.set(name, (set = new Set()));
  set.add(item);
}

function removeFrom<T>(map: Map<string, Set<T>>, name: string, item: T): void {
  const set = map.get(name);
  if (!set) return;
  set.delete(item);
  if (set.size === 0) map.delete(name);
}

export class WorkspaceKeyIndex {
  private readonly files = new Map<string, FileKeyFacts>();
  private readonly definitionsByKey = new Map<string, Set<KeyDefinition>>();
  private readonly referencesByKey = new Map<string, Set<KeyReference>>();
  private readonly projectRoots = new Set<string>();
  /** Workspace folders (or folders named to `validate`): each is a project of its own, whatever it holds. */
  private readonly roots = new Set<string>();
  private readonly projectCache = new Map<string, string>();
  /** Per project and kind: how many definitions each key has there (for completion and the closest key). */
  private readonly projectKeys = new Map<string, Map<string, number>>();

  /** Reads (or re-reads) one file; returns the files whose cross-file diagnostics may have changed. */
  update(file: string, text: string): AffectedFiles {
    return this.replace(file, readKeyFacts(file, text));
  }

  remove(file: string): AffectedFiles {
    return this.replace(file, undefined);
  }

  private replace(file: string, facts: FileKeyFacts | undefined): AffectedFiles {
    const before = this.files.get(file);
    const touched = new Set<string>();
    for (const old of [before, facts]) {
      for (const d of old?.definitions ?? []) touched.add(slot(d.kind, d.key));
    }
    if (before) this.unlink(before);
    if (facts) this.link(facts);
    const markerChanged = PROJECT_MARKERS.has(basename(file)) && this.updateMarker(file, facts !== undefined);
    if (markerChanged) {
      this.recountProjectKeys();
      return 'all';
    }
    const affected = new Set<string>([file]);
    for (const name of touched) {
      for (const d of this.definitionsByKey.get(name) ?? []) affected.add(d.file);
      for (const r of this.referencesByKey.get(name) ?? []) affected.add(r.file);
    }
    this.addUnresolvedOfChangedKinds(before, facts, affected);
    // A run config's `$ref`s decide which files' keys it defines a second time.
    for (const old of [before, facts]) {
      for (const link of old?.links ?? []) if (link.what === 'ref') affected.add(link.target);
    }
    return affected;
  }

  /**
   * A key defined or gone changes the closest key offered to every reference no file defines, of its kind: the
   * files holding such references are affected too (read before the file defining the key, they would keep a
   * warning without the key it now suggests).
   */
  private addUnresolvedOfChangedKinds(before: FileKeyFacts | undefined, facts: FileKeyFacts | undefined, affected: Set<string>): void {
    const slotsOf = (f: FileKeyFacts | undefined) => new Set((f?.definitions ?? []).map((d) => slot(d.kind, d.key)));
    const [old, now] = [slotsOf(before), slotsOf(facts)];
    const kinds = new Set<KeyKind>();
    for (const d of [...(before?.definitions ?? []), ...(facts?.definitions ?? [])]) {
      const name = slot(d.kind, d.key);
      if (old.has(name) !== now.has(name)) kinds.add(d.kind);
    }
    if (kinds.size === 0) return;
    for (const [name, references] of this.referencesByKey) {
      if (this.definitionsByKey.has(name)) continue;
      for (const r of references) if (kinds.has(r.kind)) affected.add(r.file);
    }
  }

  private updateMarker(file: string, present: boolean): boolean {
    const folder = dirname(file);
    if (present === this.projectRoots.has(folder)) return false;
    this.projectCache.clear();
    if (present) this.projectRoots.add(folder);
    else this.projectRoots.delete(folder);
    return true;
  }

  private countKey(definition: KeyDefinition, by: number): void {
    const name = `${this.projectOf(definition.file)}\u0000${definition.kind}`;
    let keys = this.projectKeys.get(name);
    if (!keys) this.projectKeys.set(name, (keys = new Map()));
    const count = (keys.get(definition.key) ?? 0) + by;
    if (count > 0) keys.set(definition.key, count);
    else keys.delete(definition.key);
  }

  private recountProjectKeys(): void {
    this.projectKeys.clear();
    for (const facts of this.files.values()) for (const d of facts.definitions) this.countKey(d, 1);
  }

  private link(facts: FileKeyFacts): void {
    this.files.set(facts.file, facts);
    for (const d of facts.definitions) this.countKey(d, 1);
    for (const d of facts.definitions) addTo(this.definitionsByKey, slot(d.kind, d.key), d);
    for (const r of facts.references) addTo(this.referencesByKey, slot(r.kind, r.key), r);
  }

  private unlink(facts: FileKeyFacts): void {
    this.files.delete(facts.file);
    for (const d of facts.definitions) this.countKey(d, -1);
    for (const d of facts.definitions) removeFrom(this.definitionsByKey, slot(d.kind, d.key), d);
    for (const r of facts.references) removeFrom(this.referencesByKey, slot(r.kind, r.key), r);
  }

  /** What is known of a file (undefined when it was never fed). */
  factsOf(file: string): FileKeyFacts | undefined {
    return this.files.get(file);
  }

  /** Every file fed so far, ours or not. */
  allFiles(): string[] {
    return [...this.files.keys()];
  }

  /** Every file fed so far that is ours (a dataset spec, a generator definition or a run config). */
  filesOfOurs(): string[] {
    return [...this.files.values()].filter((f) => f.role !== undefined).map((f) => f.file);
  }

  /** The project folder of a file ('' for the workspace itself). */
  projectOf(file: string): string {
    const known = this.projectCache.get(file);
    if (known !== undefined) return known;
    const project = this.findProject(file);
    this.projectCache.set(file, project);
    return project;
  }

  /** Makes a folder the outermost project of the files below it (a workspace folder). */
  addRoot(folder: string): void {
    this.roots.add(folder);
    this.projectCache.clear();
    this.recountProjectKeys();
  }

  private findProject(file: string): string {
    for (let folder = dirname(file); ; folder = dirname(folder)) {
      if (this.projectRoots.has(folder) || this.roots.has(folder)) return folder;
      if (dirname(folder) === folder) return '';
    }
  }

  /** The definitions of a key in the project of `fromFile`. */
  definitionsOf(kind: KeyKind, key: string, fromFile: string): KeyDefinition[] {
    const project = this.projectOf(fromFile);
    return [...(this.definitionsByKey.get(slot(kind, key)) ?? [])].filter((d) => this.projectOf(d.file) === project);
  }

  /** The references to a key from the project of `fromFile`. */
  referencesTo(kind: KeyKind, key: string, fromFile: string): KeyReference[] {
    const project = this.projectOf(fromFile);
    return [...(this.referencesByKey.get(slot(kind, key)) ?? [])].filter((r) => this.projectOf(r.file) === project);
  }

  /** Every key of a kind defined in the project of `fromFile`, sorted. */
  keysVisibleFrom(kind: KeyKind, fromFile: string): string[] {
    return [...(this.projectKeys.get(`${this.projectOf(fromFile)}\u0000${kind}`)?.keys() ?? [])].sort();
  }

  /** The other definitions that clash with this one (docs/semantics.md §11.7). */
  clashesWith(definition: KeyDefinition): KeyDefinition[] {
    const group = this.definitionsOf(definition.kind, definition.key, definition.file).filter((d) => d !== definition);
    if (definition.embeddedIn) {
      const refs = this.refTargets(definition.embeddedIn);
      return group.filter((d) => (d.embeddedIn === definition.embeddedIn) || (!d.embeddedIn && refs.has(d.file)));
    }
    return group.filter((d) => {
      if (!d.embeddedIn) return d.file !== definition.file;
      return this.refTargets(d.embeddedIn).has(definition.file);
    });
  }

  private refTargets(runConfig: string): Set<string> {
    return new Set((this.files.get(runConfig)?.links ?? []).filter((l) => l.what === 'ref').map((l) => l.target));
  }
}
