/**
 * Re-does a step's arithmetic as a student would: parses the numeric line the inspector
 * shows ("= 0.01467 / (1 − 68 × 0.01467)"), evaluates it with exactly the numbers written
 * there, and compares with the result shown beside it. Used by explain-arithmetic.test.ts
 * and by ad-hoc checks of CLI traces (--trace).
 *
 * A line agrees when the evaluated number lies within 0.6 of a unit in the last place of
 * the result shown: the student's number rounds to the one shown, give or take a hair at
 * a rounding boundary. The unit in the last place is that of the digits shown, and at
 * most that of 4 significant digits (fmt drops trailing zeros: "0.1" stands for 0.1000).
 */
import type { Step } from '../../../../src/engine/aqm/explain';

const UNIT: Record<string, number> = { ms: 1e-3, s: 1 };

/** A number as printed by fmt / fmtMs / fmtTime, with the unit in the last place of what is written. */
export interface Shown {
  v: number;
  ulp: number;
}

const NUM = /^−?\d+(?:\.\d+)?(?:e[−+-]?\d+)?/;

export function parseShown(text: string): Shown | null {
  const m = NUM.exec(text.trim());
  if (!m) return null;
  const lit = m[0];
  const unitM = /^\s*(ms|s)\b/.exec(text.trim().slice(lit.length));
  const scale = unitM ? UNIT[unitM[1]] : 1;
  const plain = lit.replace(/−/g, '-');
  const v = Number(plain) * scale;
  const [mant, exp] = plain.split('e');
  const dec = mant.includes('.') ? mant.split('.')[1].length : 0;
  const strUlp = Math.pow(10, -dec + (exp ? Number(exp) : 0)) * scale;
  const sig4 = v === 0 ? strUlp : Math.pow(10, Math.floor(Math.log10(Math.abs(v))) - 3);
  return { v, ulp: Math.min(strUlp, sig4) };
}

// ------------------------------------------------------------------ evaluator

type Tok = { k: 'num'; v: number } | { k: 'op'; v: string };

function tokens(s: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ') {
      i++;
      continue;
    }
    const m = /^\d+(?:\.\d+)?(?:e[−+-]?\d+)?/.exec(s.slice(i));
    if (m) {
      let v = Number(m[0].replace(/−/g, '-'));
      i += m[0].length;
      const u = /^ ?(ms|s)\b/.exec(s.slice(i));
      if (u) {
        v *= UNIT[u[1]];
        i += u[0].length;
      }
      out.push({ k: 'num', v });
      continue;
    }
    const w = /^(min|max)/.exec(s.slice(i));
    if (w) {
      out.push({ k: 'op', v: w[1] });
      i += w[1].length;
      continue;
    }
    if ('+−-×/^√(),'.includes(c)) {
      out.push({ k: 'op', v: c === '-' ? '−' : c });
      i++;
      continue;
    }
    throw new Error(`cannot read "${s.slice(i)}" in "${s}"`);
  }
  return out;
}

/** Evaluates a numeric line (+ − × / ^ √, min, max, ms and s units). */
export function evaluate(s: string): number {
  const t = tokens(s);
  let i = 0;
  const peek = () => t[i];
  const isOp = (v: string) => t[i]?.k === 'op' && t[i].v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new Error(`expected ${v} at token ${i} in "${s}"`);
    i++;
  };
  const expr = (): number => {
    let x = term();
    while (isOp('+') || isOp('−')) {
      const op = t[i++].v;
      const y = term();
      x = op === '+' ? x + y : x - y;
    }
    return x;
  };
  const term = (): number => {
    let x = unary();
    while (isOp('×') || isOp('/')) {
      const op = t[i++].v;
      const y = unary();
      x = op === '×' ? x * y : x / y;
    }
    return x;
  };
  const unary = (): number => {
    if (isOp('−')) {
      i++;
      return -unary();
    }
    const b = atom();
    if (isOp('^')) {
      i++;
      return Math.pow(b, unary());
    }
    return b;
  };
  const atom = (): number => {
    const k = peek();
    if (!k) throw new Error(`unexpected end of "${s}"`);
    if (k.k === 'num') {
      i++;
      return k.v;
    }
    if (k.v === '(') {
      i++;
      const x = expr();
      expect(')');
      return x;
    }
    if (k.v === '√') {
      i++;
      return Math.sqrt(atom());
    }
    if (k.v === 'min' || k.v === 'max') {
      i++;
      expect('(');
      const a = expr();
      expect(',');
      const b = expr();
      expect(')');
      return k.v === 'min' ? Math.min(a, b) : Math.max(a, b);
    }
    throw new Error(`unexpected ${k.v} in "${s}"`);
  };
  const x = expr();
  if (i !== t.length) throw new Error(`trailing tokens in "${s}"`);
  return x;
}

// ------------------------------------------------------------------ checking a step

export interface LineCheck {
  /** The comparisons made: what the line evaluates to, against which number shown. */
  checks: { expr: string; got: number; shown: Shown; ok: boolean }[];
  /** Why nothing could be compared (a clamp with no intermediate shown), if so. */
  skipped?: string;
}

function agree(got: number, shown: Shown): boolean {
  if (shown.v === 0) return Math.abs(got) <= 1e-12;
  return Math.abs(got - shown.v) <= 0.6 * shown.ulp;
}

/** Splits at top-level occurrences of `sep` (outside brackets). */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (depth === 0 && s.startsWith(sep, i)) {
      out.push(cur);
      cur = '';
      i += sep.length - 1;
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/**
 * Checks a calculation step ("symbolic = numeric", value): each '='-separated part of the
 * numeric line is evaluated and compared with the result shown: the value, or the number
 * written before a clamp ("= 1.02 → 1", "= 6.4, so 1"). Returns null for steps that are
 * not calculations.
 */
export function checkStep(step: Step): LineCheck | null {
  if (step.symbolic === undefined || step.numeric === undefined) return null;
  let line = step.numeric.trim();
  let capAt1 = false;
  if (line.endsWith(', at most 1')) {
    capAt1 = true;
    line = line.slice(0, -', at most 1'.length);
  }
  let clamped = false;
  if (line.endsWith(', so 1')) {
    clamped = true;
    line = line.slice(0, -', so 1'.length);
  }
  const arrow = line.indexOf(' → ');
  if (arrow >= 0) {
    clamped = true;
    line = line.slice(0, arrow);
  }
  const checks: LineCheck['checks'] = [];
  // a pair ("[5 + 4, 15 − 4]" against "[9, 11]")
  if (line.startsWith('[')) {
    const parts = splitTop(line.slice(1, -1), ', ');
    const vals = splitTop(step.value.trim().slice(1, -1), ', ');
    parts.forEach((p, k) => {
      const shown = parseShown(vals[k] ?? '');
      if (!shown) throw new Error(`no value for ${p} in ${step.value}`);
      const got = evaluate(p);
      checks.push({ expr: p, got, shown, ok: agree(got, shown) });
    });
    return { checks };
  }
  const parts = splitTop(line, ' = ');
  let ref: Shown | null = null;
  let exprs = parts;
  const last = parts[parts.length - 1].trim();
  if (parts.length > 1 && NUM.test(last) && NUM.exec(last)![0].length === last.replace(/ (ms|s)$/, '').length) {
    // the intermediate the line writes out before clamping or as its own result
    ref = parseShown(last);
    exprs = parts.slice(0, -1);
  } else if (!clamped) ref = parseShown(step.value);
  if (!ref) return { checks, skipped: `clamped with no intermediate: ${step.numeric}` };
  for (const e of exprs) {
    let got = evaluate(e);
    if (capAt1) got = Math.min(1, got);
    checks.push({ expr: e, got, shown: ref, ok: agree(got, ref) });
  }
  return { checks };
}

// ------------------------------------------------------------------ comparisons

const RELATIONS: Record<string, (a: number, b: number) => boolean> = { '<': (a, b) => a < b, '≤': (a, b) => a <= b, '>': (a, b) => a > b, '≥': (a, b) => a >= b };

/**
 * The comparisons a line writes out ("avg = 11.99996 < min_th = 12", "u = 0.1234 <
 * p_a = 0.1235", "sojourn 4.99 ms < target 5 ms"): each must hold for the numbers as
 * written. Returns the ones that do not ("avg = 12 < min_th = 12").
 */
export function wrongComparisons(text: string): string[] {
  const re = /(−?\d[\d.]*(?:e[−-]\d+)?)( ms| s)? ([<≤>≥]) (?:[\w·_*/]+ = )?(−?\d[\d.]*(?:e[−-]\d+)?)( ms| s)?/g;
  const out: string[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const a = parseShown(m[1] + (m[2] ?? ''));
    const b = parseShown(m[4] + (m[5] ?? ''));
    if (a && b && !RELATIONS[m[3]](a.v, b.v)) out.push(m[0]);
  }
  return out;
}
