import { parentPort } from 'node:worker_threads';
import { runSweepJob, type SweepJob } from './sweep';

/** A worker thread of `aqm-lab sweep`: runs each case it is sent and answers with its row. */
parentPort?.on('message', (job: SweepJob) => {
  void runSweepJob(job).then((reply) => parentPort?.postMessage(reply));
});
