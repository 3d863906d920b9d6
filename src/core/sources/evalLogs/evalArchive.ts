/**
 * The samples of an Inspect `.eval` archive: the plain layout (`samples/{id}_epoch_{n}.json`) and the chunked one
 * (`samples/{id}_epoch_{n}/sample.json` with `messages/{start}.json` and `attachments/{start}.json`), possibly
 * both in one file, in the order the archive lists them; and its header (`header.json`, or `_journal/start.json`
 * for an unfinished log). Entries are read one at a time, in place.
 */
import { ZipArchive, ZipEntry } from '../../archive/zipReader';
import { ZipEntryError, useEntryData } from '../../archive/zipEntryData';
import { sourceStrings } from '../../l10n/sourceStrings';
import { isPlainObject, setOwn } from '../../json/objectValues';
import { SkippedMembers, parseLeanSample } from './leanSample';

const SAMPLES_PREFIX = 'samples/';
const EPOCH_SEPARATOR = '_epoch_';
/** Ends the key of a second entry of the same name (a NUL is never in an entry name: names are shown escaped). */
const COPY_SEPARATOR = '\u0000';
/** Shared by samples without chunks (never pushed to: a sample that gets a chunk gets its own list). */
const NO_CHUNKS: Chunk[] = [];
/** The kinds of a sample's own entry (archiveSampleCount): `samples/KEY.json`, `samples/KEY/sample.json`. */
const PLAIN_ENTRY = 1;
const SAMPLE_ENTRY = 2;
/** The chunked layout's own entry of a sample, under the sample's folder. */
const SAMPLE_FILE = 'sample.json';

interface Chunk {
  start: number;
  entry: ZipEntry;
}

export interface SampleRef {
  /** `{id}_epoch_{n}`, as in the entry name (split by `splitKey` when needed); unique within the archive. */
  key: string;
  /** Plain layout: the one sample entry. */
  plain?: ZipEntry;
  /** Chunked layout: `sample.json` and its message and attachment chunks. */
  sample?: ZipEntry;
  messages: Chunk[];
  attachments: Chunk[];
}

export function splitKey(uniqueKey: string): { id: string; epoch: number | undefined } {
  const copy = uniqueKey.indexOf(COPY_SEPARATOR);
  const key = copy < 0 ? uniqueKey : uniqueKey.slice(0, copy);
  const at = key.lastIndexOf(EPOCH_SEPARATOR);
  if (at < 0) return { id: key, epoch: undefined };
  const epoch = Number(key.slice(at + EPOCH_SEPARATOR.length));
  return { id: key.slice(0, at), epoch: Number.isInteger(epoch) ? epoch : undefined };
}

/**
 * A name under `samples/` as its sample key and the rest after the key's folder: `samples/KEY.json` has no rest (a
 * sample in one entry), `samples/KEY/REST` has one (`sample.json`, a chunk of messages or attachments, or another
 * file); undefined for any other name.
 */
function sampleEntryName(name: string): { key: string; inner?: string } | undefined {
  if (!name.startsWith(SAMPLES_PREFIX)) return undefined;
  const slash = name.indexOf('/', SAMPLES_PREFIX.length);
  if (slash >= 0) return { key: name.slice(SAMPLES_PREFIX.length, slash), inner: name.slice(slash + 1) };
  return name.endsWith('.json') ? { key: name.slice(SAMPLES_PREFIX.length, -5) } : undefined;
}

/**
 * The kind of a sample's own entry as sampleEntryName reads its name: PLAIN_ENTRY for `samples/KEY.json`,
 * SAMPLE_ENTRY for `samples/KEY/sample.json`, 0 for any other name; no text is made.
 */
function sampleEntryKind(name: string): number {
  if (!name.startsWith(SAMPLES_PREFIX)) return 0;
  const slash = name.indexOf('/', SAMPLES_PREFIX.length);
  if (slash >= 0) return name.length - slash - 1 === SAMPLE_FILE.length && name.endsWith(SAMPLE_FILE) ? SAMPLE_ENTRY : 0;
  return name.endsWith('.json') ? PLAIN_ENTRY : 0;
}

/** The archive's samples, in the order their first entry appears in the central directory. */
export function archiveSamples(entries: readonly ZipEntry[]): SampleRef[] {
  const byKey = new Map<string, SampleRef>();
  const refOf = (key: string): SampleRef => {
    let ref = byKey.get(key);
    if (!ref) {
      ref = { key, plain: undefined, sample: undefined, messages: NO_CHUNKS, attachments: NO_CHUNKS };
      byKey.set(key, ref);
    }
    return ref;
  };
  // A second entry of the same name is a sample of its own, never a replacement (docs/security.md): no sample is lost.
  let duplicates = 0;
  const freshRef = (key: string): SampleRef => {
    const unique = `${key}${COPY_SEPARATOR}${++duplicates}`;
    const ref: SampleRef = { key: unique, plain: undefined, sample: undefined, messages: NO_CHUNKS, attachments: NO_CHUNKS };
    byKey.set(unique, ref);
    return ref;
  };
  for (const entry of entries) {
    const named = sampleEntryName(entry.name);
    if (!named) continue;
    const { key, inner } = named;
    if (inner === undefined) {
      const ref = refOf(key);
      (ref.plain ? freshRef(key) : ref).plain = entry;
      continue;
    }
    if (inner === SAMPLE_FILE) {
      const ref = refOf(key);
      (ref.sample ? freshRef(key) : ref).sample = entry;
    }
    const chunk = /^(messages|attachments)\/(\d+)\.json$/.exec(inner);
    if (chunk) {
      const ref = refOf(key);
      const kind = chunk[1] as 'messages' | 'attachments';
      if (ref[kind] === NO_CHUNKS) ref[kind] = [];
      ref[kind].push({ start: Number(chunk[2]), entry });
    }
  }
  const refs = [...byKey.values()].filter((ref) => ref.plain || ref.sample);
  for (const ref of refs) {
    if (ref.messages.length > 1) ref.messages.sort((a, b) => a.start - b.start);
    if (ref.attachments.length > 1) ref.attachments.sort((a, b) => a.start - b.start);
  }
  return refs;
}

/**
 * How many samples archiveSamples finds, without making them: a key's first `samples/KEY.json` or
 * `samples/KEY/sample.json` is one sample, and each further entry of a kind already seen for the key is one more.
 * What opening an archive needs when its summaries stand in for the samples (the refs are made only if a sample is
 * read).
 */
export function archiveSampleCount(entries: readonly ZipEntry[]): number {
  // Every entry of a kind counts while the archive has one kind only (Inspect writes one layout): no key is made.
  let plain = 0;
  let chunked = 0;
  for (const entry of entries) {
    const kind = sampleEntryKind(entry.name);
    if (kind === PLAIN_ENTRY) plain++;
    else if (kind === SAMPLE_ENTRY) chunked++;
  }
  if (plain === 0 || chunked === 0) return plain + chunked;
  const kinds = new Map<string, number>();
  let count = 0;
  for (const entry of entries) {
    const kind = sampleEntryKind(entry.name);
    const named = kind ? sampleEntryName(entry.name) : undefined;
    if (!named) continue;
    const key = named.key;
    const seen = kinds.get(key) ?? 0;
    if ((seen & kind) !== 0) {
      count++; // a further entry of a kind already seen: a sample of its own
    } else {
      if (seen === 0) count++; // the key's first entry
      kinds.set(key, seen | kind);
    }
  }
  return count;
}

/**
 * Parses one entry as JSON; damaged data or text that is not JSON is a ZipEntryError. `skipped`: a sample's
 * members read as null (see leanSample.ts).
 */
async function readJsonEntry(archive: ZipArchive, entry: ZipEntry, maxBytes: number, skipped?: SkippedMembers): Promise<unknown> {
  // The bytes are parsed as soon as they are read (useEntryData may reuse their buffer for the next entry).
  return useEntryData(archive, entry, maxBytes, (data) => {
    const leanValue = skipped ? parseLeanSample(data, skipped) : undefined;
    if (leanValue !== undefined) return leanValue;
    try {
      return JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as unknown;
    } catch (error) {
      throw new ZipEntryError(entry.name, archive.file, false, sourceStrings.invalidJson(entry.name, archive.file, error instanceof Error ? error.message : String(error)));
    }
  });
}

/** The header of an archive: `header.json`, else `_journal/start.json`; undefined when it has neither. */
export async function readArchiveHeader(archive: ZipArchive, maxBytes: number): Promise<unknown> {
  const header = archive.entries.find((entry) => entry.name === 'header.json') ?? archive.entries.find((entry) => entry.name === '_journal/start.json');
  return header ? readJsonEntry(archive, header, maxBytes) : undefined;
}

function notASample(ref: SampleRef, archive: ZipArchive): ZipEntryError {
  const name = (ref.plain ?? ref.sample)!.name;
  return new ZipEntryError(name, archive.file, false, sourceStrings.notASample(name, archive.file));
}

/**
 * One sample, with the chunked layout's messages and attachments joined in order. `skipped`: the sample's own
 * members read as null, for a row (`events`) or a row without a trace or a count (also `messages`; message chunks
 * are still read and checked).
 */
export async function readArchiveSample(archive: ZipArchive, ref: SampleRef, maxBytes: number, skipped?: SkippedMembers): Promise<Record<string, unknown>> {
  const main = ref.sample ?? ref.plain!;
  const sample = await readJsonEntry(archive, main, maxBytes, skipped);
  if (!isPlainObject(sample) || sample.id === undefined || sample.id === null) throw notASample(ref, archive);
  if (ref.sample && ref.messages.length) {
    const messages: unknown[] = Array.isArray(sample.messages) ? [...(sample.messages as unknown[])] : [];
    for (const chunk of ref.messages) {
      const part = await readJsonEntry(archive, chunk.entry, maxBytes);
      const list: unknown = isPlainObject(part) && Array.isArray(part.messages) ? part.messages : part;
      if (Array.isArray(list)) for (const message of list) messages.push(message);
    }
    sample.messages = messages;
  }
  if (ref.sample && ref.attachments.length) {
    const attachments: Record<string, unknown> = isPlainObject(sample.attachments) ? { ...sample.attachments } : {};
    for (const chunk of ref.attachments) {
      const part = await readJsonEntry(archive, chunk.entry, maxBytes);
      if (Array.isArray(part)) part.forEach((text, i) => setOwn(attachments, String(chunk.start + i), text));
      else if (isPlainObject(part)) for (const [key, text] of Object.entries(part)) setOwn(attachments, key, text);
    }
    sample.attachments = attachments;
  }
  if (sample.epoch === undefined) {
    const { epoch } = splitKey(ref.key);
    if (epoch !== undefined) sample.epoch = epoch;
  }
  return sample;
}
