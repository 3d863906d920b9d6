/** Typed arrays that grow as values are appended (doubling), for the columns of the sample index. */
type TypedArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

interface TypedArrayConstructor<T extends TypedArray> {
  new (length: number): T;
}

export class GrowableArray<T extends TypedArray> {
  private array: T;
  length = 0;

  constructor(private readonly make: TypedArrayConstructor<T>, capacity = 1024, private readonly fill = 0) {
    this.array = new make(capacity);
    if (fill !== 0) this.array.fill(fill);
  }

  /** Makes room for index `at` (new slots hold the fill value). */
  private reserve(at: number): void {
    if (at < this.array.length) return;
    let size = Math.max(16, this.array.length * 2);
    while (size <= at) size *= 2;
    const grown = new this.make(size);
    grown.set(this.array);
    if (this.fill !== 0) grown.fill(this.fill, this.array.length);
    this.array = grown;
  }

  push(value: number): void {
    this.reserve(this.length);
    this.array[this.length++] = value;
  }

  /** Sets slot `at` (slots between the end and `at` keep the fill value). */
  set(at: number, value: number): void {
    this.reserve(at);
    this.array[at] = value;
    if (at >= this.length) this.length = at + 1;
  }

  get(at: number): number {
    return at < this.length ? this.array[at] : this.fill;
  }

  /** The values as a typed array of exactly `length` slots (shares the memory while no more is appended). */
  view(length = this.length): T {
    if (length > 0) this.reserve(length - 1);
    return this.array.subarray(0, length) as T;
  }

  /** Releases the spare capacity once no more values come. */
  trim(length = this.length): void {
    if (this.array.length === length) return;
    const exact = new this.make(length);
    exact.set(this.array.subarray(0, Math.min(length, this.array.length)));
    if (this.fill !== 0 && length > this.array.length) exact.fill(this.fill, this.array.length);
    this.array = exact;
  }
}

/** Interns values: each distinct value once, by its key, with its number. */
export class InternTable<T> {
  private readonly byKey = new Map<string, number>();
  readonly values: T[] = [];

  constructor(private readonly keyOf: (value: T) => string) {}

  idOf(value: T): number {
    const key = this.keyOf(value);
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.byKey.set(key, id);
    }
    return id;
  }
}
