/**
 * The benchmark-only peers (DuckDB, ccusage) live in bench/package.json, installed by `npm run bench` into
 * bench/node_modules, so `npm ci` of the project never needs their per-platform packages.
 */
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';

const benchFolder = path.join(__dirname, '..', '..', 'bench');
const requireFromBench = createRequire(path.join(benchFolder, 'package.json'));

/** Loads a peer package installed in bench/node_modules. */
export function requirePeer<T>(name: string): T {
  return requireFromBench(name) as T;
}

/** Path of a peer's command-line entry (its package.json `bin`), or undefined when the peer is not installed. */
export function peerBin(pkg: string, bin = pkg): string | undefined {
  try {
    const manifestPath = requireFromBench.resolve(`${pkg}/package.json`);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const rel = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
    return rel ? path.join(path.dirname(manifestPath), rel) : undefined;
  } catch {
    return undefined;
  }
}

/** The part of DuckDB's Node API the benchmarks use (typed here: the package is not installed for type checks). */
export interface DuckDbApi {
  DuckDBInstance: {
    create(path: string): Promise<{ connect(): Promise<{ runAndReadAll(sql: string): Promise<{ getRows(): unknown[][] }> }> }>;
  };
}

export function duckDb(): DuckDbApi {
  return requirePeer<DuckDbApi>('@duckdb/node-api');
}
