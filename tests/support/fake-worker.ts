/** A stand-in for the simulation worker in the run controller's tests: it records what the page sends. */
import type { MainToWorker } from '../../src/protocol/messages';

export class FakeWorker {
  sent: MainToWorker[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  postMessage(m: MainToWorker) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
}

/** A factory for the run controller that makes FakeWorkers and keeps each one it made, in order. */
export function fakeWorkers(): { workers: FakeWorker[]; make: () => Worker } {
  const workers: FakeWorker[] = [];
  const make = () => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  };
  return { workers, make };
}
