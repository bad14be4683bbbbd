import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { applyHash, BAD_LINK_TITLE } from '../../../../src/ui/store/url-sync';

/*
 * A shared link that gives a key twice ("#p=default&seed=1&seed=2", a link edited by hand
 * or pasted together) used to keep one of the values silently. The bad-link banner now
 * names the key, its values and the one used; the link still opens.
 */
const worker = () => ({ postMessage() {}, terminate() {} }) as unknown as Worker;
const bannerText = (store: AppStore) => store.getState().banners.map((b) => [b.title, ...b.lines].join('\n')).join('\n\n');

function open(hash: string, onScreen = false) {
  const store = new AppStore();
  const c = new RunController(store, worker);
  if (onScreen) expect(c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks')).toEqual([]);
  const problems = applyHash(hash, store, c);
  return { store, problems, text: bannerText(store) };
}

describe('a link that gives a key more than once', () => {
  it('seed twice: the last value is used and the banner says so', () => {
    const { store, problems, text } = open('#p=default&seed=1&seed=2');
    expect(problems).toBe(true);
    expect(store.getState().scenario!.seed).toBe(2);
    expect(text).toContain(BAD_LINK_TITLE);
    expect(text).toContain('seed is given 2 times in the link ("1", "2"); used seed=2');
  });

  it('a bad later value: the earlier good one is the one named as used', () => {
    const { store, text } = open('#p=default&seed=7&seed=abc');
    expect(store.getState().scenario!.seed).toBe(7);
    expect(text).toContain('used seed=7');
    expect(text).toContain('got "abc"');
  });

  it('a nested key, opened over a scenario on screen: the link still opens', () => {
    const { store, text } = open('#p=ecn-finite&topology.bottleneck.queue.maxP=0.3&topology.bottleneck.queue.maxP=0.05', true);
    expect(store.getState().presetName).toBe('ecn-finite');
    expect(getPath(store.getState().scenario, 'topology.bottleneck.queue.maxP')).toBe(0.05);
    expect(text).toContain('topology.bottleneck.queue.maxP is given 2 times in the link ("0.3", "0.05"); used topology.bottleneck.queue.maxP=0.05');
  });

  it('the lesson named twice: the last one opens, even over a scenario on screen', () => {
    const { store, text } = open('#p=default&p=red-vs-dt', true);
    expect(store.getState().presetName).toBe('red-vs-dt');
    expect(text).toContain('p is given 2 times in the link ("default", "red-vs-dt"); used p=red-vs-dt');
  });

  it('a key given once is not reported', () => {
    const { problems, text } = open('#p=default&seed=2');
    expect(problems).toBe(false);
    expect(text).not.toContain('given');
  });
});

describe('a link that gives a key very many times (hostile input)', () => {
  it('the notice lists the first three values and how many more, and shortens a long value', () => {
    // 3000 seeds made a banner line of 3000 quoted values, many screens tall (a link now has 2,000 settings at most)
    const { store, text } = open(`#${Array.from({ length: 1500 }, (_, i) => `seed=${i}`).join('&')}`);
    expect(store.getState().scenario!.seed).toBe(1499);
    expect(text).toContain('seed is given 1500 times in the link ("0", "1", "2", and 1497 more); used seed=1499');
    expect(text.length).toBeLessThan(500);
    const long = 'eyJ'.repeat(100);
    const twice = open(`#p=default&v=1&s=${long}&s=${long}`).text;
    expect(twice).toContain(`s is given 2 times in the link ("${long.slice(0, 24)}… (300 characters)", "${long.slice(0, 24)}… (300 characters)"); used s=${long.slice(0, 24)}… (300 characters)`);
  });
});
