/**
 * The editor's field list is generated from the declarations: every TCP parameter and
 * every parameter of every registered AQM gets a field whose dotted path resolves (in the
 * schema) to that very declaration; unit conversions are exact both ways; validation
 * messages land on the field they name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AQMS } from '../../../../src/engine/aqm/registry';
import type { NumberParam } from '../../../../src/engine/core/params';
import { DEFAULT_SCENARIO_JSON } from '../../../../src/engine/scenario/defaults';
import { cloneJson } from '../../../../src/engine/scenario/paths';
import { paramSpecAt, parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';
import { TCP_PARAMS } from '../../../../src/engine/tcp/params';
import { boundText, displayRange, displayUnit, editorFields, errorsByPath, fieldErrors, foldGroups, listItemOf, formatPoints, isLiveParam, labelledMessage, newTrafficItem, nodeNameMessage, ownTcpChange, parseDisplay, parsePoints, type EditorField, type NodeField, type OwnTcpField, type ParamField, type PointsField } from '../../../../src/ui/editor/fields';
import { withParam } from '../../../../src/ui/scenario-api';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { TRAFFICS } from '../../../../src/engine/traffic/registry';

function scenarioWith(sets: Record<string, unknown> = {}, base: unknown = DEFAULT_SCENARIO_JSON): Scenario {
  const json = cloneJson(base) as Record<string, unknown>;
  for (const [p, v] of Object.entries(sets)) {
    const err = applySet(json, p, v);
    if (err) throw new Error(err);
  }
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

function param(fields: EditorField[], path: string): ParamField {
  const f = fields.find((x) => x.path === path);
  if (!f || f.kind !== 'param') throw new Error(`no field ${path}`);
  return f;
}

describe('editorFields', () => {
  it('lists every TCP parameter under tcp.<name>, with its declaration', () => {
    const fields = editorFields(scenarioWith());
    for (const [k, spec] of Object.entries(TCP_PARAMS)) {
      const f = param(fields, `tcp.${k}`);
      expect(f.spec).toBe(spec);
      expect(f.section).toBe('tcp');
    }
  });

  it.each(AQMS.map((d) => [d.kind, d] as const))('queue kind %s: every parameter of the registry entry has a field', (kind, d) => {
    const s = scenarioWith({ 'topology.bottleneck.queue.kind': kind });
    const fields = editorFields(s);
    const kindField = param(fields, 'topology.bottleneck.queue.kind');
    expect(kindField.value).toBe(kind);
    expect(kindField.spec.type === 'enum' && kindField.spec.values).toEqual(AQMS.map((x) => x.kind));
    const queuePaths = fields.filter((f) => f.section === 'queue' && f.path !== 'topology.bottleneck.queue.kind').map((f) => f.path);
    expect(queuePaths.sort()).toEqual(Object.keys(d.params).map((k) => `topology.bottleneck.queue.${k}`).sort());
    for (const [k, spec] of Object.entries(d.params)) {
      const f = param(fields, `topology.bottleneck.queue.${k}`);
      expect(f.spec).toBe(spec);
      expect(f.value).toBe((s.topology as { bottleneck: { queue: Record<string, unknown> } }).bottleneck.queue[k]);
      expect(f.live).toBe(true);
    }
  });

  it('every parameter field names a path the schema (CLI --set, URL codec) resolves to the same declaration', () => {
    const scenarios = [
      scenarioWith(),
      scenarioWith({ 'topology.flowDelay.kind': 'uniform', 'traffic.0.kind': 'udp' }),
      scenarioWith({ traffic: [{ kind: 'bulk', flows: 2 }, { kind: 'udp', rate: 1e6 }], 'topology.flowDelay.kind': 'constant' }),
      ...AQMS.map((d) => scenarioWith({ 'topology.bottleneck.queue.kind': d.kind, 'topology.bottleneck.queue.unit': 'bytes', 'topology.bottleneck.queue.limit': 150000 })),
      // an item's own TCP settings (traffic.1.tcp.cc)
      presetByName('cubic-vs-reno')!.scenario,
      scenarioWith({ traffic: [{ kind: 'bulk', flows: 1, tcp: { ecn: true, minRto: 1, variant: 'sack' } }, { kind: 'udp', rate: 1e6 }] }),
    ];
    for (const s of scenarios) {
      const fields = editorFields(s);
      const paths = fields.map((f) => f.path);
      expect(new Set(paths).size).toBe(paths.length); // one control per path
      for (const f of fields) {
        if (f.kind !== 'param') continue;
        const declared = paramSpecAt(s, f.path);
        expect(declared, f.path).toBeDefined();
        // same declaration (the queue kind's enum is rebuilt by the tree, so compare by value);
        // an item's own TCP setting is relabelled "(this item only)", nothing else
        const own = /^traffic\.\d+\.tcp\./.test(f.path);
        expect(declared, f.path).toEqual(own ? { ...f.spec, label: declared!.label } : f.spec);
        if (own) expect(f.spec.label, f.path).toBe(`${declared!.label} (this item only)`);
      }
    }
  });

  it('a single bulk item: its flow count is the Topology "number of flows"; several items: each under Traffic', () => {
    const one = editorFields(scenarioWith());
    expect(param(one, 'traffic.0.flows').section).toBe('topology');
    expect(param(one, 'traffic.0.flows').value).toBe(4);
    const two = editorFields(scenarioWith({ traffic: [{ kind: 'bulk', flows: 2 }, { kind: 'bulk', flows: 3 }] }));
    expect(param(two, 'traffic.0.flows').section).toBe('traffic');
    expect(param(two, 'traffic.1.flows').value).toBe(3);
  });

  it('optional fields say what their absence means and which path removes them', () => {
    const s = scenarioWith();
    const f = editorFields(s);
    expect(param(f, 'traffic.0.bytes').value).toBeUndefined();
    expect(param(f, 'traffic.0.bytes').optional).toEqual({ absentLabel: 'unlimited (long-lived flow)', removePath: 'traffic.0.bytes' });
    expect(param(f, 'topology.flowDelay.kind').optional?.removePath).toBe('topology.flowDelay');
    const emp = editorFields(scenarioWith({ 'topology.flowDelay': { kind: 'empirical', points: [[0.01, 0.5], [0.05, 1]] } }));
    const pts = emp.find((x) => x.path === 'topology.flowDelay.points');
    expect(pts?.kind).toBe('points');
    expect(formatPoints(pts?.value as [number, number][])).toBe('10 0.5, 50 1');
    expect(parsePoints('10 0.5, 50 1')).toEqual({ ok: true, value: [[0.01, 0.5], [0.05, 1]] });
    expect(parsePoints('10, 50 1').ok).toBe(false);
    // hostile input: decimal notation only, as in a link ("0x10" was read as 16 ms)
    expect(parsePoints('0x10 0.5, 50 1')).toEqual({ ok: false, error: 'topology.flowDelay.points: "0x10 0.5" is not a pair "delay_ms probability"' });
  });

  it('live: only the bottleneck queue (not its kind) and the bottleneck link can change during a run', () => {
    expect(isLiveParam('topology.bottleneck.queue.maxP')).toBe(true);
    expect(isLiveParam('topology.bottleneck.queue.kind')).toBe(false);
    expect(isLiveParam('topology.bottleneck.rate')).toBe(true);
    expect(isLiveParam('topology.bottleneck.loss')).toBe(true);
    expect(isLiveParam('topology.left.rate')).toBe(false);
    expect(isLiveParam('tcp.ecn')).toBe(false);
    const f = editorFields(scenarioWith());
    expect(f.filter((x) => x.live).map((x) => x.path).sort()).toEqual(
      [...['rate', 'delay', 'loss'].map((k) => `topology.bottleneck.${k}`), ...Object.keys(AQMS.find((d) => d.kind === 'red')!.params).map((k) => `topology.bottleneck.queue.${k}`)].sort(),
    );
  });
});

describe('units', () => {
  const spec = (unit: NumberParam['unit'], def = 1): NumberParam => ({ type: 'number', unit, default: def, min: 0, max: 1e15, label: 'x', doc: '' });

  it('picks friendly units: Mb/s, ms (s for run times), KB/MB for large byte counts, the queue unit', () => {
    expect(displayUnit('rate', spec('bps')).label).toBe('Mb/s');
    expect(displayUnit('rate', spec('bps')).toDisplay(10e6)).toBe(10);
    expect(displayUnit('delay', spec('s')).label).toBe('ms');
    expect(displayUnit('delay', spec('s')).toDisplay(0.007)).toBe(7);
    expect(displayUnit('duration', spec('s')).label).toBe('s');
    expect(displayUnit('rwnd', TCP_PARAMS.rwnd).label).toBe('KB');
    expect(displayUnit('rwnd', TCP_PARAMS.rwnd).toDisplay(65536)).toBe(64);
    expect(displayUnit('mss', TCP_PARAMS.mss).label).toBe('bytes');
    expect(displayUnit('bytes', spec('bytes', 20971520)).toDisplay(20971520)).toBe(20);
    expect(displayUnit('minTh', spec('queue-units'), 'bytes').label).toBe('bytes');
    expect(displayUnit('minTh', spec('queue-units'), 'packets').label).toBe('packets');
  });

  it('round-trips exactly: fromDisplay(toDisplay(v)) = v for values with up to 15 significant digits, every unit', () => {
    const units = [
      displayUnit('rate', spec('bps')),
      displayUnit('delay', spec('s')),
      displayUnit('start', spec('s')),
      displayUnit('rwnd', spec('bytes', 65536)),
      displayUnit('bytes', spec('bytes', 20971520)),
      displayUnit('mss', spec('bytes', 1460)),
      displayUnit('maxP', spec('probability')),
    ];
    const decimal = fc
      .tuple(fc.integer({ min: 1, max: 999_999_999_999 }), fc.integer({ min: -12, max: 6 }))
      .map(([m, e]) => Number(`${m}e${e}`));
    fc.assert(
      fc.property(decimal, fc.constantFrom(...units), (v, u) => {
        expect(u.fromDisplay(u.toDisplay(v))).toBe(v);
      }),
      { numRuns: 3000 },
    );
    // and what a user types comes back as typed
    fc.assert(
      fc.property(decimal, fc.constantFrom(...units), (x, u) => {
        expect(u.toDisplay(u.fromDisplay(x))).toBe(x);
      }),
      { numRuns: 3000 },
    );
  });

  it('parses typed values in display units; a bad one gets a message with the label and the friendly range', () => {
    const f = editorFields(scenarioWith());
    const rate = param(f, 'topology.bottleneck.rate');
    expect(parseDisplay(rate, '12.5')).toEqual({ ok: true, value: 12.5e6 });
    expect(parseDisplay(rate, '2000000')).toEqual({ ok: false, error: 'Rate: 2000000 Mb/s is out of range; allowed 0.001 to 1000000 Mb/s' });
    expect(parseDisplay(rate, '-5')).toEqual({ ok: false, error: 'Rate: -5 Mb/s is out of range; allowed 0.001 to 1000000 Mb/s' });
    const maxP = param(f, 'topology.bottleneck.queue.maxP');
    expect(parseDisplay(maxP, '1.5')).toEqual({ ok: false, error: 'max_p: 1.5 is out of range; allowed 0 to 1' });
    expect(parseDisplay(maxP, '')).toEqual({ ok: false, error: 'max_p: empty; allowed 0 to 1' });
    expect(parseDisplay(maxP, 'abc')).toEqual({ ok: false, error: 'max_p: "abc" is not a number; allowed 0 to 1' });
    const rwnd = param(f, 'tcp.rwnd');
    expect(parseDisplay(rwnd, '64')).toEqual({ ok: true, value: 65536 });
    const limit = param(f, 'topology.bottleneck.queue.limit');
    expect(parseDisplay(limit, '2.5')).toMatchObject({ ok: false, error: expect.stringMatching(/^Buffer limit: 2\.5 packets must be a whole number; allowed whole number 1 to \d+ packets$/) });
    const delay = param(f, 'topology.bottleneck.delay');
    expect(parseDisplay(delay, '20000')).toEqual({ ok: false, error: 'Delay: 20000 ms is out of range; allowed 0 to 10000 ms' });
  });

  it('a number typed with a unit is read as a link reads it, and the box’s own unit and a percentage for a probability too; a unit the field cannot take is named', () => {
    // "20ms" in the Delay box, with "ms" printed beside it, was refused as "not a number",
    // though the same text works in a link and after --set; the lessons write max_p as "10 %"
    const f = editorFields(scenarioWith());
    const delay = param(f, 'topology.bottleneck.delay');
    expect(parseDisplay(delay, '20ms')).toEqual({ ok: true, value: 0.02 });
    expect(parseDisplay(delay, ' 20 ms ')).toEqual({ ok: true, value: 0.02 });
    expect(parseDisplay(delay, '0.02 s')).toEqual({ ok: true, value: 0.02 });
    expect(parseDisplay(delay, '4.1ms')).toEqual({ ok: true, value: 0.0041 });
    expect(parseDisplay(delay, '20s')).toEqual({ ok: false, error: 'Delay: 20000 ms is out of range; allowed 0 to 10000 ms' });
    expect(parseDisplay(delay, '5Mb/s')).toEqual({ ok: false, error: 'Delay: "5Mb/s": Mb/s is a rate; give a number of ms or one with a unit: ns, us (or µs), ms, s; allowed 0 to 10000 ms' });
    expect(parseDisplay(delay, '5 parsecs')).toEqual({ ok: false, error: 'Delay: "5 parsecs": "parsecs" is not a unit known here; give a number of ms or one with a unit: ns, us (or µs), ms, s; allowed 0 to 10000 ms' });
    const rate = param(f, 'topology.bottleneck.rate');
    expect(parseDisplay(rate, '1.5 Mb/s')).toEqual({ ok: true, value: 1.5e6 });
    expect(parseDisplay(rate, '64kbps')).toEqual({ ok: true, value: 64e3 });
    const rwnd = param(f, 'tcp.rwnd');
    expect(parseDisplay(rwnd, '64 KB')).toEqual({ ok: true, value: 65536 });
    expect(parseDisplay(rwnd, '1000B')).toEqual({ ok: true, value: 1000 });
    const limit = param(f, 'topology.bottleneck.queue.limit');
    expect(parseDisplay(limit, '64 packets')).toEqual({ ok: true, value: 64 });
    expect(parseDisplay(limit, '64 pkts')).toMatchObject({ ok: false, error: expect.stringMatching(/^Buffer limit: "64 pkts": "pkts" is not a unit known here; give a number of packets; allowed whole number 1 to \d+ packets$/) });
    const maxP = param(f, 'topology.bottleneck.queue.maxP');
    expect(parseDisplay(maxP, '2%')).toEqual({ ok: true, value: 0.02 });
    expect(parseDisplay(maxP, '10 %')).toEqual({ ok: true, value: 0.1 });
    expect(parseDisplay(maxP, '0.1 %')).toEqual({ ok: true, value: 0.001 });
    expect(parseDisplay(maxP, '150 %')).toEqual({ ok: false, error: 'max_p: 1.5 is out of range; allowed 0 to 1' });
    expect(parseDisplay(maxP, '2 ms')).toEqual({ ok: false, error: 'max_p: "2 ms": ms is a time; give a probability from 0 to 1 or a percentage (2 %); allowed 0 to 1' });
    // a percentage is a probability's only: 5 % of a delay means nothing
    expect(parseDisplay(delay, '5%')).toEqual({ ok: false, error: 'Delay: "5%" is not a number; allowed 0 to 10000 ms' });
    // and no exponent or other base slips in by the unit's way
    const flows = param(f, 'traffic.0.flows');
    expect(parseDisplay(flows, '0x10')).toMatchObject({ ok: false });
    expect(parseDisplay(delay, '1e400ms')).toEqual({ ok: false, error: 'Delay: "1e400ms" is not a number; allowed 0 to 10000 ms' });
  });

  it('a decimal comma is read as a point where it cannot be a thousands separator; otherwise the message says how to write it', () => {
    // a number box dropped the comma: "1,5" became 15 without a word (Chromium, en-US and de-DE);
    // a phone's decimal keypad in much of Europe offers only the comma
    const f = editorFields(scenarioWith());
    const rate = param(f, 'topology.bottleneck.rate');
    expect(parseDisplay(rate, '1,5')).toEqual({ ok: true, value: 1.5e6 });
    expect(parseDisplay(rate, ' 0,25 ')).toEqual({ ok: true, value: 0.25e6 });
    expect(parseDisplay(rate, '12,3456')).toEqual({ ok: true, value: 12.3456e6 });
    const either = 'write decimals with a point and no thousands separator (1.5, 1500)';
    expect(parseDisplay(rate, '1,500')).toEqual({ ok: false, error: `Rate: "1,500" could be 1.5 or 1500: ${either}; allowed 0.001 to 1000000 Mb/s` });
    expect(parseDisplay(rate, '1,000,000')).toEqual({ ok: false, error: `Rate: "1,000,000" is not a number: ${either}; allowed 0.001 to 1000000 Mb/s` });
    expect(parseDisplay(rate, '1.000,5')).toEqual({ ok: false, error: `Rate: "1.000,5" is not a number: ${either}; allowed 0.001 to 1000000 Mb/s` });
    const maxP = param(f, 'topology.bottleneck.queue.maxP');
    expect(parseDisplay(maxP, '0,02')).toEqual({ ok: true, value: 0.02 });
    expect(parseDisplay(maxP, '-0,5')).toEqual({ ok: false, error: 'max_p: -0.5 is out of range; allowed 0 to 1' });
    const flows = param(f, 'traffic.0.flows');
    expect(parseDisplay(flows, '1e400')).toEqual({ ok: false, error: 'Flows: "1e400" is not a number; allowed whole number 1 to 100000' });
  });

  it('reads decimal notation only: hexadecimal, binary and octal text is not a number, as in a link (hostile input)', () => {
    // "0x10" was applied as 16 flows while the box still showed "0x10"; the same text in a link is refused
    const f = editorFields(scenarioWith());
    const flows = param(f, 'traffic.0.flows');
    expect(parseDisplay(flows, '0x10')).toEqual({ ok: false, error: 'Flows: "0x10" is not a number; allowed whole number 1 to 100000' });
    expect(parseDisplay(flows, '0b11')).toMatchObject({ ok: false, error: expect.stringContaining('"0b11" is not a number') });
    expect(parseDisplay(flows, '0o7')).toMatchObject({ ok: false, error: expect.stringContaining('"0o7" is not a number') });
    const duration = param(f, 'duration');
    expect(parseDisplay(duration, '0x1e')).toMatchObject({ ok: false, error: expect.stringMatching(/^Duration: "0x1e" is not a number; allowed/) });
    // what decimal notation allows still reads
    for (const [text, value] of [['+5', 5], ['5.', 5], ['.5', 0.5], ['1E1', 10], ['2e-1', 0.2], ['  7 ', 7]] as const) expect(parseDisplay(duration, text)).toEqual({ ok: true, value });
  });

  it('puts the label before an engine message and drops the dotted key it starts with', () => {
    const f = editorFields(scenarioWith());
    const minTh = param(f, 'topology.bottleneck.queue.minTh');
    expect(labelledMessage(minTh, 'topology.bottleneck.queue.minTh = 50 must be less than maxTh = 45')).toBe(`${minTh.spec.label}: 50 must be less than maxTh = 45`);
    expect(labelledMessage(minTh, 'topology.bottleneck.queue.minTh: expected a number')).toBe(`${minTh.spec.label}: expected a number`);
    expect(labelledMessage(minTh, `${minTh.spec.label}: already labelled`)).toBe(`${minTh.spec.label}: already labelled`);
  });

  it("an edit refused for another field's value names that field once, by its label (not 'Congestion control: Window cut: ...')", () => {
    const s = presetByName('ecn-finite-n10-dt-ql64')!.scenario;
    const f = editorFields(s);
    const cc = param(f, 'tcp.cc');
    const refused = withParam(s, 'tcp.cc', 'cubic');
    expect(refused.ok).toBe(false);
    const shown = fieldErrors(f, { path: 'tcp.cc', list: refused.ok ? [] : refused.errors }, [])['tcp.cc'];
    const line = labelledMessage(cc, shown.split('\n')[0]);
    // the keys in the message read as the boxes' labels too
    expect(line).toMatch(/^Window cut: window cut = "ns2" .* cannot be combined with congestion control = "cubic"/);
    expect(line).not.toContain(`${cc.spec.label}: `);
  });

  it("the delay table's messages name the pair as typed (from 1, in ms), not the engine's index and seconds", () => {
    const s = scenarioWith({ 'topology.flowDelay': { kind: 'empirical', points: [[0.01, 0.5], [0.05, 1]] } });
    const fields = editorFields(s);
    const pts = fields.find((x) => x.path === 'topology.flowDelay.points')!;
    // what the editor shows for a table the student typed: the schema's messages, filed under the field
    const shown = (typed: string) => {
      const parsed = parsePoints(typed);
      if (!parsed.ok) return labelledMessage(pts, parsed.error);
      const json = cloneJson(s) as unknown as Record<string, unknown>;
      expect(applySet(json, 'topology.flowDelay.points', parsed.value)).toBeNull();
      const r = parseScenario(json);
      expect(r.ok).toBe(false);
      const errs = errorsByPath(r.ok ? [] : r.errors, fields);
      return errs['topology.flowDelay.points'].split('\n').map((m) => labelledMessage(pts, m));
    };
    expect(shown('10 0.5, 5 1')).toEqual(['Delay CDF: pair 2 "5 1": delays must not decrease (previous 10 ms)']);
    expect(shown('-10 1')).toEqual(['Delay CDF: pair 1 "-10 1": delay -10 ms is out of range: allowed 0 to 10000 ms']);
    expect(shown('10 0.5, 50 0.9')).toEqual(['Delay CDF: pair 2: the last cumulative probability is 0.9, must be 1']);
    expect(shown('0 0, 10 1')).toEqual(['Delay CDF: pair 1 "0 0": cumulative probability 0 must be above 0 and at most 1']);
    expect(shown('10 0.5, 50 0.5, 60 1')).toEqual(['Delay CDF: pair 2 "50 0.5": cumulative probability 0.5 must be above the previous (0.5) and at most 1']);
    expect(shown('abc')).toBe('Delay CDF: "abc" is not a pair "delay_ms probability"');
  });
});

describe('allowed ranges', () => {
  // "allowed 0.0009765625 to 976562.5 KB" (Receive window), "> 0 to 953674316.40625 MB"
  // (Bytes per flow): exact, but not a range a student reads at a glance
  it('every number field shows its bounds in at most 6 significant digits (or a whole number), and each bound shown is accepted', () => {
    const scenarios = [scenarioWith(), ...AQMS.map((d) => scenarioWith({ 'topology.bottleneck.queue': { kind: d.kind } })), scenarioWith({ 'topology.bottleneck.queue': { kind: 'red', unit: 'bytes', limit: 150000, minTh: 15000, maxTh: 45000 } })];
    const seen = new Set<string>();
    for (const sc of scenarios) {
      for (const f of editorFields(sc)) {
        if (f.kind !== 'param' || f.spec.type !== 'number' || seen.has(f.path)) continue;
        seen.add(f.path);
        const m = /^(?:whole number )?(> )?(\S+) to (\S+)/.exec(displayRange(f));
        expect(m, `${f.path}: ${displayRange(f)}`).not.toBeNull();
        for (const b of [m![2], m![3]]) {
          const digits = b.replace(/^-?0\.0*|^-|\.|e.*$/g, '').replace(/0+$/, '');
          expect(Number.isInteger(Number(b)) || digits.length <= 6, `${f.path}: bound ${b}`).toBe(true);
        }
        if (!m![1]) expect(parseDisplay(f, m![2]).ok, `${f.path}: lower bound ${m![2]} typed back`).toBe(true);
        expect(parseDisplay(f, m![3]).ok, `${f.path}: upper bound ${m![3]} typed back`).toBe(true);
      }
    }
    const rwnd = param(editorFields(scenarioWith()), 'tcp.rwnd');
    expect(displayRange(rwnd)).toBe('0.000976563 to 976562 KB');
    const bytes = param(editorFields(scenarioWith({ 'traffic.0.bytes': 20 * 1024 * 1024 })), 'traffic.0.bytes');
    expect(displayRange(bytes)).toBe('> 0 to 953674316 MB');
  });

  it('boundText rounds toward the inside of the range and leaves short numbers alone', () => {
    expect(boundText(0.001, true)).toBe('0.001');
    expect(boundText(1000000, false)).toBe('1000000');
    expect(boundText(0.0009765625, true)).toBe('0.000976563');
    expect(boundText(0.0009765625, false)).toBe('0.000976562');
    expect(boundText(976562.5, false)).toBe('976562');
    expect(boundText(976562.5, true)).toBe('976563');
    expect(boundText(953674316.40625, false)).toBe('953674316');
  });
});

describe('fieldErrors', () => {
  // max_th typed as 10 under min_th 15: the rule's message names min_th, so it showed under
  // min_th and the max_th box, just typed in, said nothing while the value stayed 45
  it('a rejected change shows at the field edited, also when its message names another field', () => {
    const s = scenarioWith();
    const fields = editorFields(s);
    const json = cloneJson(s) as unknown as Record<string, unknown>;
    expect(applySet(json, 'topology.bottleneck.queue.maxTh', 10)).toBeNull();
    const r = parseScenario(json);
    expect(r.ok).toBe(false);
    const list = r.ok ? [] : r.errors;
    expect(list[0]).toMatch(/^topology\.bottleneck\.queue\.minTh = 15 must be less than maxTh = 10/);
    const out = fieldErrors(fields, { path: 'topology.bottleneck.queue.maxTh', list }, []);
    expect(Object.keys(out)).toEqual(['topology.bottleneck.queue.maxTh']);
    const maxTh = param(fields, 'topology.bottleneck.queue.maxTh');
    // the other field named by its label, not its dotted key (the key of the field shown is beside it)
    // ... and the field edited too: its box is labelled max_th, not maxTh
    expect(labelledMessage(maxTh, out['topology.bottleneck.queue.maxTh'])).toMatch(/^max_th: min_th = 15 must be less than max_th = 10/);
    expect(out['topology.bottleneck.queue.maxTh']).not.toContain('topology.bottleneck.queue.minTh');
    // a message about the field edited stays there; one about no field goes there too; a run's errors keep their fields
    expect(fieldErrors(fields, { path: 'seed', list: ['seed = -1 is out of range'] }, ['topology.bottleneck.rate: refused'])).toEqual({ seed: 'seed = -1 is out of range', 'topology.bottleneck.rate': 'topology.bottleneck.rate: refused' });
    expect(fieldErrors(fields, { path: 'seed', list: ['something general'] }, [])).toEqual({ seed: 'something general' });
    expect(fieldErrors(fields, null, ['general'])).toEqual({ '': 'general' });
  });

  // the engine names an item's fields by their keys ("must be below limit = 10 packets"); the
  // editor's boxes say "Buffer limit" and max_th, and a message shown there names them so
  it("the engine's keys of the item's other fields read as their boxes' labels; --set keeps the keys", () => {
    const s = scenarioWith();
    const fields = editorFields(s);
    const refused = (path: string, value: unknown) => {
      const json = cloneJson(s) as unknown as Record<string, unknown>;
      expect(applySet(json, path, value)).toBeNull();
      const r = parseScenario(json);
      expect(r.ok).toBe(false);
      return r.ok ? [] : r.errors;
    };
    const shown = (path: string, out: Record<string, string>) => labelledMessage(fields.find((f) => f.path === path)!, out[path]);
    const limit = refused('topology.bottleneck.queue.limit', 10);
    // the engine's (and the CLI's) words keep the keys
    expect(limit[0]).toMatch(/^topology\.bottleneck\.queue\.minTh = 15 must be below limit = 10 packets/);
    expect(shown('topology.bottleneck.queue.limit', fieldErrors(fields, { path: 'topology.bottleneck.queue.limit', list: limit }, []))).toMatch(/^Buffer limit: min_th = 15 must be below buffer limit = 10 packets/);
    const minTh = refused('topology.bottleneck.queue.minTh', 80);
    // a run's errors (no edit) are named the same way
    const out = fieldErrors(fields, null, minTh);
    expect(shown('topology.bottleneck.queue.minTh', out)).toBe('min_th: 80 must be less than max_th = 45'); // the default scenario's max_th
    expect(out['topology.bottleneck.queue.minTh']).not.toContain('maxTh');
    // a one-word key is relabelled only where it is set or compared, not as an English word,
    // and a key of another item's field is not touched
    const limits = fieldErrors(fields, null, ['topology.bottleneck.queue.minTh: the limit of what limit = 5 allows; maxP and rate = 3 stay']);
    expect(limits['topology.bottleneck.queue.minTh']).toBe('topology.bottleneck.queue.minTh: the limit of what buffer limit = 5 allows; max_p and rate = 3 stay');
  });

  it('a refused Add a traffic item (a change of the whole list) is filed under "traffic", beside its button (hostile input)', () => {
    // at 100,000 flows a click on Add was refused with the message at the top of the form, out of sight
    const fields = editorFields(scenarioWith());
    const list = ['traffic: 100001 long-lived flows in all (the sum of traffic.N.flows, one per UDP item); allowed at most 100000 in one scenario'];
    expect(fieldErrors(fields, { path: 'traffic', list }, [])).toEqual({ traffic: list[0] });
  });
});

describe('errorsByPath', () => {
  it('files schema messages under the field they name', () => {
    const json = cloneJson(DEFAULT_SCENARIO_JSON) as unknown as Record<string, unknown>;
    const topo = json.topology as { bottleneck: { queue: Record<string, unknown>; rate: number } };
    topo.bottleneck.queue.maxP = 2;
    topo.bottleneck.rate = -1;
    const r = parseScenario(json);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = editorFields(scenarioWith());
    const by = errorsByPath(r.errors, fields);
    expect(Object.keys(by).sort()).toEqual(['topology.bottleneck.queue.maxP', 'topology.bottleneck.rate']);
    expect(by['topology.bottleneck.queue.maxP']).toMatch(/0 to 1/);
  });

  it('cross-field rules land on the field that starts the message; unknown ones under ""', () => {
    const json = cloneJson(DEFAULT_SCENARIO_JSON) as unknown as Record<string, unknown>;
    const topo = json.topology as { bottleneck: { queue: Record<string, unknown> } };
    topo.bottleneck.queue.minTh = 50; // max_th is 45
    delete json.duration; // unlimited flows need a duration
    const r = parseScenario(json);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const by = errorsByPath([...r.errors, 'something else went wrong'], editorFields(scenarioWith()));
    expect(by['topology.bottleneck.queue.minTh']).toMatch(/must be less than maxTh/);
    expect(by['duration']).toMatch(/required/);
    expect(by['']).toBe('something else went wrong');
    // the longest path wins: traffic.0.bytes is not filed under a shorter "traffic.0" prefix
    expect(errorsByPath(['traffic.0.bytes = 0 is out of range'], editorFields(scenarioWith()))).toEqual({ 'traffic.0.bytes': 'traffic.0.bytes = 0 is out of range' });
  });
});

describe('field help in the unit of its box', () => {
  it('no field help names another unit than the one beside the box (a "seconds" under a ms box invites 0.02 for 20 ms)', async () => {
    const { PRESETS } = await import('../../../../src/engine/scenario/presets');
    const conflicts = new Set<string>();
    const queueKinds = AQMS.map((a) => scenarioWith({ 'topology.bottleneck.queue': { kind: a.kind } }));
    for (const s of [...PRESETS.map((p) => p.scenario), ...queueKinds]) {
      for (const f of editorFields(s)) {
        if (f.kind !== 'param' || f.spec.type !== 'number') continue;
        const doc = f.spec.doc;
        const wrong = f.unitLabel === 'Mb/s' ? /bits\/s|\bbps\b/ : f.unitLabel === 'ms' ? /\bseconds?\b/ : f.unitLabel === 's' ? /\bms\b|millisecond/ : null;
        if (wrong && wrong.test(doc)) conflicts.add(`${f.path} [${f.unitLabel}]: ${doc}`);
      }
    }
    expect([...conflicts]).toEqual([]);
  });
});

describe('the per-flow delay table: its help', () => {
  it('says what the default table draws, and its two-group example draws exactly two delays', async () => {
    const { flowDelays } = await import('../../../../src/engine/sim-run');
    const s = parseScenario({ ...cloneJson(DEFAULT_SCENARIO_JSON), topology: { ...cloneJson(DEFAULT_SCENARIO_JSON).topology, flowDelay: { kind: 'empirical', points: [[0.005, 0.5], [0.075, 1]] } } });
    if (!s.ok) throw new Error(s.errors.join('; '));
    const f = editorFields(s.scenario).find((x): x is PointsField => x.kind === 'points' && x.path === 'topology.flowDelay.points')!;
    const quoted = [...f.doc.matchAll(/"([\d., ]+)"/g)].map((m) => m[1]);
    // the default, as the box shows it, is explained: it is not two groups
    expect(quoted).toContain(formatPoints(s.scenario.topology.kind === 'dumbbell' && s.scenario.topology.flowDelay?.kind === 'empirical' ? s.scenario.topology.flowDelay.points : []));
    const def = flowDelays(1, { kind: 'empirical', points: [[0.005, 0.5], [0.075, 1]] }, 200);
    expect(new Set(def.map((d) => Math.round(d * 1e4))).size).toBeGreaterThan(2);
    // the example of two groups parses in the box and draws two delays, about half each
    const example = quoted.at(-1)!;
    const parsed = parsePoints(example);
    if (!parsed.ok) throw new Error(parsed.error);
    const draws = flowDelays(1, { kind: 'empirical', points: parsed.value }, 200).map((d) => Math.round(d * 1e4) / 1e4);
    expect(new Set(draws)).toEqual(new Set([0.005, 0.075]));
    expect(draws.filter((d) => d === 0.005).length).toBeGreaterThan(70);
    expect(draws.filter((d) => d === 0.075).length).toBeGreaterThan(70);
  });
});

describe('long lists in the editor (foldGroups)', () => {
  // a general topology of 30 links with one bulk item: its flows sit under Topology too (the
  // links' queues are under Queue)
  const nodes = [{ name: 'ra' }, ...Array.from({ length: 30 }, (_, i) => ({ name: `h${i}` }))];
  const links = Array.from({ length: 30 }, (_, i) => ({ from: `h${i}`, to: 'ra' }));
  const r = parseScenario({ version: 1, duration: 1, topology: { kind: 'general', nodes, links }, traffic: [{ kind: 'bulk', src: 'h0', dst: 'h1' }] });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const topo = editorFields(r.scenario).filter((f) => f.section === 'topology');
  const groups = [...new Set(topo.map((f) => f.group))].map((name) => ({ name, fields: topo.filter((f) => f.group === name) }));
  const linksOf = (gs: typeof groups) => [...new Set(gs.map((g) => listItemOf(g.fields[0].path)).filter((it) => it?.list === 'links').map((it) => it!.index))];

  it('names the list item of a field', () => {
    expect(listItemOf('topology.links.12.queue.maxP')).toEqual({ list: 'links', index: 12 });
    expect(listItemOf('traffic.3.tcp.ecn')).toEqual({ list: 'traffic', index: 3 });
    expect(listItemOf('topology.bottleneck.rate')).toBeNull();
  });

  it('folds more than 20 links to the first 4, keeps the flows group and a link with a message; expanded shows all', () => {
    const f = foldGroups(groups, { 'topology.links.25.delay': 'bad' }, { limit: 4, above: 20 });
    expect(f.list).toBe('links');
    expect(f.total).toBe(30);
    expect(linksOf(f.shown)).toEqual([0, 1, 2, 3, 25]);
    expect(f.hidden).toBe(25);
    expect(f.shown[0].name).toBe('Number of flows');
    const all = foldGroups(groups, {}, { expanded: true, limit: 4, above: 20 });
    expect(all.shown).toHaveLength(groups.length);
    expect(all.hidden).toBe(0);
    expect(all.list).toBe('links');
    // 30 items are not more than 30 (the default): nothing is folded and there is no list to fold
    expect(foldGroups(groups, {}, { limit: 4 })).toEqual({ shown: groups, hidden: 0, total: 0, matched: 0, list: null });
  });
  it('Find shows the first items whose heading holds the text, any case; a link with a message stays', () => {
    const f = foldGroups(groups, { 'topology.links.5.rate': 'bad' }, { find: ' H2', limit: 4, above: 20 });
    // h2 and h20 to h29 match: 11, the first 4 by their place in the list
    expect(f.matched).toBe(11);
    expect(linksOf(f.shown)).toEqual([2, 5, 20, 21, 22]);
    expect(f.hidden).toBe(25);
    const none = foldGroups(groups, {}, { find: 'zz', limit: 4, above: 20 });
    expect(none.matched).toBe(0);
    expect(linksOf(none.shown)).toEqual([]);
  });
});

describe('traffic items on a general topology (src and dst)', () => {
  // the bug: "Add a traffic item" on a general topology appended an item with no src/dst,
  // refused ("traffic.5.src: required in a general topology"), and the editor had no field
  // for either, so no item could be added or pointed elsewhere from the editor
  const feng = presetByName('feng-fig1-a-8')!.scenario;
  const withItem = (s: Scenario, item: Record<string, unknown>) => parseScenario({ ...cloneJson(s), traffic: [...cloneJson(s.traffic), item] });

  it('the new item takes the src and dst of the first item, and the scenario with it is accepted', () => {
    const item = newTrafficItem(feng);
    expect([item.src, item.dst]).toEqual([feng.traffic[0].src, feng.traffic[0].dst]);
    expect(item.from).toBeUndefined();
    const r = withItem(feng, item);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it('with no item to copy, the first host and the last host joined to it (hosts: nodes of one link)', () => {
    // r1 - h0, r1 - r2, r2 - h1, r2 - h2; x alone on a link of its own with y
    const s = { ...cloneJson(feng), traffic: [] as never[] } as unknown as Scenario;
    (s as { topology: unknown }).topology = {
      kind: 'general',
      nodes: ['r1', 'h0', 'r2', 'h1', 'h2', 'x', 'y'].map((name) => ({ name })),
      links: [
        { from: 'r1', to: 'h0', rate: 1e6, delay: 0.001 },
        { from: 'r1', to: 'r2', rate: 1e6, delay: 0.001 },
        { from: 'r2', to: 'h1', rate: 1e6, delay: 0.001 },
        { from: 'h2', to: 'r2', rate: 1e6, delay: 0.001 },
        { from: 'x', to: 'y', rate: 1e6, delay: 0.001 },
      ],
    };
    const item = newTrafficItem(s);
    expect([item.src, item.dst]).toEqual(['h0', 'h2']);
    const r = withItem(s, item);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it('a dumbbell item still sends from the left, and gets a size when the run has no duration', () => {
    const s = scenarioWith({ duration: null, 'traffic.0.bytes': 1e6 });
    expect(newTrafficItem(s)).toMatchObject({ kind: 'bulk', from: 'left', bytes: expect.any(Number) });
    expect(newTrafficItem(s).src).toBeUndefined();
  });

  it('every item of a general topology has src and dst fields with the node names; a dumbbell has none', () => {
    const fields = editorFields(feng);
    const nodes = feng.topology.kind === 'general' ? feng.topology.nodes.map((n) => n.name) : [];
    feng.traffic.forEach((t, i) => {
      const src = fields.find((f) => f.path === `traffic.${i}.src`) as NodeField;
      const dst = fields.find((f) => f.path === `traffic.${i}.dst`) as NodeField;
      expect(src).toMatchObject({ kind: 'node', value: t.src, section: 'traffic', group: `Traffic item ${i + 1}`, label: 'Source node' });
      expect(dst).toMatchObject({ kind: 'node', value: t.dst, label: 'Destination node' });
      expect(src.names).toEqual(nodes);
    });
    expect(fields.some((f) => f.path.endsWith('.from') && f.path.startsWith('traffic.'))).toBe(false);
    expect(editorFields(scenarioWith()).some((f) => f.kind === 'node')).toBe(false);
  });

  it('a name that is no node is refused with the field and the names allowed; a node passes', () => {
    const src = editorFields(feng).find((f) => f.path === 'traffic.0.src') as NodeField;
    expect(nodeNameMessage(src, 'n8')).toBeNull();
    expect(nodeNameMessage(src, ' n3 ')).toBeNull();
    expect(nodeNameMessage(src, 'n9')).toBe('Source node: "n9" is not a node of this topology; allowed: one of "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"');
    expect(nodeNameMessage(src, '')).toMatch(/^Source node: empty; allowed: a node name, one of "n0", /);
    const many = { ...src, names: Array.from({ length: 25 }, (_, i) => `m${i}`) };
    expect(nodeNameMessage(many, 'zz')).toMatch(/"m19" and 5 more \(topology\.nodes\)$/);
    // an engine message about the field reads in its words
    expect(labelledMessage(src, 'traffic.0.src = "q" is not a node: one of "n0"')).toBe('Source node: "q" is not a node: one of "n0"');
  });
});

describe("a traffic item's own TCP settings (traffic.N.tcp)", () => {
  const cubic = presetByName('cubic-vs-reno')!.scenario;
  const twoBulk = [
    { kind: 'bulk', flows: 1 },
    { kind: 'bulk', flows: 1 },
  ];
  const ownField = (fields: EditorField[], i: number): OwnTcpField => {
    const f = fields.find((x) => x.path === `traffic.${i}.tcp`);
    if (!f || f.kind !== 'own-tcp') throw new Error(`no own-tcp field for item ${i}`);
    return f;
  };

  it("cubic-vs-reno: the CUBIC item's own cc is a field of its group, TCP_PARAMS.cc relabelled, removable back to the scenario's reno", () => {
    const i = cubic.traffic.findIndex((t) => t.tcp?.cc === 'cubic');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(cubic.tcp.cc).toBe('reno');
    const fields = editorFields(cubic);
    const f = param(fields, `traffic.${i}.tcp.cc`);
    expect(f.value).toBe('cubic');
    expect(f).toMatchObject({ section: 'traffic', group: `Traffic item ${i + 1}`, control: 'select' });
    // the same values, docs and source as tcp.cc; only the label says whose value it is
    expect({ ...f.spec, label: TCP_PARAMS.cc.label }).toEqual(TCP_PARAMS.cc);
    expect(f.spec.label).toBe('Congestion control (this item only)');
    // its only own setting: removing it removes the item's tcp object
    expect(f.optional).toEqual({ absentLabel: 'as every TCP flow (reno)', removePath: `traffic.${i}.tcp` });
    // the TCP section says which item differs
    // (a group's doc is on its first field)
    const tcpDoc = (list: EditorField[]) => (list.find((x) => x.group === 'Every TCP flow') as ParamField).groupDoc;
    expect(tcpDoc(fields)).toBe(`Except where a traffic item sets its own value (under Traffic): traffic item ${i + 1} (Congestion control).`);
    // the reno item sets nothing of its own
    const other = 1 - i;
    expect(fields.some((x) => x.path.startsWith(`traffic.${other}.tcp.`))).toBe(false);

    const removed = scenarioWith({ [f.optional!.removePath]: null }, cubic);
    expect(removed.traffic[i].tcp).toBeUndefined();
    const after = editorFields(removed);
    expect(after.some((x) => x.path === `traffic.${i}.tcp.cc`)).toBe(false);
    expect(tcpDoc(after)).toBeUndefined();
    expect(ownField(after, i).choices.map((c) => c.key)).toContain('cc');
  });

  it('with several own settings each removes just itself; numbers and booleans say the scenario-wide value in display units', () => {
    const s = scenarioWith({ traffic: [{ kind: 'bulk', flows: 1, tcp: { ecn: true, minRto: 1 } }, { kind: 'bulk', flows: 1 }] });
    const fields = editorFields(s);
    const ecn = param(fields, 'traffic.0.tcp.ecn');
    expect(ecn.value).toBe(true);
    expect(ecn.optional).toEqual({ absentLabel: 'as every TCP flow (off)', removePath: 'traffic.0.tcp.ecn' });
    const rto = param(fields, 'traffic.0.tcp.minRto');
    expect(rto.value).toBe(1);
    expect(rto.unitLabel).toBe('ms');
    expect(rto.optional).toEqual({ absentLabel: 'as every TCP flow (200 ms)', removePath: 'traffic.0.tcp.minRto' });
    const left = scenarioWith({ 'traffic.0.tcp.ecn': null }, s);
    expect(left.traffic[0].tcp).toEqual({ minRto: 1 });
  });

  it('"Own TCP setting for this item" offers every parameter the item does not set; choosing one adds it at the scenario-wide value', () => {
    const s = scenarioWith({ 'tcp.minRto': 1, traffic: twoBulk });
    const f = ownField(editorFields(s), 1);
    expect(f.choices.map((c) => c.key)).toEqual(Object.keys(TCP_PARAMS));
    expect(f.choices.find((c) => c.key === 'ecn')?.label).toBe(TCP_PARAMS.ecn.label);
    const change = ownTcpChange(f, 'minRto')!;
    expect(change).toEqual({ path: 'traffic.1.tcp', value: { minRto: 1 } });
    const added = scenarioWith({ [change.path]: change.value }, s);
    expect(added.traffic[1].tcp).toEqual({ minRto: 1 });
    expect(added.traffic[0].tcp).toBeUndefined();
    const after = editorFields(added);
    expect(param(after, 'traffic.1.tcp.minRto').value).toBe(1);
    expect(ownField(after, 1).choices.map((c) => c.key)).not.toContain('minRto');
    // a second one is added beside the first
    const ecn = ownTcpChange(ownField(after, 1), 'ecn')!;
    expect(ecn.value).toEqual({ minRto: 1, ecn: false });
    expect(ownTcpChange(ownField(after, 1), 'minRto')).toBeNull();
  });

  it('a UDP item makes no TCP flows: no own TCP fields and no choice of one', () => {
    const s = scenarioWith({ traffic: [{ kind: 'bulk', flows: 1 }, { kind: 'udp', rate: 1e6 }] });
    const fields = editorFields(s);
    expect(fields.some((x) => x.path.startsWith('traffic.1.tcp'))).toBe(false);
    expect(ownField(fields, 0).path).toBe('traffic.0.tcp');
    // cubic-vs-reno's third item is UDP cross traffic
    expect(cubic.traffic[2].kind).toBe('udp');
    expect(editorFields(cubic).some((x) => x.path.startsWith('traffic.2.tcp'))).toBe(false);
    // decided by the kind's declaration (tcpOverride), every kind of the registry
    for (const d of TRAFFICS) {
      const one = scenarioWith({ 'traffic.0.kind': d.kind });
      expect(editorFields(one).some((x) => x.kind === 'own-tcp' && x.path === 'traffic.0.tcp'), d.kind).toBe(d.tcpOverride === true);
    }
  });

  it("a bad own value gets the schema's message naming traffic.N.tcp.<key>, at that field, in its words", () => {
    const s = scenarioWith({ 'tcp.windowCut': 'ns2', traffic: [{ kind: 'bulk', flows: 1 }, { kind: 'bulk', flows: 1, tcp: { cc: 'reno' } }] });
    const json = cloneJson(s) as unknown as Record<string, unknown>;
    expect(applySet(json, 'traffic.1.tcp.cc', 'cubic')).toBeNull();
    const r = parseScenario(json);
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toEqual([expect.stringMatching(/^traffic\.1\.tcp\.cc: cc = "cubic".* cannot be combined with tcp\.windowCut = "ns2".*; use traffic\.1\.tcp\.windowCut = "rfc5681" or cc = "reno"$/)]);
    const fields = editorFields(s);
    const byField = fieldErrors(fields, { path: 'traffic.1.tcp.cc', list: errors }, []);
    expect(Object.keys(byField)).toEqual(['traffic.1.tcp.cc']);
    expect(labelledMessage(param(fields, 'traffic.1.tcp.cc'), byField['traffic.1.tcp.cc'])).toMatch(/^Congestion control \(this item only\): congestion control = "cubic".*; use traffic\.1\.tcp\.windowCut = "rfc5681" or congestion control = "reno"$/);
    // a number out of range: the field's range, in its unit
    const withRto = editorFields(scenarioWith({ 'traffic.1.tcp.minRto': 0.5 }, s));
    expect(parseDisplay(param(withRto, 'traffic.1.tcp.minRto'), '20000')).toEqual({ ok: false, error: 'Min RTO (this item only): 20000 ms is out of range; allowed 1 to 10000 ms' });
    // an item's own value given in a choice that clashes (the whole tcp object at once) files under the choice
    const clash = cloneJson(s) as unknown as Record<string, unknown>;
    expect(applySet(clash, 'traffic.0.tcp', { cc: 'cubic' })).toBeNull();
    const r2 = parseScenario(clash);
    const byChoice = fieldErrors(fields, { path: 'traffic.0.tcp', list: r2.ok ? [] : r2.errors }, []);
    expect(byChoice['traffic.0.tcp']).toMatch(/^traffic\.0\.tcp\.cc: /);
  });
});
