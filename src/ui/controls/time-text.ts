/** The transport's time line: simulated time and the time left, as text. */
import { format } from 'd3';
import type { Speed } from '../../protocol/messages';

/**
 * The time left, after the progress: always at max speed; at a chosen speed only when the
 * rest of the run takes a minute or more of the class's time (a web lesson of 230 s at 1×
 * gave no sign of its four minutes). `left`: the simulated time left over the pace measured
 * over the last seconds, in wall seconds; a minute or more reads in minutes ("3 min 44 s").
 */
export function leftPhrase(speed: Speed, left: number): string | null {
  if (!Number.isFinite(left) || left < 0) return null;
  if (speed === 'max') return `${timeText(left)} left`;
  return left >= 60 ? `${timeText(left, 60)} left` : null;
}

/**
 * Seconds as the time line shows them; from `minutesFrom` seconds on in whole minutes and
 * seconds, from an hour on in hours, minutes and seconds (a 100,000 s run read "t = 0.00 s /
 * 1666 min 40 s", a number to divide by 60 in one's head).
 */
export function timeText(s: number, minutesFrom = 600): string {
  if (!Number.isFinite(s)) return '∞';
  if (s < 10 && s < minutesFrom) return `${format('.2f')(s)} s`;
  if (s < minutesFrom) return `${format('.1f')(s)} s`;
  const whole = Math.round(s);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${format(',')(Math.floor(minutes / 60))} h ${minutes % 60} min ${whole % 60} s`;
}
