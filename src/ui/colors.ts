/*
 * Colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2008) and the fixed
 * colour of every series kind, so a flow or a drop kind has one colour in every chart,
 * in the topology view and in exports.
 */

/** Okabe and Ito's colours as published: the hues every legend and doc names ("orange", "sky blue"). */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/**
 * The shades drawn: Okabe and Ito's hues (yellow left out, unreadable as a thin line on
 * white), darker where needed. Published, orange (2.2:1) and sky blue (2.3:1) had less than
 * the 3:1 contrast with the white plot that WCAG 1.4.11 asks of a graphical object, and a
 * projector washes them out further; darkened alone, orange turned into vermillion for a
 * red-green colour-blind eye (both a brown told apart by lightness), so vermillion, bluish
 * green and reddish purple are a little darker too. Every pair that can share a chart stays
 * at least 9 CIEDE2000 apart in normal vision and in simulated protanopia, deuteranopia and
 * tritanopia (tests/unit/ui/colors.test.ts, which gives the figures).
 */
export const PALETTE = {
  black: '#000000',
  orange: '#C38600',
  skyBlue: '#4A9AC8',
  bluishGreen: '#00916A',
  blue: '#0072B2',
  vermillion: '#C15500',
  reddishPurple: '#B46B94',
} as const;

/**
 * Flow colours in order. Yellow is left out (unreadable as a thin line on white); flows
 * 7.. reuse the colours with a dash pattern (see flowDash), so up to 14 flows stay distinct.
 */
const FLOW_COLORS = [
  PALETTE.blue,
  PALETTE.orange,
  PALETTE.bluishGreen,
  PALETTE.vermillion,
  PALETTE.reddishPurple,
  PALETTE.skyBlue,
  '#555555',
] as const;

export function flowColor(flow: number): string {
  const n = FLOW_COLORS.length;
  return FLOW_COLORS[((flow % n) + n) % n];
}

/** Dash pattern of a flow's line (solid for the first 7 flows, then dashed, then dotted). */
export function flowDash(flow: number): number[] {
  const round = Math.floor(flow / FLOW_COLORS.length) % 3;
  return round === 0 ? [] : round === 1 ? [8, 4] : [2, 3];
}

/**
 * Dash patterns of flows 0-9 on paper (printing, src/ui/print.ts). A handout printed on a
 * black-and-white office printer turns the flows' colours into greys a few percent apart: the
 * first seven flows, solid on screen, merged into one grey. On paper each of the ten flows a
 * chart draws as lines (MAX_LINES) has its own pattern, as in its legend, and the charts
 * write the flow's number at its line's end (flows.ts). None is ssthresh's [6, 4]: the cwnd
 * chart draws ssthresh only while every window is solid, so on paper beside flow 0 alone.
 */
const PAPER_DASHES: readonly (readonly number[])[] = [
  [], // solid
  [10, 4], // long dashes
  [2, 3], // dots
  [10, 3, 2, 3], // dash-dot
  [4, 5], // short dashes
  [10, 3, 2, 3, 2, 3], // dash-dot-dot
  [20, 5], // very long dashes
  [2, 8], // sparse dots
  [20, 4, 5, 4], // long-short
  [10, 3, 10, 3, 2, 3], // dash-dash-dot
];

/** A flow's dash pattern on paper (flows past ten repeat the patterns; the line's end label tells them apart). */
export function paperDash(flow: number): number[] {
  const n = PAPER_DASHES.length;
  return [...PAPER_DASHES[((flow % n) + n) % n]];
}

/**
 * The queue chart's RED thresholds: min_th and max_th are both long dashes on screen, told
 * apart by their colours; on paper (printing) the colours print as one grey, and the two
 * lines, parallel and often close, could not be told apart, nor could their legend
 * swatches. On paper max_th is dash-dot, a pattern none of the chart's other lines has
 * (2·max_th [3, 4], the buffer limit [2, 3], the target band [4, 3], the reverse queue
 * [6, 3], a target [6, 4]); its 20-px period shows whole in a legend swatch (1.8 x the
 * legend's 14-px type on paper: 25 px).
 */
export function thresholdDash(which: 'minTh' | 'maxTh', paper: boolean | undefined): number[] {
  return which === 'maxTh' && paper ? [10, 3, 2, 3] : [10, 5];
}

/**
 * A compared lesson's response-time curve on paper (the Compare view's lesson family, whose
 * members are told apart by colour on screen, flowColor): the flows' paper patterns but the
 * dotted ones, which the uncongested baseline's [2, 3] dots would be taken for.
 */
export function memberPaperDash(member: number): number[] {
  const usable = PAPER_DASHES.filter((d) => !(d.length === 2 && d[0] <= 2));
  const n = usable.length;
  return [...usable[((member % n) + n) % n]];
}

/** Fixed colours of non-flow series. */
export const SERIES = {
  queue: PALETTE.skyBlue,
  /** The right-to-left queue of two-way traffic. */
  reverse: PALETTE.orange,
  avg: PALETTE.blue,
  minTh: PALETTE.bluishGreen,
  maxTh: PALETTE.vermillion,
  gentleTh: PALETTE.reddishPurple,
  /** The buffer limit: #777 was closer than 9 to bluish green (min_th) for a deuteranope. */
  limit: '#505050',
  util: '#333333',
  pb: PALETTE.orange,
  pa: PALETTE.vermillion,
  maxP: PALETTE.blue,
  /**
   * A delay target (CoDel's, PIE's) on the AQM chart: dark grey, not the delay line's
   * vermillion, under which a 5 ms target at the foot of a 100 ms axis vanished.
   */
  delayTarget: '#333333',
  /** Fill of a min–max band (an area under the lines drawn over it). */
  band: '#9aa3ad',
  /** Lines of a target band (adaptive RED's): the fill's grey was 2.6:1 on white, and a deuteranope's twin of 2·max_th's purple. */
  bandLine: '#676E74',
  median: '#333333',
  marker: '#555555',
  grid: '#e3e6ea',
  axis: '#333333',
  text: '#1b1f24',
  muted: '#555c66',
  background: '#ffffff',
} as const;

/** Queue-event kinds (the QEV_* numbers of src/engine/metrics/types.ts) with shape and colour. */
export type MarkShape = 'circle' | 'triangle' | 'square' | 'cross' | 'diamond';
export interface EventStyle {
  kind: number;
  label: string;
  shape: MarkShape;
  color: string;
}
export const EVENT_STYLES: readonly EventStyle[] = [
  { kind: 3, label: 'ECN mark', shape: 'circle', color: PALETTE.blue },
  { kind: 0, label: 'early drop', shape: 'triangle', color: PALETTE.orange },
  { kind: 1, label: 'forced drop', shape: 'square', color: PALETTE.vermillion },
  { kind: 2, label: 'overflow drop', shape: 'cross', color: PALETTE.black },
  { kind: 4, label: 'link loss', shape: 'diamond', color: PALETTE.reddishPurple },
];

export function eventStyle(kind: number): EventStyle {
  return EVENT_STYLES.find((s) => s.kind === kind) ?? EVENT_STYLES[0];
}
