import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import BrowserFirst from './tests/sequencer';
import viteConfig from './vite.config';

// The tests' configuration, on top of the app's (vite.config.ts): kept apart so that
// `npm start` and `vite build` do not load Vitest.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default in a single run is one worker fewer than the cores: on the 2-core CI
      // machine that ran the 170 test files one after another (28 minutes). One per core, the
      // browser tests (one file) started first beside the others.
      maxWorkers: availableParallelism(),
      sequence: { sequencer: BrowserFirst },
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/golden/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
        },
        {
          extends: true,
          // one file (see its head); its tests share the cores with the Node tests, so
          // a step waits longer than it would alone: the timeout is a net, not a measure
          test: { name: 'e2e', include: ['tests/e2e/browser.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 180_000, globalSetup: ['tests/e2e/global-build.ts'] },
        },
      ],
    },
  }),
);
