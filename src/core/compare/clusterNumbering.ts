/**
 * The cluster each sample of a log falls in for each data key of its first samples (the keys the cluster
 * column chooser offers, dataKeys), numbered in the order the clusters first appear: what the standalone
 * compare page compares again by. Built one sample at a time, in the thread that indexes the log.
 */
import { createHash } from 'node:crypto';
import { DATA_KEYS_PROBE } from './comparableLog';
import { clusterText } from './logComparison';
import { isRecord } from '../log/logValue';
import { GrowableArray } from '../log/growableArrays';

/** Cluster values longer than this are told apart by a hash rather than kept as text. */
const CLUSTER_TEXT_KEPT = 64;

/** The name of the cluster `data` falls in for `key`: the core's cluster text, or its hash when long. */
export function clusterName(data: unknown, key: string): string {
  const text = clusterText(data, key);
  return text.length > CLUSTER_TEXT_KEPT ? createHash('sha1').update(text).digest('base64') : text;
}

/** Numbers clusters in the order they first appear. */
export class ClusterNumbers {
  private readonly names = new Map<string, number>();
  /** Each sample's cluster number, 4 bytes a sample (they move to another thread without a copy). */
  private readonly column = new GrowableArray(Int32Array);

  add(name: string): void {
    let n = this.names.get(name);
    if (n === undefined) this.names.set(name, (n = this.names.size));
    this.column.push(n);
  }

  get numbers(): Int32Array {
    return this.column.view();
  }
}

/** Takes the samples' data in order, from the first; gives each key's cluster numbers. */
export class ClusterNumbering {
  private readonly keys = new Map<string, ClusterNumbers>();
  private count = 0;
  private outOfOrder = false;

  add(position: number, data: unknown): void {
    if (position !== this.count) {
      this.outOfOrder = true;
      return;
    }
    if (position < DATA_KEYS_PROBE && isRecord(data)) {
      for (const key of Object.keys(data)) {
        if (this.keys.has(key)) continue;
        const numbers = new ClusterNumbers();
        // The samples before this one have no value for the key.
        for (let i = 0; i < position; i++) numbers.add(clusterName(undefined, key));
        this.keys.set(key, numbers);
      }
    }
    for (const [key, numbers] of this.keys) numbers.add(clusterName(data, key));
    this.count++;
  }

  /** Each key with the cluster number of every sample (as entries: any key, `__proto__` included, survives a message); undefined when samples came out of order. */
  result(): [string, Int32Array][] | undefined {
    return this.outOfOrder ? undefined : [...this.keys].map(([key, numbers]) => [key, numbers.numbers]);
  }
}
