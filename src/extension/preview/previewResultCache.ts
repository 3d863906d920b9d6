/**
 * The last counts per spec document version and dataset, for the code lens ("Preview · N kept of M"),
 * and which spec files the user has previewed (only those are counted in the background).
 */
import * as vscode from 'vscode';
import type { RecordNoun } from '../../core/model/previewTypes';

interface CachedCount {
  version: number;
  total: number;
  matched: number;
  complete: boolean;
  /** What the source's records are ("sessions"); rows when absent. */
  recordNoun?: RecordNoun;
  /** The source counted only part of its data: the counts are lower bounds. */
  lowerBound?: boolean;
}

export class PreviewResultCache implements vscode.Disposable {
  private readonly counts = new Map<string, CachedCount>();
  private readonly previewed = new Set<string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  private static keyOf(uri: vscode.Uri, index: number): string {
    return `${uri.toString()}#${index}`;
  }

  markPreviewed(uri: vscode.Uri): void {
    this.previewed.add(uri.toString());
  }

  wasPreviewed(uri: vscode.Uri): boolean {
    return this.previewed.has(uri.toString());
  }

  /** The count for exactly this document version, if one is known. */
  get(uri: vscode.Uri, version: number, index: number): CachedCount | undefined {
    const entry = this.counts.get(PreviewResultCache.keyOf(uri, index));
    return entry && entry.version === version ? entry : undefined;
  }

  set(uri: vscode.Uri, index: number, count: CachedCount): void {
    const key = PreviewResultCache.keyOf(uri, index);
    const previous = this.counts.get(key);
    if (previous && previous.version > count.version) return;
    this.counts.set(key, count);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
