/**
 * Deterministic embeddings for the stand-in: each word and each word's three-letter pieces are hashed
 * into a fixed number of dimensions, then the vector is normalised. Texts sharing words point the same
 * way, so "similar texts are near" without any model.
 */
export function standInEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    add(vector, `w:${word}`, 1);
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(vector, `t:${padded.slice(i, i + 3)}`, 0.3);
  }
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((value) => value / length);
}

function add(vector: number[], feature: string, weight: number): void {
  const hash = fnv1a(feature);
  const index = hash % vector.length;
  // A second bit of the hash picks the sign, so unrelated features cancel instead of piling up.
  vector[index] = (vector[index] ?? 0) + (hash & 0x80000000 ? -weight : weight);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
