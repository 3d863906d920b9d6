/** The shape of a file read into memory shared between threads (sharedFileRead.ts), free of Node types. */

/** One shared read: the file, its bytes (being filled), the chunk size and the state of each chunk. */
export interface SharedRead {
  file: string;
  buffer: SharedArrayBuffer;
  chunkBytes: number;
  state: Int32Array;
}
