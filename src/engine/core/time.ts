/**
 * Simulation time is an integer count of nanoseconds held in a JS number (exact up to
 * 2^53 ns = 104 days). Seconds appear only at the edges (scenario input, reports).
 */
export const NS_PER_S = 1_000_000_000;

/** Seconds (float) to integer nanoseconds, rounded to the nearest nanosecond. */
export function fromSeconds(s: number): number {
  return Math.round(s * NS_PER_S);
}

/** Integer nanoseconds to seconds (float), for reporting only. */
export function toSeconds(ns: number): number {
  return ns / NS_PER_S;
}

/** Serialization time of `bytes` on a link of `rateBps` bits/s, in whole nanoseconds (rounded). */
export function txTimeNs(bytes: number, rateBps: number): number {
  return Math.round((bytes * 8 * NS_PER_S) / rateBps);
}
