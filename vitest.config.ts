import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// The tests' configuration, on top of the app's (vite.config.ts): kept apart so that
// `npm start` and `vite build` do not load Vitest.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default in a single run is one worker fewer than the cores: on the 2-core
      // CI machine that ran the Node test files one after another (28 minutes). One per core.
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/golden/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
        },
        {
          extends: true,
          // The browser tests (one file, see its head) run after the Node tests, alone: Chromium
          // keeps more than one core busy (page, Web Worker), and run beside the Node tests
          // (measured on 2 cores) everything took longer, 1,326 s against 1,248 s, and waits
          // for a worker's result timed out.
          test: { name: 'e2e', include: ['tests/e2e/browser.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, globalSetup: ['tests/e2e/global-build.ts'] },
        },
      ],
    },
  }),
);
