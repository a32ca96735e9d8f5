/**
 * The randomness of one config version: fault rates, random latency and the template helpers
 * (uuid, randomInt, oneOf, faker). With `server.seed` it is a seeded generator, so the same requests
 * in the same order give the same answers; without, Math.random and crypto's UUIDs.
 */
import { randomUUID } from '../on-demand.js';

export interface Randomness {
  /** A number in [0, 1). */
  next(): number;
  uuid(): string;
  /** The seed, when there is one (faker is seeded from it). */
  readonly seed: number | undefined;
}

/** mulberry32: small, fast, and good enough for mock data and fault rates. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

export function randomness(seed: number | undefined): Randomness {
  if (seed === undefined) return { next: Math.random, uuid: randomUUID, seed };
  const next = mulberry32(seed);
  const word = (): number => Math.floor(next() * 0x10000);
  return {
    next,
    seed,
    // A version-4 UUID from the seeded generator.
    uuid: () =>
      `${hex(word(), 4)}${hex(word(), 4)}-${hex(word(), 4)}-4${hex(word() & 0xfff, 3)}-${hex((word() & 0x3fff) | 0x8000, 4)}-${hex(word(), 4)}${hex(word(), 4)}${hex(word(), 4)}`,
  };
}

/** A whole number in [min, max]. */
export const randomIntIn = (random: Randomness, min: number, max: number): number =>
  min + Math.floor(random.next() * (max - min + 1));
