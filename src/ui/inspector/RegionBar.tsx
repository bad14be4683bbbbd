/**
 * RED's regions as a horizontal bar: below min_th, between min_th and max_th, the gentle
 * region up to 2·max_th, and above; the average (triangle) and the instantaneous queue
 * (dashed tick) drawn on it. Hand-made SVG drawn at the element's pixel width, so the
 * text keeps its size in a narrow side panel.
 */
import { useEffect, useRef, useState } from 'react';
import { SERIES } from '../colors';
import { fmt, regionText, type RegionBar as Bar } from './explain';

const H = 118;
const PAD = 24;
const BAR_Y = 48;
const BAR_H = 28;
const FS = 14;

/** Width of the element in CSS pixels. */
function useWidth(initial: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setW(Math.max(220, Math.floor(el.getBoundingClientRect().width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, w];
}

/** Keeps a label of `chars` characters centred at x inside the drawing. */
function clampX(x: number, chars: number, W: number): number {
  const half = (chars * FS * 0.55) / 2;
  return Math.min(Math.max(x, half + 2), W - half - 2);
}

/** True if one of the xs falls on a label of `w` px centred at cx (the label would be crossed out). */
function covers(cx: number, w: number, xs: number[]): boolean {
  return xs.some((v) => Math.abs(v - cx) < w / 2 + 4);
}

export function RegionBar({ bar }: { bar: Bar }) {
  const [ref, W] = useWidth(360);
  const top = bar.gentleTop ?? bar.maxTh;
  const xMax = Math.max(top * 1.25, bar.maxTh * 1.5, bar.avg * 1.08, bar.q * 1.04, 1);
  const x = (v: number) => PAD + ((W - 2 * PAD) * Math.max(0, Math.min(v, xMax))) / xMax;
  const zones: { from: number; to: number; fill: string; label: string }[] = [
    { from: 0, to: bar.minTh, fill: '#e6f4ee', label: 'no drops' },
    { from: bar.minTh, to: bar.maxTh, fill: '#fbe9cc', label: 'random' },
  ];
  if (bar.gentleTop !== null) zones.push({ from: bar.maxTh, to: bar.gentleTop, fill: '#f7d3c2', label: 'gentle' });
  zones.push({ from: top, to: xMax, fill: '#eab8a4', label: 'all' });
  const ticks: { v: number; label: string; color: string }[] = [
    { v: bar.minTh, label: `min_th ${fmt(bar.minTh)}`, color: SERIES.minTh },
    { v: bar.maxTh, label: `max_th ${fmt(bar.maxTh)}`, color: SERIES.maxTh },
  ];
  if (bar.gentleTop !== null) ticks.push({ v: bar.gentleTop, label: `2·max_th ${fmt(bar.gentleTop)}`, color: SERIES.gentleTh });
  // tick labels alternate rows when they would touch
  let lastEnd = -Infinity;
  let row = 0;
  const placed = ticks.map((t) => {
    const cx = clampX(x(t.v), t.label.length, W);
    const half = (t.label.length * FS * 0.55) / 2;
    row = cx - half < lastEnd + 4 ? 1 - row : 0;
    lastEnd = Math.max(lastEnd, cx + half);
    return { ...t, cx, row };
  });
  const unit = bar.unit === 'bytes' ? 'bytes' : 'packets';
  const avgLabel = `avg ${fmt(bar.avg)}${bar.avg > xMax ? ' →' : ''}`;
  const qLabel = `q ${fmt(bar.q)}${bar.q > xMax ? ' →' : ''}`;
  const desc = `Average queue ${fmt(bar.avg)} ${unit}: ${regionText(bar.region)} (min_th ${fmt(bar.minTh)}, max_th ${fmt(bar.maxTh)}${bar.gentleTop !== null ? `, 2·max_th ${fmt(bar.gentleTop)}` : ''}); instantaneous queue ${fmt(bar.q)}.`;
  return (
    <div ref={ref} className="insp-bar-wrap">
      <svg className="insp-bar" width={W} height={H} role="img" aria-label={desc}>
        <title>{desc}</title>
        {zones.map((z) =>
          z.to > z.from ? (
            <g key={z.label}>
              <rect x={x(z.from)} y={BAR_Y} width={Math.max(0, x(z.to) - x(z.from))} height={BAR_H} fill={z.fill} />
              {x(z.to) - x(z.from) > z.label.length * 7 + 8 && !covers((x(z.from) + x(z.to)) / 2, z.label.length * 7, [x(bar.q), x(bar.avg)]) ? (
                <text x={(x(z.from) + x(z.to)) / 2} y={BAR_Y + BAR_H / 2 + 4} textAnchor="middle" fontSize={12} fill={SERIES.muted}>
                  {z.label}
                </text>
              ) : null}
            </g>
          ) : null,
        )}
        <rect x={PAD} y={BAR_Y} width={W - 2 * PAD} height={BAR_H} fill="none" stroke={SERIES.axis} strokeWidth={1} />
        {placed.map((t) => (
          <g key={t.label}>
            <line x1={x(t.v)} x2={x(t.v)} y1={BAR_Y - 4} y2={BAR_Y + BAR_H + 4} stroke={t.color} strokeWidth={3} />
            <text x={t.cx} y={BAR_Y + BAR_H + 19 + t.row * 17} textAnchor="middle" fontSize={FS} fill={SERIES.text}>
              {t.label}
            </text>
          </g>
        ))}
        {/* instantaneous queue: a dashed dark tick inside the bar, labelled at the right end */}
        <line x1={x(bar.q)} x2={x(bar.q)} y1={BAR_Y + 2} y2={BAR_Y + BAR_H - 2} stroke={SERIES.text} strokeWidth={2} strokeDasharray="3 2" />
        <text x={clampX(x(bar.q), qLabel.length, W)} y={13} textAnchor="middle" fontSize={FS - 1} fill={SERIES.muted}>
          {qLabel}
        </text>
        {/* average: a triangle above the bar */}
        <path d={`M ${x(bar.avg)} ${BAR_Y - 2} l -8 -13 h 16 z`} fill={SERIES.avg} />
        <text x={clampX(x(bar.avg), avgLabel.length, W)} y={BAR_Y - 18} textAnchor="middle" fontSize={FS + 1} fontWeight={600} fill={SERIES.avg}>
          {avgLabel}
        </text>
      </svg>
    </div>
  );
}
