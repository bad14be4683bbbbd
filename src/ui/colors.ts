/**
 * Colour-blind-safe palette (Okabe & Ito, "Color Universal Design", 2008) and the fixed
 * colour of every series kind, so a flow or a drop kind has one colour in every chart,
 * in the topology view and in exports.
 */
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
 * Flow colours in order. Yellow is left out (unreadable as a thin line on white); flows
 * 7.. reuse the colours with a dash pattern (see flowDash), so up to 14 flows stay distinct.
 */
const FLOW_COLORS = [
  OKABE_ITO.blue,
  OKABE_ITO.orange,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.vermillion,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.skyBlue,
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

/** Fixed colours of non-flow series. */
export const SERIES = {
  queue: OKABE_ITO.skyBlue,
  /** The right-to-left queue of two-way traffic. */
  reverse: OKABE_ITO.orange,
  avg: OKABE_ITO.blue,
  minTh: OKABE_ITO.bluishGreen,
  maxTh: OKABE_ITO.vermillion,
  gentleTh: OKABE_ITO.reddishPurple,
  limit: '#777777',
  util: '#333333',
  pb: OKABE_ITO.orange,
  pa: OKABE_ITO.vermillion,
  maxP: OKABE_ITO.blue,
  band: '#9aa3ad',
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
  { kind: 3, label: 'ECN mark', shape: 'circle', color: OKABE_ITO.blue },
  { kind: 0, label: 'early drop', shape: 'triangle', color: OKABE_ITO.orange },
  { kind: 1, label: 'forced drop', shape: 'square', color: OKABE_ITO.vermillion },
  { kind: 2, label: 'overflow drop', shape: 'cross', color: OKABE_ITO.black },
  { kind: 4, label: 'link loss', shape: 'diamond', color: OKABE_ITO.reddishPurple },
];

export function eventStyle(kind: number): EventStyle {
  return EVENT_STYLES.find((s) => s.kind === kind) ?? EVENT_STYLES[0];
}
