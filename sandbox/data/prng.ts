/** Small seeded PRNG helpers: the sandbox must give the same data and faults for the same seed. */

export type Rng = () => number;

/** mulberry32: 32-bit state, good enough spread for sample data, and fast. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed, so each company (and each part of it) has its own stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(rng() * items.length)] as T;
}

/** Inclusive integer range. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** Log-normal-ish positive value: most small, a long tail of large ones (company sizes). */
export function skewed(rng: Rng, median: number, spread: number): number {
  const u = Math.max(rng(), 1e-9);
  const v = rng();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return median * Math.exp(normal * spread);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Picks `count` distinct items (fewer when the list is shorter). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const copy = items.slice();
  const out: T[] = [];
  while (out.length < count && copy.length > 0) {
    const i = Math.floor(rng() * copy.length);
    out.push(copy[i] as T);
    copy.splice(i, 1);
  }
  return out;
}
