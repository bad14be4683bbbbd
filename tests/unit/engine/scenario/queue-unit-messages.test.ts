/**
 * A size counted in the queue's unit (RED's min_th and max_th, PI's q_ref, REM's b*, a
 * buffer's limit) is named in messages by that unit: "packets", or "bytes" for a queue in
 * byte mode. The messages said "queue-units", the engine's internal word, wherever the
 * range was given (a scenario file, a --set or link, a live change).
 */
import { describe, expect, it } from 'vitest';
import { rangeText, type NumberParam } from '../../../../src/engine/core/params';
import { createRun } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { parseScenario, setPath } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';
import { cloneJson } from '../../../../src/engine/scenario/paths';

const Q = 'topology.bottleneck.queue';

/** A RED lesson's scenario, its queue in packets or turned to bytes (thresholds and limit scaled). */
function red(unit: 'packets' | 'bytes'): Record<string, unknown> {
  const s = cloneJson(presetScenario('default')!) as unknown as Record<string, unknown>;
  if (unit === 'bytes') setPath(s, Q, { kind: 'red', unit: 'bytes', limit: 150_000, minTh: 7_500, maxTh: 22_500, meanPktSize: 1500 });
  return s;
}

function pi(unit: 'packets' | 'bytes'): Record<string, unknown> {
  const s = cloneJson(presetScenario('default')!) as unknown as Record<string, unknown>;
  setPath(s, Q, unit === 'bytes' ? { kind: 'pi', unit: 'bytes', mode: 'byte', meanPktSize: 1000, limit: 2_400_000, qRef: 24_000 } : { kind: 'pi', unit: 'packets', limit: 240, qRef: 24 });
  return s;
}

describe('queue sizes in messages are in the queue\'s unit', () => {
  for (const unit of ['packets', 'bytes'] as const) {
    const other = unit === 'packets' ? 'bytes' : 'packets';
    it(`a --set out of range names ${unit}`, () => {
      for (const [s, key] of [
        [red(unit), 'minTh'],
        [red(unit), 'maxTh'],
        [red(unit), 'limit'],
        [pi(unit), 'qRef'],
      ] as const) {
        const e = applySet(s, `${Q}.${key}`, -1);
        expect(e).toMatch(new RegExp(`^${Q.replace(/\./g, '\\.')}\\.${key} = -1 is out of range: allowed .* ${unit}$`));
        expect(e).not.toContain('queue-units');
        expect(e).not.toContain(other);
        // not a number at all
        expect(applySet(s, `${Q}.${key}`, 'x')).toMatch(new RegExp(`expected a number \\(.* ${unit}\\)`));
      }
    });

    it(`a scenario file with a bad threshold names ${unit}`, () => {
      const s = red(unit);
      setPath(s, `${Q}.minTh`, -5);
      const r = parseScenario(s);
      expect(r.ok).toBe(false);
      const msg = r.ok ? '' : r.errors.join('\n');
      expect(msg).toMatch(new RegExp(`minTh = -5 is out of range: allowed .* ${unit}`));
      expect(msg).not.toContain('queue-units');
    });

    it(`a whole queue object given at once names its own unit (${unit})`, () => {
      const s = red('packets');
      const e = applySet(s, Q, { kind: 'red', unit, minTh: 'x' });
      expect(e).toMatch(new RegExp(`minTh: expected a number \\(0 to \\d+ ${unit}\\)`));
    });

    it(`a live change out of range names ${unit}`, () => {
      const parsed = parseScenario(pi(unit));
      if (!parsed.ok) throw new Error(parsed.errors.join('; '));
      const run = createRun(parsed.scenario, {});
      run.advance(0.5);
      const e = run.setParam(`${Q}.qRef`, -3);
      expect(e).toMatch(new RegExp(`qRef = -3 is out of range: allowed .* ${unit}$`));
    });
  }

  it('with no queue at hand (the docs\' tables) the range reads "packets (bytes in byte mode)"', () => {
    const spec: NumberParam = { type: 'number', unit: 'queue-units', default: 5, min: 0, max: 100, label: 'x', doc: 'x' };
    expect(rangeText(spec)).toBe('0 to 100 packets (bytes in byte mode)');
    expect(rangeText(spec, 'bytes')).toBe('0 to 100 bytes');
    // other units are as declared
    expect(rangeText({ ...spec, unit: 's' })).toBe('0 to 100 s');
  });
});
