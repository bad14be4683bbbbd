import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsArgs, DOCS_USAGE, scenarioDocs } from '../../../src/cli/docs';
import { matchPresets, runSweep, sweepRow, sweepTable } from '../../../src/cli/sweep';
import { capture } from './capture';
import { AQMS } from '../../../src/engine/aqm/registry';
import { TCP_PARAMS } from '../../../src/engine/tcp/params';
import { LINK_FIELDS } from '../../../src/engine/scenario/fields';
import { TRAFFICS } from '../../../src/engine/traffic/registry';
import type { RunResult } from '../../../src/engine/metrics/types';
import type { ParamSpecs } from '../../../src/engine/core/params';

describe('generated field reference', () => {
  it('docs/scenario.md holds it as generated now (a parameter added or changed without `npm run docs` fails here)', () => {
    const doc = readFileSync(resolve(__dirname, '../../../docs/scenario.md'), 'utf8');
    const at = doc.indexOf('## Field reference\n');
    expect(at).toBeGreaterThan(0);
    expect(doc.slice(at + '## Field reference\n'.length).trim()).toBe(scenarioDocs().trim());
  });

  it('documents every declared parameter with its range', () => {
    const md = scenarioDocs();
    const all: ParamSpecs[] = [TCP_PARAMS, LINK_FIELDS, ...TRAFFICS.map((d) => d.params as ParamSpecs), ...AQMS.map((d) => d.params)];
    for (const specs of all)
      for (const [k, spec] of Object.entries(specs)) {
        const row = md.split('\n').find((l) => l.startsWith(`| \`${k}\` |`) && l.includes(spec.doc.replace(/\|/g, '\\|')));
        expect(row, k).toBeDefined();
        if (spec.type === 'number') expect(row).toContain(`${spec.min} to ${spec.max}`);
      }
    for (const d of AQMS) expect(md).toContain(`### kind = "${d.kind}"`);
  });
});

describe('sweep', () => {
  it('--help names every option the sweep takes', async () => {
    const io = capture();
    expect(await runSweep(['--help'], io)).toBe(0);
    for (const o of ['--set', '--seeds', '--against', '--json', '--jobs', '--help']) expect(io.stdout, o).toMatch(new RegExp(`^  (-h, )?${o}\\b`, 'm'));
  });

  it('expands * patterns in the order given, without duplicates, and reports patterns that match nothing', () => {
    const r = matchPresets(['ecn-finite-n2-ecn-?-ql64', 'ecn-finite-n1-dt-ql*', 'lockout-dt', 'ecn-finite-n1-dt-ql4']);
    expect(r.errors).toHaveLength(1);
    // "?" is not a wildcard: the message offers the presets the pattern resembles
    expect(r.errors[0]).toMatch(/^ecn-finite-n2-ecn-\?-ql64: matches no preset; did you mean ecn-finite-n2-ecn-c-ql64, ecn-finite-n2-ecn-a-ql64, .*\? \(--list-presets lists them\)$/);
    expect(matchPresets(['lockout']).errors).toEqual(['lockout: matches no preset; did you mean lockout-dt? (--list-presets lists them)']);
    expect(matchPresets(['zzz*']).errors).toEqual(['zzz*: matches no preset (--list-presets lists them)']);
    expect(r.names).toEqual([...[256, 128, 64, 32, 16, 8, 4].map((q) => `ecn-finite-n1-dt-ql${q}`), 'lockout-dt']);
  });

  it('turns a result into one row with goodput in Kb/s and G in percent', () => {
    const flow = (g: number, done: number | null) => ({ flow: 0, kind: 'tcp' as const, completionTime: done, startTime: 0, goodputBps: g, bytesDelivered: 1, bytesRequested: 1, packetsSent: 1, retransmissions: 2, timeouts: 1, fastRetransmits: 0, ecnReductions: 0, drops: 0, marks: 0 });
    const q = { utilization: 0.9961, arrivals: 28730, departures: 0, drops: 38, dropsOverflow: 38, dropsEarly: 0, dropsForced: 0, marks: 5, lossRate: 38 / 28730, markRate: 0, meanQueuePackets: 0, maxQueuePackets: 0, meanQueueBytes: 0, maxQueueBytes: 0, meanQueueDelay: 0, linkLosses: 0 };
    const res: RunResult = { version: 1, scenario: null, summary: { events: 1, wallSeconds: 0.1, simulatedSeconds: 225.2, warmup: 0, bottleneck: q, bottleneckReverse: q, flows: [flow(876100, 191.5), flow(744000, null)], goodputEfficiency: 0.9932, fairness: { jain: 0.993 } } };
    const row = sweepRow('x', res);
    expect(row.goodputKbps).toEqual([876.1, 744]);
    expect(row.retransmissions).toBe(4);
    expect(sweepTable([row])).toMatch(/^x\s+225\.20\s+99\.32\s+99\.6\s+0\.13\s+28730\s+38\s+5\s+4\s+2\s+876\.1 744\.0\s+191\.500 -\s+0\.993\s+0\.100$/m);
  });
  it('web runs get the link and response-time columns (utilization each way, share within 200 ms / 1 s / 2 s, medians)', () => {
    const q = (u: number) => ({ utilization: u, arrivals: 1000, departures: 0, drops: 20, dropsOverflow: 20, dropsEarly: 0, dropsForced: 0, marks: 0, lossRate: 0.02, markRate: 0, meanQueuePackets: 54.12, maxQueuePackets: 0, meanQueueBytes: 0, maxQueueBytes: 0, meanQueueDelay: 0, linkLosses: 0 });
    const rt = (p50: number) => ({ mean: 0, p10: 0, p25: 0, p50, p75: 0, p90: 0, p99: 0 });
    const cdf: [number, number][] = [[0.1, 0.1], [0.2, 0.289], [1, 0.91], [2, 0.975]];
    const web = { exchanges: 51234, started: 0, inProgress: 0, connections: 0, responseTime: rt(0.271), cdf, flowsWithLoss: 0.091, largeResponses: { exchanges: 10, responseTime: rt(1.05), cdf, flowsWithLoss: 0 }, byDirection: { forward: 0, reverse: 0 } };
    const res = { version: 1, scenario: null, summary: { events: 1, wallSeconds: 0.5, simulatedSeconds: 230, warmup: 30, bottleneck: q(0.855), bottleneckReverse: q(0.861), flows: [], goodputEfficiency: null, fairness: { jain: 1 }, web } } as unknown as RunResult;
    const row = sweepRow('web-load-dt148-80', res);
    expect(row.web!.within).toEqual({ '0.2': 0.289, '1': 0.91, '2': 0.975 });
    expect(sweepTable([row])).toMatch(/^web-load-dt148-80\s+230\.00\s+85\.5\s+86\.1\s+54\.1\s+2\.00\s+51234\s+28\.9\s+91\.0\s+97\.5\s+271\s+1\.05\s+9\.1\s+0\.500$/m);
  });
});

describe('npm run docs, its arguments', () => {
  it('--help prints what it does (exit 0); any other argument is refused (exit 2) before the tables; none prints them', () => {
    const help = { out: '', err: '' };
    const io = (o: { out: string; err: string }) => ({ out: (t: string) => void (o.out += t), err: (t: string) => void (o.err += t) });
    expect(docsArgs(['--help'], io(help))).toBe(0);
    expect(help.out).toBe(DOCS_USAGE + '\n');
    const bad = { out: '', err: '' };
    expect(docsArgs(['--markdown'], io(bad))).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err).toContain('"--markdown": npm run docs takes no options');
    expect(docsArgs([], io({ out: '', err: '' }))).toBe('print');
  });
});

describe('the sweep table says where its counts start', () => {
  // feng-fig17-normal: sim s 200.00, but its 47,900 arrivals and 10,401 drops are those of 100-200 s
  const q = { utilization: 0.999, arrivals: 47900, departures: 0, drops: 10401, dropsOverflow: 10395, dropsEarly: 0, dropsForced: 6, marks: 17682, lossRate: 0.2171, markRate: 0, meanQueuePackets: 38, maxQueuePackets: 48, meanQueueBytes: 0, maxQueueBytes: 0, meanQueueDelay: 0, linkLosses: 0 };
  const res = (warmup: number, simulatedSeconds: number): RunResult => ({ version: 1, scenario: null, summary: { events: 1, wallSeconds: 0.3, simulatedSeconds, warmup, bottleneck: q, bottleneckReverse: q, flows: [], goodputEfficiency: null, fairness: { jain: 1 } } });
  it('a run with a warm-up gets a line naming it; runs without one get none', () => {
    const fig17 = sweepRow('feng-fig17-normal', res(100, 200));
    expect(fig17.warmup).toBe(100);
    expect(sweepTable([fig17])).toMatch(/\nCounts, rates, shares and goodputs cover the time after the warm-up \(100 s\); sim s and done s count from t = 0\.$/);
    const seeds001 = sweepRow('ecn-finite-n2-red-a-ql64', res(0, 225.25));
    expect(sweepTable([seeds001]).split('\n')).toHaveLength(2);
    // mixed: each warm-up with its presets
    expect(sweepTable([fig17, seeds001])).toContain('(100 s: feng-fig17-normal; 0 s: ecn-finite-n2-red-a-ql64)');
  });
});
