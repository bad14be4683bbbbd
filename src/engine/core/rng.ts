/**
 * Seeded pseudo-random numbers. The engine never uses Math.random: every independent
 * source of randomness (each traffic source, each AQM, each error model) owns one Rng
 * stream derived from the scenario seed and a stream name, so adding a stream never
 * shifts the numbers another stream draws.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit
 * variant), seeded through splitmix32 as its author recommends. All arithmetic is on
 * 32-bit integers, so Node and every browser produce bit-identical sequences.
 */
export class Rng {
  // initialized here, not only in the constructor: a class field without an initializer
  // starts as undefined and V8 keeps it tagged, a new heap number for every state word
  // outside the small-integer range (about half of them, at every draw)
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number, stream = 0) {
    let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
    const next = (): number => {
      // splitmix32
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() | 1;
    for (let i = 0; i < 15; i++) this.nextU32();
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  uniform(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform in (0, 1]: safe as the argument of Math.log. */
  uniformPositive(): number {
    return (this.nextU32() + 1) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  /** Exponential variate with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(this.uniformPositive());
  }

  /** Pareto variate with shape `alpha` and scale (minimum) `xm`. */
  pareto(alpha: number, xm: number): number {
    return xm / Math.pow(this.uniformPositive(), 1 / alpha);
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }
}

/** Stable 32-bit hash of a stream name (FNV-1a), used to derive named streams. */
export function streamId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The RNG stream called `name` of the scenario seeded with `seed`. */
export function rngFor(seed: number, name: string): Rng {
  return new Rng(seed >>> 0, streamId(name));
}
