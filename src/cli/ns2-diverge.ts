import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRun } from '../engine/run';
import type { Scenario } from '../engine/scenario/schema';
import { F_FIN, F_SYN } from '../engine/net/packet';
import { exportNs2 } from '../ns2/export';

/**
 * Where the engine and ns-2.35 part on one scenario: both record every arrival at the
 * bottleneck (flow, TCP sequence number in packets, accepted or dropped), and the first
 * arrival where the two sequences differ is printed with its neighbourhood in both. This
 * is how every difference in docs/ns2.md was found; the step after it is to trace the
 * flows involved (`--trace-flows` here, `$tcp trace cwnd_ ...` there).
 *
 * Sequence numbers are ns-2's: data packet k (1-based) carries bytes [(k-1) MSS, k MSS);
 * the SYN is packet 0; ACKs show as "ack" + the cumulative ACK in packets.
 */

export interface Arrival {
  t: number;
  dropped: boolean;
  flow: number;
  what: string;
}

export interface Divergence {
  /** Index of the first arrival that differs, or -1 if the recorded prefixes agree. */
  index: number;
  engine: Arrival[];
  ns2: Arrival[];
}

/** The arrivals at the forward bottleneck in ns-2 (trace-queue "+" and "d" events) up to `until` s. */
async function ns2Arrivals(bin: string, s: Scenario, until: number): Promise<Arrival[]> {
  const { script, bottleneck } = exportNs2(s);
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-diverge-'));
  const trace = join(dir, 'bottleneck.tr');
  const patched = script.replace(
    /\n\$ns run\n/,
    `\nset tf [open ${trace} w]\n$ns trace-queue $n(${bottleneck[0]}) $n(${bottleneck[1]}) $tf\n$ns at ${until} "close $tf; exit 0"\n$ns run\n`,
  );
  writeFileSync(join(dir, 's.tcl'), patched);
  await new Promise<void>((res, rej) => execFile(bin, [join(dir, 's.tcl')], { maxBuffer: 64 << 20 }, (e) => (e ? rej(e) : res())));
  const out: Arrival[] = [];
  for (const line of readFileSync(trace, 'utf8').split('\n')) {
    const w = line.split(' ');
    if (w.length < 11 || (w[0] !== '+' && w[0] !== 'd')) continue;
    const [ev, t, , , type, , , fid, , , seq] = w;
    if (ev === 'd' && out.length > 0) {
      // a drop follows its "+" in ns-2's trace: mark that arrival
      const last = out[out.length - 1];
      if (last.flow === Number(fid) && !last.dropped) last.dropped = true;
      continue;
    }
    out.push({ t: Number(t), dropped: false, flow: Number(fid), what: type === 'tcp' ? seq : type === 'ack' ? `ack${seq}` : `${type}${seq}` });
  }
  rmSync(dir, { recursive: true, force: true });
  return out;
}

/** The same arrivals in the engine (the bottleneck queue's enqueue, watched on this run only). */
function engineArrivals(s: Scenario, until: number): Arrival[] {
  const run = createRun(s);
  const link = run.sim.links.find((l) => l.queue.ctx.name === run.bottleneckQueue);
  if (!link) throw new Error('no bottleneck link');
  const q = link.queue;
  const pool = run.sim.pool;
  const mss = s.tcp.mss;
  const out: Arrival[] = [];
  const enqueue = q.enqueue.bind(q);
  q.enqueue = (p: number, now: number): boolean => {
    const flags = pool.flags[p];
    const what = pool.payload[p] > 0 && (flags & F_SYN) === 0 ? String(Math.floor(pool.seq[p] / mss) + 1) : (flags & F_SYN) !== 0 ? '0' : (flags & F_FIN) !== 0 ? 'fin' : `ack${Math.round(pool.ack[p] / mss)}`;
    const a: Arrival = { t: now / 1e9, dropped: false, flow: pool.flow[p], what };
    const ok = enqueue(p, now);
    a.dropped = !ok;
    out.push(a);
    return ok;
  };
  // an arrival at an idle link with an empty queue takes the one-call path (QueueDisc.passIdle,
  // which drop-tail does without enqueue): route it through the watched enqueue, as its contract says
  q.passIdle = (p: number, now: number): number => (q.enqueue(p, now) ? q.dequeue(now) : -1);
  run.advance(until);
  return out;
}

/** Runs both and finds the first bottleneck arrival where they differ. */
export async function diverge(bin: string, s: Scenario, until: number): Promise<Divergence> {
  const nsp = ns2Arrivals(bin, s, until);
  const engine = engineArrivals(s, until);
  const ns2 = await nsp;
  const n = Math.min(engine.length, ns2.length);
  let index = -1;
  for (let i = 0; i < n; i++) {
    const a = engine[i];
    const b = ns2[i];
    if (a.flow !== b.flow || a.what !== b.what || a.dropped !== b.dropped) {
      index = i;
      break;
    }
  }
  if (index < 0 && engine.length !== ns2.length && n > 0 && Math.abs(engine[n - 1].t - until) > 1e-3) index = n;
  return { index, engine, ns2 };
}

export function formatDivergence(d: Divergence, context = 8): string {
  const row = (a: Arrival | undefined) => (a ? `${a.t.toFixed(6).padStart(12)} flow ${String(a.flow).padEnd(3)} ${a.what.padEnd(9)} ${a.dropped ? 'DROP' : '    '}` : '');
  if (d.index < 0) return `no difference in ${Math.min(d.engine.length, d.ns2.length)} bottleneck arrivals`;
  const lines = [`first difference at bottleneck arrival #${d.index} (engine ${d.engine[d.index]?.t.toFixed(6) ?? '-'} s, ns-2 ${d.ns2[d.index]?.t.toFixed(6) ?? '-'} s):`, `${'engine'.padEnd(40)}  ns-2`];
  for (let i = Math.max(0, d.index - context); i < d.index + context; i++) lines.push(`${i === d.index ? '>' : ' '} ${row(d.engine[i]).padEnd(38)}  ${row(d.ns2[i])}`);
  return lines.join('\n');
}
