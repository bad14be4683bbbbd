/**
 * How fast runs go in this tab, from the worker's progress reports while a run goes. Two uses:
 * - the Transport's "time left" at max speed and "running at N×" below the speed asked for:
 *   the simulated seconds per wall second over the last few seconds. The worker's own rate is over a quarter of a second and jumps with the traffic
 *   (a web run's bursts) and with what else the machine does: on a busy or slow machine it
 *   said 104 s left, then 62, then 17 for a run with 25 s to go, and at 10x "running at
 *   3.9×" came and went from one second to the next (docs/speed.md);
 * - the question before a very large run: the engine's events per second measured here,
 *   where a slow laptop runs 5-10x below the nominal rate the estimate otherwise assumes.
 */

/** The time left is taken over this much wall time, ms... */
export const PACE_WINDOW_MS = 5000;
/** ...and shown once this much of the current stretch at max speed is measured, ms. */
export const PACE_MIN_MS = 1000;
/** The measured events per second are used once this much running at max speed was measured, s. */
export const PACE_MIN_EVENTS_WALL_S = 2;

interface Sample {
  wall: number;
  sim: number;
  events: number;
}

export class Pace {
  /** The current stretch at one speed (a pause, another speed or a new run ends it). */
  private stretch: Sample[] = [];
  /** Over every stretch at max speed in this tab. */
  private wallS = 0;
  private events = 0;

  /**
   * A progress report while the run goes: wall clock ms, simulated s, events so far;
   * `atMax`: at max speed (only then do its events count towards the events per second).
   */
  sample(wallMs: number, sim: number, events: number, atMax = true): void {
    const last = this.stretch.at(-1);
    if (last) {
      if (!(wallMs > last.wall) || sim < last.sim || events < last.events) {
        // another run's counters (or a clock that did not move): start over
        this.stretch = [];
      } else if (atMax) {
        this.wallS += (wallMs - last.wall) / 1000;
        this.events += events - last.events;
      }
    }
    this.stretch.push({ wall: wallMs, sim, events });
    // keep the window, and the sample just before it (so the window is always covered)
    while (this.stretch.length > 2 && wallMs - this.stretch[1].wall >= PACE_WINDOW_MS) this.stretch.shift();
  }

  /** The stretch at one speed has ended (paused, another speed, reset, a new run, done). */
  stop(): void {
    this.stretch = [];
  }

  /** Simulated seconds per wall second over the last PACE_WINDOW_MS of this stretch (NaN before PACE_MIN_MS of it). */
  simRate(): number {
    const a = this.stretch[0];
    const b = this.stretch.at(-1);
    if (!a || !b || b.wall - a.wall < PACE_MIN_MS) return NaN;
    return (b.sim - a.sim) / ((b.wall - a.wall) / 1000);
  }

  /** Engine events per wall second at max speed in this tab (NaN before PACE_MIN_EVENTS_WALL_S of it). */
  eventsPerSec(): number {
    return this.wallS >= PACE_MIN_EVENTS_WALL_S && this.events > 0 ? this.events / this.wallS : NaN;
  }
}
