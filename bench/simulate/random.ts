/**
 * A seeded random source for the simulation: the same seed gives the same world, run after run
 * and machine after machine (Math.random cannot be seeded). mulberry32: small, fast, and plenty
 * for drawing delays; not for anything secret.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  uniform(min: number, max: number): number;
  /** Exponential with this mean. */
  exponential(mean: number): number;
  /** Log-uniform in [min, max): as many draws between 1 and 2 hours as between 2 and 4. */
  logUniform(min: number, max: number): number;
  chance(p: number): boolean;
  /** An independent stream for one part of the world, so that adding draws elsewhere does not shift it. */
  fork(label: string): Random;
}

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    exponential: (mean) => -mean * Math.log(1 - next()),
    logUniform: (min, max) => min * Math.exp(Math.log(max / min) * next()),
    chance: (p) => next() < p,
    fork: (label) => seeded(hash(`${seed}/${label}`)),
  };
}

/** FNV-1a: a stable number from a label. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
