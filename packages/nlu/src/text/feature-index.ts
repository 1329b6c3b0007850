/**
 * Feature hashes (unsigned 32-bit) to dense ids 0..size-1, in the order first added: an
 * open-addressing table on typed arrays. A Map would box every hash above 2^30 (half of them)
 * into a heap number; on millions of lookups while training that was most of the indexing time.
 */
export class FeatureIndex {
  private keys: Uint32Array;
  private ids: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected = 1024) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Uint32Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
  }

  static of(hashes: ArrayLike<number>): FeatureIndex {
    const index = new FeatureIndex(hashes.length);
    for (let i = 0; i < hashes.length; i++) index.add(hashes[i] as number);
    return index;
  }

  /** The id of `hash`, or -1. */
  get(hash: number): number {
    let at = mix(hash) & this.mask;
    for (;;) {
      const id = this.ids[at] as number;
      if (id < 0 || this.keys[at] === hash) return id;
      at = (at + 1) & this.mask;
    }
  }

  /** The id of `hash`, given the next free one if it is new. */
  add(hash: number): number {
    let at = mix(hash) & this.mask;
    for (;;) {
      const id = this.ids[at] as number;
      if (id < 0) break;
      if (this.keys[at] === hash) return id;
      at = (at + 1) & this.mask;
    }
    this.keys[at] = hash;
    this.ids[at] = this.size;
    this.size++;
    if (this.size * 2 > this.keys.length) this.grow();
    return this.size - 1;
  }

  private grow() {
    const { keys, ids } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.ids = new Int32Array(keys.length * 2).fill(-1);
    this.mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      const id = ids[i] as number;
      if (id < 0) continue;
      let at = mix(keys[i] as number) & this.mask;
      while ((this.ids[at] as number) >= 0) at = (at + 1) & this.mask;
      this.keys[at] = keys[i] as number;
      this.ids[at] = id;
    }
  }
}

/** FNV hashes of similar strings differ in few low bits: spread them before masking. */
const mix = (hash: number) => Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
