/**
 * Vitest globalSetup of the e2e project: builds the app once for all the e2e files (each
 * file used to build its own, about 7 s each) and hands its directory to them
 * (harness.ts startHarness, through `inject('e2eDist')`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app every e2e file serves. */
    e2eDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'aqm-lab-e2e-'));
  // vitest sets NODE_ENV=test, and a Vite build keeps a NODE_ENV it finds: without this
  // the app under test would bundle React's development build (several times slower)
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: resolve(import.meta.dirname, '../..'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = env;
  }
  project.provide('e2eDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
