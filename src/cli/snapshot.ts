/**
 * The start-up snapshot of the command line (issue 8: a whole process counts).
 *
 * Loading the bundled command line costs about 50 ms of CPU before the first event:
 * compiling the bundle, building the scenario schema (zod), the preset table. build.mjs
 * runs this file once with `node --build-snapshot`: everything below is evaluated then and
 * V8 writes the resulting heap to snapshot.blob. A run started as
 *
 *   node --snapshot-blob snapshot.blob <path of aqm-lab.mjs> <arguments>
 *
 * (the `aqm-lab` shell launcher does this) begins with all of it loaded and calls `main`.
 * Only runs of one scenario go this way; sweep, bench and validate start the usual way.
 *
 * The build records the size and time stamp of every source file it read; if any changed
 * since, the snapshot is stale and `main` hands the run to aqm-lab.mjs, which rebuilds the
 * bundle and the snapshot, so a source change is never run stale.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startupSnapshot } from 'node:v8';
// everything a run loads, evaluated now so it is in the snapshot (main.ts imports some of
// these lazily; a lazy import of a module already evaluated costs nothing)
import { carryOnWhenStdoutCloses, runCli } from './main';
import './calibration-cache';
import '../engine/run';
import '../engine/core/simulator';
import '../engine/estimate';
import '../engine/traffic/calibrate';
import '../ns2/export';
import { presetByName } from '../engine/scenario/presets';

/** Source file -> [mtime ms, size] when the snapshot was built (put in by build.mjs). */
declare const AQM_LAB_INPUTS: string;
const inputs = JSON.parse(AQM_LAB_INPUTS) as Record<string, [number, number]>;

/** True if every source file the build read is unchanged (same rule as build.mjs isFresh). */
function fresh(root: string): boolean {
  for (const [rel, [mtime, size]] of Object.entries(inputs)) {
    try {
      const st = statSync(join(root, rel));
      if (Math.floor(st.mtimeMs) !== mtime || st.size !== size) return false;
    } catch {
      return false;
    }
  }
  return true;
}

async function main(): Promise<void> {
  // argv: [node, <path of aqm-lab.mjs>, ...arguments]
  const launcher = resolve(process.argv[1] ?? '');
  const args = process.argv.slice(2);
  if (!fresh(resolve(dirname(launcher), '../..'))) {
    const r = spawnSync(process.execPath, [launcher, ...args], { stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
    return;
  }
  carryOnWhenStdoutCloses();
  const io = { out: (t: string) => void process.stdout.write(t), err: (t: string) => void process.stderr.write(t) };
  try {
    process.exitCode = await runCli(args, io);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  }
}

if (startupSnapshot.isBuildingSnapshot()) {
  // zod builds a schema's parser on its first use: parse one scenario now, so runs start with it built
  void presetByName('default')?.scenario;
  startupSnapshot.setDeserializeMainFunction(() => void main());
}
