import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The app is a static site: `npm start` serves it in development, `npm run build` writes dist/.
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/golden/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false },
      },
    ],
  },
});
