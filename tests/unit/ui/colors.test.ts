/**
 * The chart colours on the white plot (the only plot background: live charts, classroom
 * mode, PNG/SVG exports and print all paint SERIES.background): every colour that carries
 * data has the 3:1 contrast WCAG 1.4.11 asks of a graphical object, and the colours that
 * can share a chart stay apart for colour-blind eyes.
 *
 * Colour-blind vision is simulated with Machado, Oliveira and Fernandes's matrices ("A
 * Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6),
 * 2009; severity 1.0: protanopia, deuteranopia, tritanopia) on linear sRGB, and differences
 * are CIEDE2000 (Sharma, Wu and Dalal, Color Res. Appl. 30(1), 2005) in CIELAB (D65).
 *
 * The threshold, 9: about four times the just noticeable difference of large patches (~2.3),
 * since a thin line needs several times the difference a large patch does (Stone, Szafir and
 * Setlur, "An Engineering Model for Color Difference as a Function of Size", CIC 2014); and
 * close to the published Okabe-Ito palette's own floor in these charts (9.6: bluish green
 * against the buffer limit's #777 under deuteranopia; 10.9 for orange against reddish purple
 * under tritanopia). Darkening only orange and sky blue to 3:1 left orange 5.0 from vermillion
 * for a deuteranope.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_STYLES, flowColor, OKABE_ITO, PALETTE, SERIES } from '../../../src/ui/colors';
import { BASELINE_COLOR, OVERLAY_COLORS, RUN_COLOR } from '../../../src/ui/charts/response-plot';

type Vec = [number, number, number];

const channels = (hex: string): Vec => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Vec;
const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const linear = (hex: string): Vec => channels(hex).map(toLinear) as Vec;

/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = linear(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Machado et al. 2009, severity 1.0, on linear RGB. */
const CVD: Record<string, number[][] | null> = {
  normal: null,
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function simulate(hex: string, m: number[][] | null): Vec {
  const l = linear(hex);
  if (!m) return l;
  return m.map((row) => Math.min(1, Math.max(0, row[0] * l[0] + row[1] * l[1] + row[2] * l[2]))) as Vec;
}

/** Linear sRGB to CIELAB (D65 white). */
function lab([r, g, b]: Vec): Vec {
  const X = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const Y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const Z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(X / 0.95047), f(Y), f(Z / 1.08883)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIEDE2000 colour difference (Sharma et al. 2005, with kL = kC = kH = 1). */
function deltaE2000([L1, a1, b1]: Vec, [L2, a2, b2]: Vec): number {
  const rad = Math.PI / 180;
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const [ap1, ap2] = [(1 + G) * a1, (1 + G) * a2];
  const [Cp1, Cp2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const [hp1, hp2] = [hue(ap1, b1), hue(ap2, b2)];
  let dh = 0;
  if (Cp1 * Cp2 !== 0) {
    dh = hp2 - hp1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dL = L2 - L1;
  const dC = Cp2 - Cp1;
  const dH = 2 * Math.sqrt(Cp1 * Cp2) * Math.sin((dh * rad) / 2);
  const Lbar = (L1 + L2) / 2;
  const Cpbar = (Cp1 + Cp2) / 2;
  let hbar = hp1 + hp2;
  if (Cp1 * Cp2 !== 0) hbar = Math.abs(hp1 - hp2) > 180 ? (hbar < 360 ? hbar + 360 : hbar - 360) / 2 : hbar / 2;
  const T = 1 - 0.17 * Math.cos((hbar - 30) * rad) + 0.24 * Math.cos(2 * hbar * rad) + 0.32 * Math.cos((3 * hbar + 6) * rad) - 0.2 * Math.cos((4 * hbar - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hbar - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cpbar ** 7 / (Cpbar ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbar - 50) ** 2) / Math.sqrt(20 + (Lbar - 50) ** 2);
  const SC = 1 + 0.045 * Cpbar;
  const SH = 1 + 0.015 * Cpbar * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

/** The smallest difference of two colours over normal vision and the three simulations, and where. */
function worstDifference(a: string, b: string): { de: number; vision: string } {
  let worst = { de: Infinity, vision: '' };
  for (const [vision, m] of Object.entries(CVD)) {
    const de = deltaE2000(lab(simulate(a, m)), lab(simulate(b, m)));
    if (de < worst.de) worst = { de, vision };
  }
  return worst;
}

const THRESHOLD = 9;

/** Colours that can appear together in one chart (series kind: colour). */
const FLOWS = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((f) => [`flow ${f}`, flowColor(f)]));
const CHARTS: Record<string, Record<string, string>> = {
  // flows 7.. repeat these with a dash; the throughput chart adds the link utilization
  'flows (cwnd, throughput, RTT)': { ...FLOWS, utilization: SERIES.util, median: SERIES.median },
  'bottleneck queue': {
    queue: SERIES.queue,
    avg: SERIES.avg,
    min_th: SERIES.minTh,
    max_th: SERIES.maxTh,
    '2·max_th': SERIES.gentleTh,
    'buffer limit': SERIES.limit,
    'reverse queue': SERIES.reverse,
    'target band': SERIES.bandLine,
  },
  // aqm-chart.ts: p_b, p_a, max_p, and a scheme's other probabilities (bluish green, reddish purple, vermillion)
  'AQM probabilities': { p_b: SERIES.pb, p_a: SERIES.pa, max_p: SERIES.maxP, second: PALETTE.bluishGreen, third: PALETTE.reddishPurple, other: PALETTE.vermillion },
  // aqm-chart.ts: a delay (CoDel's sojourn, PIE's estimate), its target over it, and PIE's p
  'AQM delay and target': { delay: PALETTE.vermillion, target: SERIES.delayTarget, p: PALETTE.bluishGreen },
  'queue events': Object.fromEntries(EVENT_STYLES.map((e) => [e.label, e.color])),
  'response-time overlay': { ...Object.fromEntries(OVERLAY_COLORS.map((c, i) => [`run ${i}`, c])), baseline: BASELINE_COLOR },
};

const DATA_COLORS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PALETTE).map(([k, v]) => [`palette ${k}`, v])),
  ...Object.fromEntries(Object.values(CHARTS).flatMap((c) => Object.entries(c))),
  marker: SERIES.marker,
  'response run': RUN_COLOR,
};

describe('chart colours', () => {
  it('the CIEDE2000 implementation gives Sharma et al.\'s published differences', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });

  it('every colour that carries data has 3:1 contrast with the white plot (WCAG 1.4.11)', () => {
    expect(SERIES.background).toBe('#ffffff');
    const low = Object.entries(DATA_COLORS)
      .map(([k, c]) => [k, c, contrast(c, SERIES.background)] as const)
      .filter(([, , r]) => r < 3)
      .map(([k, c, r]) => `${k} ${c} ${r.toFixed(2)}:1`);
    expect(low).toEqual([]);
  });

  it(`colours that share a chart stay at least ${THRESHOLD} CIEDE2000 apart in normal vision and simulated protanopia, deuteranopia, tritanopia`, () => {
    const close: string[] = [];
    for (const [chart, colors] of Object.entries(CHARTS)) {
      const e = Object.entries(colors);
      for (let i = 0; i < e.length; i++)
        for (let j = i + 1; j < e.length; j++) {
          if (e[i][1] === e[j][1]) continue; // one kind drawn twice (max_p and a scheme's own max_p)
          const w = worstDifference(e[i][1], e[j][1]);
          if (w.de < THRESHOLD) close.push(`${chart}: ${e[i][0]} ${e[i][1]} / ${e[j][0]} ${e[j][1]}: ${w.de.toFixed(1)} (${w.vision})`);
        }
    }
    expect(close).toEqual([]);
  });

  it('the shades keep Okabe and Ito\'s hues, only darker, and the queue (thin) stays lighter than its average (thick)', () => {
    for (const k of Object.keys(PALETTE) as (keyof typeof PALETTE)[]) {
      const [L0, a0, b0] = lab(linear(OKABE_ITO[k]));
      const [L1, a1, b1] = lab(linear(PALETTE[k]));
      expect(L1, k).toBeLessThanOrEqual(L0 + 1e-9);
      if (k === 'black') continue;
      const h = (a: number, b: number) => (Math.atan2(b, a) * 180) / Math.PI;
      const dh = Math.abs(((h(a1, b1) - h(a0, b0) + 540) % 360) - 180);
      expect(dh, `${k} hue moved ${dh.toFixed(1)}°`).toBeLessThan(4);
    }
    // light sky blue queue under the dark blue average, for every vision
    for (const m of Object.values(CVD)) expect(lab(simulate(SERIES.queue, m))[0] - lab(simulate(SERIES.avg, m))[0]).toBeGreaterThan(10);
  });
});
