const FNV_OFFSET = 0x811c9dc5 | 0;

/** FNV-1a, 32 bits: feature strings become numbers, the same on every machine and run. */
export function hashString(text: string): number {
  return hashMore(FNV_OFFSET, text) >>> 0;
}

/**
 * The FNV-1a state after `text[from, to)`, continuing from `state`. Hashing parts one after
 * another gives what hashing their concatenation gives, so features are hashed without
 * building their strings (most of what a prediction allocated). `>>> 0` finishes a hash.
 */
export function hashMore(state: number, text: string, from = 0, to = text.length): number {
  let h = state;
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The state after a fixed prefix, to continue with hashMore. */
export const hashPrefix = (prefix: string) => hashMore(FNV_OFFSET, prefix);

/** The hash of `prefix` (a hashPrefix state) followed by `a|b`. */
export const hashPair = (prefix: number, a: string, b: string) =>
  hashMore(hashMore(hashMore(prefix, a), '|'), b) >>> 0;

/** A small seeded generator (mulberry32): training shuffles the same way every time. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffleInPlace<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
