/**
 * Which traffic item each flow comes from, and the short tag a flow's label carries when the
 * items' TCP settings differ ("flow 0 · CUBIC", "flow 1 · NewReno", "flow 1 · ECN"). A class
 * watching cubic-vs-reno saw "flow 0" and "flow 1" in every legend and had to remember which
 * colour was CUBIC.
 */
import type { Scenario } from '../engine/scenario/schema';
import type { TcpParams } from '../engine/tcp/params';

/** Traffic kinds made of request/response exchanges: their connections come and go, with flow ids after the fixed flows. */
export const WEB_KINDS: ReadonlySet<string> = new Set(['packmime', 'web-users', 'web-sessions']);

type Item = Scenario['traffic'][number];

/**
 * The flows an item adds to the run's numbered flows, as the engine creates them
 * (src/engine/traffic/bulk.ts pushes `flows` connections, udp.ts one source; web items
 * none: their exchanges get ids after all the fixed flows, src/engine/traffic/web.ts).
 * tests/unit/ui/flow-tags.test.ts checks it against a run's per-flow results.
 */
export function itemFlows(t: Item): number {
  if (WEB_KINDS.has(t.kind)) return 0;
  return t.kind === 'bulk' ? (t as { flows: number }).flows : 1;
}

/** For each numbered flow of a run of `s` (flow id = index), the index of its traffic item. */
export function flowItems(s: Scenario | null | undefined): number[] {
  const out: number[] = [];
  s?.traffic.forEach((t, i) => {
    for (let j = itemFlows(t); j > 0; j--) out.push(i);
  });
  return out;
}

/** An item's TCP settings in force: the scenario's, with the item's own over them (as bulk.ts builds its senders). */
export function effectiveTcp(s: Scenario, t: Item): TcpParams {
  return { ...s.tcp, ...((t as { tcp?: Partial<TcpParams> }).tcp ?? {}) };
}

/** Loss-recovery variants by name. */
const VARIANT_NAMES: Record<string, string> = { tahoe: 'Tahoe', reno: 'Reno', newreno: 'NewReno', sack: 'SACK' };
/**
 * Reno congestion control (cc "reno") by the family name its variant goes by: SACK recovery
 * (RFC 6675) keeps NewReno's window rules, and the cubic-vs-reno lesson calls that sender
 * "NewReno" (both of its flows recover with SACK).
 */
const RENO_FAMILY: Record<string, string> = { tahoe: 'Tahoe', reno: 'Reno', newreno: 'NewReno', sack: 'NewReno' };

/** Settings as one string, equal for equal settings whatever the order of their keys. */
const settingsKey = (p: TcpParams): string =>
  JSON.stringify(
    Object.keys(p)
      .sort()
      .map((k) => [k, p[k as keyof TcpParams]]),
  );

/**
 * Per flow (flow id = index), the short tag its label adds, or '' for none. The rule, in
 * one place:
 *  - Only the items that add TCP flows (bulk) are compared, each by its settings in force
 *    (scenario `tcp` with the item's own over them). When they all have the same settings
 *    (most lessons: one item, or items differing in start or hosts only) every tag is ''
 *    and the labels stay "flow 0", "flow 1".
 *  - Otherwise a TCP flow's tag names what differs between the items, briefly, joined by
 *    ", ": the congestion control ("CUBIC"; a Reno sender by its family name, "NewReno"),
 *    the loss-recovery variant ("Reno", "NewReno", "SACK"; "CUBIC SACK" when both differ),
 *    ECN ("ECN" / "no ECN"). When none of these differ (another setting does, e.g. the MSS),
 *    or two items with different settings would get the same tag, the tag is or ends with
 *    the item's number as the editor shows it ("item 2").
 *  - A UDP flow's tag is "UDP" while the TCP flows are tagged (it has no TCP setting).
 */
export function flowTags(s: Scenario | null | undefined): string[] {
  return flowTagsTogether([s])[0];
}

/**
 * The tags of runs shown side by side (the compare view's A and B), by flowTags' rule with
 * one change: a setting is named, on every side, when it tells apart two items of any one
 * run. Tagged one by one, cubic-vs-reno against its change "Make flow 0 NewReno too" gave B
 * no tag (its senders are all alike) and "flow 0 (A: CUBIC)" said nothing of B's flow 0;
 * tagged together it reads "flow 0 (A: CUBIC, B: NewReno)". A setting that differs only
 * between the runs (ECN on for all of B's senders) is the comparison itself, said by the
 * sides' names: it is not a tag. One list per scenario.
 */
export function flowTagsTogether(scenarios: readonly (Scenario | null | undefined)[]): string[][] {
  const flows = scenarios.map((s) => flowItems(s));
  // every bulk item of every run, by run and item index
  const tcpItems: { run: number; item: number }[] = [];
  scenarios.forEach((s, run) => {
    if (!s) return;
    for (const item of new Set(flows[run])) if (s.traffic[item].kind === 'bulk') tcpItems.push({ run, item });
  });
  const eff = tcpItems.map(({ run, item }) => effectiveTcp(scenarios[run]!, scenarios[run]!.traffic[item]));
  const key = eff.map(settingsKey);
  const none = flows.map((f) => f.map(() => ''));
  // the items of each run, by their index in tcpItems
  const ofRun = scenarios.map((_, run) => tcpItems.flatMap((x, j) => (x.run === run ? [j] : [])));
  const apart = (js: number[], same: (j: number) => unknown) => js.some((j) => same(j) !== same(js[0]));
  if (!ofRun.some((js) => apart(js, (j) => key[j]))) return none;
  const differs = (k: keyof TcpParams) => ofRun.some((js) => apart(js, (j) => eff[j][k]));
  const cc = differs('cc');
  const variant = differs('variant');
  const ecn = differs('ecn');
  const tag = eff.map((p) => {
    const parts: string[] = [];
    if (cc) parts.push(p.cc === 'cubic' ? (variant ? `CUBIC ${VARIANT_NAMES[p.variant] ?? p.variant}` : 'CUBIC') : variant ? (VARIANT_NAMES[p.variant] ?? p.variant) : (RENO_FAMILY[p.variant] ?? p.variant));
    else if (variant) parts.push(VARIANT_NAMES[p.variant] ?? p.variant);
    if (ecn) parts.push(p.ecn ? 'ECN' : 'no ECN');
    return parts.join(', ');
  });
  // items of one run whose settings differ but whose tags would not: their numbers tell them
  // apart (by the settings each tag stands for: a list of 1,000 items is compared in one pass)
  for (const js of ofRun) {
    const keysOfTag = new Map<string, Set<string>>();
    for (const j of js) {
      const k = keysOfTag.get(tag[j]);
      if (k) k.add(key[j]);
      else keysOfTag.set(tag[j], new Set([key[j]]));
    }
    const numbered = js.filter((j) => (tag[j] === '' && apart(js, (i) => key[i])) || keysOfTag.get(tag[j])!.size > 1);
    for (const j of numbered) tag[j] = [tag[j], `item ${tcpItems[j].item + 1}`].filter(Boolean).join(', ');
  }
  const tagOf = scenarios.map(() => new Map<number, string>());
  tcpItems.forEach(({ run, item }, j) => tagOf[run].set(item, tag[j]));
  return flows.map((f, run) => f.map((item) => tagOf[run].get(item) ?? (scenarios[run]!.traffic[item].kind === 'udp' ? 'UDP' : '')));
}

/** A flow's number with its tag, where a heading already says "Flow" (the inspector's packet table, its list of flows to follow): "3", "0 · CUBIC". */
export function flowNumber(flow: number, tags: readonly string[] = []): string {
  const tag = tags[flow];
  return tag ? `${flow} · ${tag}` : String(flow);
}

/** A flow's name in legends, lists and sentences: "flow 3", or with its tag "flow 0 · CUBIC". */
export function flowLabel(flow: number, tags: readonly string[] = []): string {
  return `flow ${flowNumber(flow, tags)}`;
}

/** A label at the start of a sentence or a table row: capitalized("flow 0 · CUBIC") is "Flow 0 · CUBIC". */
export function capitalized(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * A flow's name where two runs are side by side (the compare view sets A's flow i against
 * B's flow i), each run tagged by its own scenario. The same tag on both sides, or none:
 * as flowLabel ("flow 0 · CUBIC", "flow 0"). Different tags: each side's, by the sides'
 * letters as the compare view's tables name them ("flow 0 (A: CUBIC, B: NewReno)"; a side
 * without a tag is left out: "flow 0 (A: CUBIC)").
 */
export function flowPairLabel(flow: number, tagsA: readonly string[] = [], tagsB: readonly string[] = []): string {
  const a = tagsA[flow] ?? '';
  const b = tagsB[flow] ?? '';
  if (a === b) return flowLabel(flow, tagsA);
  return `flow ${flow} (${[a ? `A: ${a}` : '', b ? `B: ${b}` : ''].filter(Boolean).join(', ')})`;
}
