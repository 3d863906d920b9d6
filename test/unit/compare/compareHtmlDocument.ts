/** The script elements of a standalone compare file as the page's host reads them, for tests. */
import * as assert from 'node:assert/strict';
import type { ChunkDocument } from '../../../webview/shared/compressedSamples';
import { EmbeddedCompareHost, readEmbeddedCompare } from '../../../webview/compare/embeddedCompareHost';

/** A document holding the HTML's script elements by id, already parsed. */
export function chunkDocument(html: string): ChunkDocument {
  const elements = new Map<string, string>();
  for (const match of html.matchAll(/<script type="([^"]+)" id="([^"]+)">([\s\S]*?)<\/script>/g)) elements.set(match[2], match[3]);
  return {
    readyState: 'complete',
    getElementById: (id: string) => (elements.has(id) ? { textContent: elements.get(id) ?? null } : null),
    addEventListener: () => undefined,
  };
}

/** The page's host over the HTML of a compare file. */
export function pageHost(html: string): EmbeddedCompareHost {
  const doc = chunkDocument(html);
  const data = readEmbeddedCompare(doc);
  assert.ok(data, 'the compare data element is read back');
  return new EmbeddedCompareHost(data, doc);
}
