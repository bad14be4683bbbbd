// Builds the command line into a few plain JavaScript files that `node` runs directly,
// so a run does not pay for starting a TypeScript transpiler (issue 8). The output is a
// build product, never committed: it lives in node_modules/.cache/aqm-lab/cli/, is made
// by `npm install` (the `prepare` script) and is remade by the launcher (aqm-lab.mjs)
// whenever one of its source files changed since the last build.
//
// Beside the bundle it makes snapshot.blob, a V8 start-up snapshot of the loaded command
// line (src/cli/snapshot.ts) for the Node.js binary that built it: the `aqm-lab` shell
// launcher starts single runs from it, 50-80 ms of CPU sooner.
//
//   node src/cli/build.mjs          build now
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inlineConstants } from './inline-consts.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const OUT = join(ROOT, 'node_modules/.cache/aqm-lab/cli');

/** Entry points: name of the output file -> source. */
export const ENTRIES = {
  main: 'src/cli/main.ts',
  sweep: 'src/cli/sweep.ts',
  'sweep-worker': 'src/cli/sweep-worker.ts',
  bench: 'tests/bench/bench.ts',
  validate: 'src/cli/validate.ts',
};

/**
 * zod re-exports the error messages of 40 languages (300 KB, a third of the bundle, all
 * parsed at every start); the engine writes its own messages, so the bundle gets English
 * only. Saves about 15 ms per run.
 */
const englishOnlyZod = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), '../locales/en.js'), namespace: 'zod-en' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({ contents: `export { default as en } from ${JSON.stringify(args.path)};`, resolveDir: dirname(args.path) }));
  },
};

/** A source changed this close to a build's start (or after it) may not be what the build read, ms. */
const RECENT_MS = 2000;

/** Files that change the build without being bundled sources. */
const EXTRA_INPUTS = ['package.json', 'package-lock.json', 'src/cli/build.mjs', 'src/cli/inline-consts.mjs'];

function stamp(rel) {
  const st = statSync(join(ROOT, rel));
  return [Math.floor(st.mtimeMs), st.size]; // whole ms: what utimes can set back exactly
}

/** Bundles the entries (ES modules, shared code split into chunks) and records the inputs. */
export async function buildCli(out = OUT) {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const tmp = `${out}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ out, in: src })),
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // whitespace and syntax only: smaller files parse faster, and stack traces keep names
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [englishOnlyZod],
    write: false,
  });
  // numeric constants written where they are used (inline-consts.mjs), in the files that hold engine code
  mkdirSync(tmp, { recursive: true });
  for (const f of result.outputFiles) {
    const inputs = result.metafile.outputs[relative(ROOT, f.path).split('\\').join('/')]?.inputs ?? {};
    const engine = Object.keys(inputs).some((i) => i.startsWith('src/engine/'));
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, engine && f.path.endsWith('.mjs') ? await inlineConstants(f.text) : f.contents);
  }
  const files = {};
  for (const rel of [...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')), SNAPSHOT_ENTRY, ...EXTRA_INPUTS]) {
    files[rel] = stamp(rel);
    // A source saved while esbuild was reading the sources (or just before: file times can
    // be coarse) may be in the bundle in its old form while its new time is recorded here,
    // and the stale build would then pass for fresh until the next edit (seen: a CLI run
    // right after an edit, beside another that was rebuilding, ran the old code). Such a
    // file is recorded as unknown, so the next launch builds again.
    if (files[rel][0] >= started - RECENT_MS) files[rel] = [-1, -1];
  }
  // the record of what the build read, file by file: isFresh compares it with the disk
  // (and the Node.js version: the snapshot is only good for the binary that made it)
  writeFileSync(join(tmp, 'inputs.json'), JSON.stringify({ files, node: process.version }));
  await buildSnapshot(esbuild, tmp, files);
  // swap the new build in whole, so a concurrent launcher never sees half a build
  mkdirSync(dirname(out), { recursive: true });
  const old = `${out}.old-${process.pid}`;
  try {
    renameSync(out, old);
  } catch {
    /* no previous build */
  }
  renameSync(tmp, out);
  rmSync(old, { recursive: true, force: true });
  return out;
}

/** The start-up snapshot's entry (see snapshot.ts). */
const SNAPSHOT_ENTRY = 'src/cli/snapshot.ts';

/**
 * Bundles snapshot.ts as one CommonJS file (what --build-snapshot takes), with the build's
 * record of its sources in it, and has this Node.js binary write the snapshot of it. A
 * Node.js without snapshot support, or any failure here, leaves no blob: the launcher then
 * starts the usual way.
 */
async function buildSnapshot(esbuild, dir, files) {
  try {
    const snap = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [SNAPSHOT_ENTRY],
      outfile: join(dir, 'snapshot.cjs'),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      logLevel: 'error',
      // main.ts asks import.meta.url whether it is the entry point: it is not
      define: { 'import.meta.url': '"aqm-lab:snapshot"', AQM_LAB_INPUTS: JSON.stringify(JSON.stringify(files)) },
      plugins: [englishOnlyZod],
      write: false,
    });
    writeFileSync(join(dir, 'snapshot.cjs'), await inlineConstants(snap.outputFiles[0].text, true));
    const r = spawnSync(process.execPath, ['--snapshot-blob', join(dir, 'snapshot.blob'), '--build-snapshot', join(dir, 'snapshot.cjs')], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) rmSync(join(dir, 'snapshot.blob'), { force: true });
    rmSync(join(dir, 'snapshot.cjs'), { force: true });
  } catch {
    rmSync(join(dir, 'snapshot.blob'), { force: true });
  }
}

/** True when a build exists and none of the files it was made from changed since. */
export function isFresh(out = OUT) {
  let rec;
  try {
    rec = JSON.parse(readFileSync(join(out, 'inputs.json'), 'utf8'));
  } catch {
    return false;
  }
  if (rec.node !== process.version) return false;
  for (const [rel, [mtime, size]] of Object.entries(rec.files)) {
    try {
      const [m, s] = stamp(rel);
      if (m !== mtime || s !== size) return false;
    } catch {
      return false;
    }
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await import('esbuild');
  } catch {
    // `npm install --omit=dev` (or a lock-only install): nothing to build with; the launcher
    // says so if the command line is run without a build
    console.log('aqm-lab: esbuild is not installed; the command line is not built');
    process.exit(0);
  }
  const out = await buildCli();
  console.log(`built ${relative(ROOT, out)}/{${Object.keys(ENTRIES).join(',')}}.mjs`);
}
