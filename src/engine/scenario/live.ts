/**
 * Which parameters a going run applies at once (RunHandle.setParam): the bottleneck's
 * queue settings (not its discipline), rate, delay and loss. Any other change waits for
 * the next run. The app asks before a live change that makes the going run very large,
 * as it asks before a start (src/ui/run/controller.ts), and needs to know which apply.
 */
const LIVE = /^topology\.bottleneck\.(queue|reverseQueue|rate|delay|loss)(?:\.(\w+))?$/;

export interface LiveParam {
  part: 'queue' | 'reverseQueue' | 'rate' | 'delay' | 'loss';
  /** The queue's setting (queue and reverseQueue only). */
  field?: string;
}

/** What a live change of `path` changes, or why it cannot be changed during a run. */
export function liveParam(path: string): LiveParam | string {
  const m = LIVE.exec(path);
  if (!m || (m[1].endsWith('ueue') ? !m[2] : m[2] !== undefined))
    return `${path} cannot be changed during a run (only topology.bottleneck.queue.*, rate, delay and loss can); restart the run to apply it`;
  if (m[2] === 'kind') return `${path}: changing the queue discipline needs a restart`;
  return { part: m[1] as LiveParam['part'], ...(m[2] !== undefined ? { field: m[2] } : {}) };
}
