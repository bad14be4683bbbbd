#!/usr/bin/env node
// The `aqm-lab` command (package.json "bin"; `npm run sim`, `sweep` and `bench` call it):
//
//   aqm-lab <scenario.json> | --preset <name> [options]    run one scenario (--help)
//   aqm-lab sweep <preset pattern>... [options]             run many presets on every core
//   aqm-lab bench [options]                                 engine speed, ns-2 comparison
//   aqm-lab validate [suite or case ...] [options]          engine vs ns-2.35, metric by metric
//
// It runs the bundled build of src/cli (see build.mjs) with plain node. If the bundle is
// missing, or any file it was built from has changed since, it is rebuilt first (about a
// second: bundle, constants pass and start-up snapshot), so a source change is never run stale.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildCli, isFresh, OUT } from './build.mjs';

if (!isFresh()) {
  try {
    await buildCli();
  } catch (e) {
    process.stderr.write(`aqm-lab: could not build the command line (${e instanceof Error ? e.message : String(e)}); run npm install\n`);
    process.exit(1);
  }
}

const argv = process.argv.slice(2);
// npm runs a package script from the package's root: `npm run validate -- --json r.json`
// or `--markdown t.md` typed in a subdirectory would write beside
// package.json. Files named on the command line are the user's: work where npm was typed
// (the shell launcher does the same for `npm run sim`). Everything of our own is found from
// this file's location, not the working directory.
const env = process.env;
if (env.npm_lifecycle_event === 'validate' && env.npm_package_name === 'aqm-lab' && env.INIT_CWD && env.INIT_CWD !== process.cwd()) {
  try {
    process.chdir(env.INIT_CWD);
  } catch {
    // the directory went away: stay in the package's root
  }
}
// a reader that stops early (`| head`) closes the pipe: go on without standard output
// instead of dying on EPIPE with a stack trace (main.ts carryOnWhenStdoutCloses)
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
  throw e;
});
const io = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) };
const load = (name) => import(pathToFileURL(join(OUT, `${name}.mjs`)).href);

let code;
try {
  if (argv[0] === 'sweep') code = await (await load('sweep')).runSweep(argv.slice(1), io);
  else if (argv[0] === 'bench') code = await (await load('bench')).runBench(argv.slice(1), io);
  else if (argv[0] === 'validate') code = await (await load('validate')).validateCli(argv.slice(1), io);
  else code = await (await load('main')).runCli(argv, io);
} catch (e) {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  code = 1;
}
process.exitCode = code;
