import { defaultsOf } from '../../../../src/engine/core/params';
import { rngFor } from '../../../../src/engine/core/rng';
import { DROPTAIL_PARAMS, dropTail } from '../../../../src/engine/aqm/droptail';
import type { QueueDisc } from '../../../../src/engine/aqm/queue-disc';
import type { Simulator } from '../../../../src/engine/core/simulator';

/** A drop-tail queue on the simulator's packet pool (for tests that build links by hand). */
export function droptailQueue(sim: Simulator, name: string, limit = 1000): QueueDisc {
  return dropTail.create({ ...defaultsOf(DROPTAIL_PARAMS), limit }, { pool: sim.pool, rng: rngFor(1, name), linkRateBps: 1e6, name });
}
