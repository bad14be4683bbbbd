import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Rng } from '../../../../src/engine/core/rng';
import { fromSeconds } from '../../../../src/engine/core/time';
import type { FlowEvent } from '../../../../src/engine/net/agent';
import { F_SYN } from '../../../../src/engine/net/packet';
import { SackRecovery } from '../../../../src/engine/tcp/sack';
import { S_DONE, S_ESTABLISHED } from '../../../../src/engine/tcp/sender';
import { oneFlow, type Verdict } from './fake-net';

/**
 * The SACK sender (sack.ts, RFC 6675 over RFC 2018 blocks) on one connection of the
 * two-node FakeNet, with a loss pattern drawn by fast-check: which data transmissions and
 * which ACKs are dropped (by their index, so a counterexample shrinks to a short list), and
 * optionally random reordering. At every data segment the sender emits and at every flow
 * event it checks what RFC 6675 / RFC 2018 state:
 *
 * (1) RFC 6675 §4 NextSeg rules 1 and 3: a retransmission during recovery is of a segment
 *     "not SACKed" on the scoreboard at the time it is sent (the first one, §5 step 4, is
 *     snd.una, which is never SACKed). Rules 1 and 3 also only pick segments above HighRxt,
 *     so within one recovery the retransmitted segments strictly increase; rule 4's rescue
 *     retransmission is the only exception, at most one per recovery (this sender does none).
 * (2) RFC 6675 §4 SetPipe, recomputed here from the scoreboard and from HighRxt as seen on
 *     the wire: pipe = Σ over unSACKed segments in [HighACK, HighData) of
 *     (IsLost ? 0 : 1) + (at or below HighRxt ? 1 : 0), IsLost = DupThresh or more SACKed
 *     segments above (with whole segments the same as the RFC's byte rule). The sender's own
 *     pipe() must equal it, it is never negative, and every send after the first
 *     retransmission satisfies §5 step (C): cwnd - pipe >= 1 segment.
 * (3) Each payload byte reaches the application exactly once and in order: rcvNxt moves
 *     forward only and bytesDelivered by the same amount, ending at the transfer size.
 * (4) With forward losses only (no reordering, no ACK loss, so "lost" is what the network
 *     dropped), a recovery that ends without a timeout retransmits at most the number of
 *     segments at or above its snd.una that were dropped, plus one rescue retransmission
 *     (RFC 6675 §4 rule 4, "at most one ... per entry into loss recovery"). Checked only on
 *     recoveries before the connection's first timeout: after one, go-back-N resends segments
 *     the receiver already holds (the SACK bits were cleared, RFC 2018 §8), and their
 *     duplicate ACKs may start a recovery that RFC 6675 §5.1 allows (snd.una has reached the
 *     timeout's HighData) on a segment still in flight. Seen here with dupThresh 2: drops of
 *     segments 21-23, timeout, go-back-N resends 24 and 25 (held), two duplicate ACKs for 43
 *     while 43 is in flight, fast retransmit of 43: one retransmission, nothing dropped.
 * (5) RFC 2018 §8: after a retransmission timeout the SACK bits are cleared (and recovery
 *     ends, RFC 6675 §5.1); and no new recovery starts before HighACK reaches the HighData of
 *     that timeout (RFC 6675 §5.1: "a new recovery phase ... MUST NOT be initiated until
 *     HighACK is greater than or equal to the new value of RecoveryPoint").
 */

const MSS = 1000;

interface Case {
  segs: number;
  rwndSegs: number;
  initialCwnd: number;
  dupThresh: number;
  delayedAck: boolean;
  limitedTransmit: boolean;
  /** Indices (in sending order) of the data transmissions to drop. */
  dataDrops: number[];
  /** Indices of the receiver's ACKs to drop (none for property 4). */
  ackDrops: number[];
  /** Max extra delay per packet, ms (0 for property 4: FIFO, no reordering). */
  jitterMs: number;
  seed: number;
}

/** How much each property was exercised (summed over the runs of a test): guards against a vacuous pass. */
const seen = { recoveries: 0, checkedSends: 0, retransmissions: 0, boundedEpisodes: 0, timeouts: 0 };

function runCase(c: Case): string[] {
  const bad: string[] = [];
  const dataDrops = new Set(c.dataDrops);
  const ackDrops = new Set(c.ackDrops);
  const rng = new Rng(c.seed, 3);
  let dataIdx = 0;
  let ackIdx = 0;
  /** Segments (by number) of which at least one transmission was dropped. */
  const droppedSegs = new Set<number>();
  const f = oneFlow(
    {
      forward: { rateBps: 10e6, delayS: 0.01 },
      events: true,
      filter: (net, p, from): Verdict => {
        const pool = net.pool;
        if (from === 0 && pool.payload[p] > 0) {
          if (dataDrops.has(dataIdx++)) {
            droppedSegs.add(pool.seq[p] / MSS);
            return 'drop';
          }
        } else if (from === 1 && pool.payload[p] === 0 && (pool.flags[p] & F_SYN) === 0) {
          if (ackDrops.has(ackIdx++)) return 'drop';
        }
        return 'pass';
      },
      jitter: () => (c.jitterMs > 0 ? Math.floor(rng.uniform() * fromSeconds(c.jitterMs / 1000)) : 0),
    },
    {
      variant: 'sack',
      mss: MSS,
      rwnd: c.rwndSegs * MSS,
      initialCwnd: c.initialCwnd,
      dupackThreshold: c.dupThresh,
      delayedAck: c.delayedAck,
      limitedTransmit: c.limitedTransmit,
      tick: 0.01,
      minRto: 0.2,
    },
    { bytes: c.segs * MSS },
  );
  const { net, sender, receiver } = f;
  const rec = sender.recovery;
  if (!(rec instanceof SackRecovery)) throw new Error('variant sack must use SackRecovery');
  const sb = rec.sb;
  const D = c.dupThresh;

  // --- the current recovery episode, as seen from outside ---
  let episode = false;
  let entryPending = false;
  let entryUna = 0;
  let highRxt = -1;
  let retx = 0;
  let belowHighRxt = 0;
  /** HighData at the last timeout: no recovery may start before snd.una reaches it. */
  let rtoRecoveryPoint = 0;
  let timedOut = false;
  /** The current recovery is one property (4) applies to. */
  let bounded = false;

  /** RFC 6675 §4 SetPipe from the scoreboard, HighACK = snd.una, HighData = snd.max, HighRxt tracked here. */
  const rfcPipe = (): number => {
    const top = Math.ceil(sender.sndMax / MSS);
    let pipe = 0;
    for (let k = Math.floor(sender.sndUna / MSS); k < top; k++) {
      if (sb.isSacked(k)) continue;
      let above = 0;
      for (let j = k + 1; j < top; j++) if (sb.isSacked(j)) above++;
      if (above < D) pipe++; // !IsLost(k)
      if (k <= highRxt) pipe++;
    }
    return pipe;
  };

  net.flowEvent = (e: FlowEvent) => {
    if (e.kind === 'fast-retransmit') {
      if (sender.sndUna < rtoRecoveryPoint) bad.push(`t=${e.t}: recovery started at snd.una ${sender.sndUna} below the RecoveryPoint ${rtoRecoveryPoint} of the last timeout (RFC 6675 §5.1)`);
      seen.recoveries++;
      episode = true;
      bounded = !timedOut && c.jitterMs === 0 && c.ackDrops.length === 0;
      entryPending = true;
      entryUna = sender.sndUna / MSS;
      highRxt = -1;
      retx = 0;
      belowHighRxt = 0;
    } else if (e.kind === 'recovery-exit') {
      if (episode) {
        // (4) only where "lost" means "dropped by the network"
        if (bounded) {
          seen.boundedEpisodes++;
          let lost = 0;
          for (const k of droppedSegs) if (k >= entryUna) lost++;
          if (retx > lost + 1) bad.push(`t=${e.t}: ${retx} retransmissions in a recovery from segment ${entryUna} without timeout, only ${lost} segments dropped (+1 rescue)`);
        }
      }
      episode = false;
    } else if (e.kind === 'timeout' && sender.state === S_ESTABLISHED) {
      seen.timeouts++;
      timedOut = true;
      episode = false;
      rtoRecoveryPoint = sender.sndMax;
      // (5) RFC 2018 §8 / RFC 6675 §5.1
      if (sb.sackedCount !== 0 || sb.highSacked > sb.base || rec.inRecovery) bad.push(`t=${e.t}: after a timeout the scoreboard still holds ${sb.sackedCount} SACKed segments (inRecovery ${rec.inRecovery})`);
    }
  };

  net.onSend = (from, p, now) => {
    const t = now / 1e9; // s, as flow events
    const pool = net.pool;
    if (from !== 0 || pool.payload[p] === 0) return;
    const seq = pool.seq[p];
    const k = seq / MSS;
    const isRetx = seq < sender.sndMax;
    if (!rec.inRecovery) return;
    if (!episode) {
      bad.push(`t=${t}: in recovery without a fast-retransmit event`);
      return;
    }
    if (entryPending) {
      // RFC 6675 §5 step 4: the first retransmission is snd.una, sent regardless of pipe
      entryPending = false;
      if (!isRetx || seq !== sender.sndUna) bad.push(`t=${t}: recovery began by sending ${seq}, not snd.una ${sender.sndUna}`);
      retx++;
      highRxt = k;
      return;
    }
    // (2) pipe before this send, as the sender computed it for its cwnd - pipe test
    const mine = rec.pipe(sender);
    const theirs = rfcPipe();
    if (theirs < 0 || mine < 0) bad.push(`t=${t}: negative pipe ${mine}`);
    if (mine !== theirs) bad.push(`t=${t}: pipe ${mine}, RFC 6675 SetPipe gives ${theirs} (snd.una ${sender.sndUna / MSS}, snd.max ${sender.sndMax / MSS}, HighRxt ${highRxt})`);
    if (sender.cwnd - theirs < 1) bad.push(`t=${t}: sent segment ${k} with cwnd ${sender.cwnd} - pipe ${theirs} < 1`);
    seen.checkedSends++;
    if (!isRetx) return;
    seen.retransmissions++;
    retx++;
    // (1) never a SACKed segment, and above HighRxt (one rescue allowed)
    if (sb.isSacked(k)) bad.push(`t=${t}: retransmitted segment ${k}, SACKed on the scoreboard`);
    if (k <= highRxt && ++belowHighRxt > 1) bad.push(`t=${t}: retransmitted segment ${k} at or below HighRxt ${highRxt} more than once in a recovery`);
    if (k > highRxt) highRxt = k;
  };

  // (3) in-order, exactly-once delivery, watched at every segment the receiver takes
  const recv = receiver.recv.bind(receiver);
  receiver.recv = (p: number, now: number) => {
    const n0 = receiver.rcvNxt;
    const d0 = receiver.bytesDelivered;
    recv(p, now);
    if (receiver.rcvNxt < n0) bad.push(`rcvNxt went back from ${n0} to ${receiver.rcvNxt}`);
    if (receiver.bytesDelivered - d0 !== receiver.rcvNxt - n0) bad.push(`delivered ${receiver.bytesDelivered - d0} bytes while rcvNxt moved ${receiver.rcvNxt - n0}`);
  };

  net.run(600);
  if (receiver.bytesDelivered !== c.segs * MSS) bad.push(`delivered ${receiver.bytesDelivered} of ${c.segs * MSS} bytes`);
  if (sender.state !== S_DONE) bad.push(`connection not closed (state ${sender.state})`);
  return bad;
}

const common = {
  segs: fc.integer({ min: 1, max: 200 }),
  rwndSegs: fc.integer({ min: 4, max: 40 }),
  initialCwnd: fc.integer({ min: 1, max: 4 }),
  dupThresh: fc.integer({ min: 2, max: 4 }),
  delayedAck: fc.boolean(),
  limitedTransmit: fc.boolean(),
  // single drops and bursts (several holes in one window is what NextSeg rules 1 and 3 are for)
  dataDrops: fc
    .array(fc.tuple(fc.integer({ min: 0, max: 250 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 8 })
    .map((bursts) => [...new Set(bursts.flatMap(([at, n, gap]) => Array.from({ length: n }, (_, i) => at + i * gap)))].sort((a, b) => a - b)),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
};

function resetSeen(): void {
  for (const k of Object.keys(seen) as (keyof typeof seen)[]) seen[k] = 0;
}

test('SACK recovery under forward losses only: properties (1)-(5), including the retransmission bound (4)', () => {
  resetSeen();
  fc.assert(
    fc.property(fc.record({ ...common, ackDrops: fc.constant<number[]>([]), jitterMs: fc.constant(0) }), (c) => {
      expect(runCase(c)).toEqual([]);
    }),
    { numRuns: 1000, seed: 6675 },
  );
  // not vacuous: recoveries with several holes, many checked sends and bounded recoveries (about 2x these floors at this seed)
  expect(seen.retransmissions).toBeGreaterThan(1000);
  expect(seen.checkedSends).toBeGreaterThan(3000);
  expect(seen.boundedEpisodes).toBeGreaterThan(250);
  expect(seen.timeouts).toBeGreaterThan(500);
});

test('SACK recovery under losses both ways and reordering: properties (1)-(3) and (5)', () => {
  resetSeen();
  fc.assert(
    fc.property(
      fc.record({ ...common, ackDrops: fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 30 }), jitterMs: fc.integer({ min: 0, max: 30 }) }),
      (c) => {
        expect(runCase(c)).toEqual([]);
      },
    ),
    { numRuns: 1000, seed: 2018 },
  );
  expect(seen.retransmissions).toBeGreaterThan(500);
  expect(seen.recoveries).toBeGreaterThan(1000);
  expect(seen.timeouts).toBeGreaterThan(1000);
});
