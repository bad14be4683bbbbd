import { describe, expect, it } from 'vitest';
import { CALIBRATION_VERSION } from '../../../../src/engine/traffic/calibrate';
import { BrowserCalibrations, MAX_ENTRIES, STORAGE_KEY } from '../../../../src/ui/run/calibrations';

/** A Storage stand-in: a Map, optionally refusing writes. */
function storage(refuse = false) {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      m.set(k, v);
    },
  };
}

const cal = (value: number) => ({ value, measured: 0.8, fixed: { modelRate: 100 } });

describe("the page's calibrations (localStorage)", () => {
  it('survive the page: a second page reads what the first kept', () => {
    const st = storage();
    new BrowserCalibrations(st).add('k1', cal(112.8));
    expect(new BrowserCalibrations(st).entries()).toEqual([['k1', cal(112.8)]]);
  });

  it('another calibration version, unreadable JSON or malformed entries start empty', () => {
    const st = storage();
    st.m.set(STORAGE_KEY, JSON.stringify({ v: CALIBRATION_VERSION - 1, entries: [['k', cal(1)]] }));
    expect(new BrowserCalibrations(st).entries()).toEqual([]);
    st.m.set(STORAGE_KEY, '{not json');
    expect(new BrowserCalibrations(st).entries()).toEqual([]);
    st.m.set(STORAGE_KEY, JSON.stringify({ v: CALIBRATION_VERSION, entries: [['ok', cal(2)], ['bad', { value: 'x' }], [3, cal(4)]] }));
    expect(new BrowserCalibrations(st).entries()).toEqual([['ok', cal(2)]]);
  });

  it('keep the newest MAX_ENTRIES; a refused write keeps them for the page', () => {
    const st = storage();
    const c = new BrowserCalibrations(st);
    for (let i = 0; i < MAX_ENTRIES + 5; i++) c.add(`k${i}`, cal(i));
    c.add('k10', cal(10)); // used again: now the newest
    const keys = new BrowserCalibrations(st).entries().map(([k]) => k);
    expect(keys.length).toBe(MAX_ENTRIES);
    expect(keys).not.toContain('k0');
    expect(keys).not.toContain('k4');
    expect(keys).toContain('k5');
    expect(keys.at(-1)).toBe('k10');
    const full = new BrowserCalibrations(storage(true));
    full.add('a', cal(1));
    expect(full.entries()).toEqual([['a', cal(1)]]);
  });
});
