import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { applyHash, BAD_LINK_TITLE, LINK_UNITS_TITLE, UNITS_OPENED_LINE } from '../../../../src/ui/store/url-sync';

/*
 * A teacher's link `#p=default&topology.bottleneck.delay=5` opened a 5 SECOND propagation
 * delay without a word. The value is valid and still opens as written, but a warning
 * banner of its own (not the "could not be used" one) says how it was read and what to
 * write for milliseconds.
 */
const worker = () => ({ postMessage() {}, terminate() {} }) as unknown as Worker;

function open(hash: string) {
  const store = new AppStore();
  const c = new RunController(store, worker);
  const keepAsTyped = applyHash(hash, store, c);
  return { store, keepAsTyped, banners: store.getState().banners };
}

describe('a link with a bare time likely meant in ms', () => {
  it('opens as written, with a warning banner naming the key, the value as read and the likely intent', () => {
    const { store, keepAsTyped, banners } = open('#p=default&topology.bottleneck.delay=5');
    expect(getPath(store.getState().scenario, 'topology.bottleneck.delay')).toBe(5);
    expect(store.getState().presetName).toBe('default');
    expect(banners).toHaveLength(1);
    expect(banners[0]).toMatchObject({ kind: 'warning', title: LINK_UNITS_TITLE });
    expect(banners[0].lines).toEqual([
      'topology.bottleneck.delay=5 is read as 5 s (a bare number is in seconds); write 5ms for milliseconds, or 5s to keep seconds without this notice',
      UNITS_OPENED_LINE,
    ]);
    // the address bar keeps the link as typed, so the value the banner quotes can be fixed there
    expect(keepAsTyped).toBe(true);
  });

  it('with a bad key too: two banners, the bad key in the one that says it was not used', () => {
    const { banners } = open('#p=default&topology.bottleneck.delay=5&seed=x');
    expect(banners.map((b) => b.title)).toEqual([BAD_LINK_TITLE, LINK_UNITS_TITLE]);
    expect(banners[0].lines.join('\n')).toContain('seed');
    expect(banners[0].lines.join('\n')).not.toContain('delay');
  });

  it('no banner for 5ms, 5s or 0.005', () => {
    for (const v of ['5ms', '5s', '0.005']) {
      const { banners, keepAsTyped } = open(`#p=default&topology.bottleneck.delay=${v}`);
      expect(banners).toEqual([]);
      expect(keepAsTyped).toBe(false);
    }
  });
});
