import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The build's name for exported figures (src/ui/build-id.ts): the package version and the
 * commit checked out, "0.1.0 (3f334ca)"; the version alone outside a git checkout.
 */
function buildId(): string {
  const version = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit ? `${version} (${commit})` : version;
  } catch {
    return version;
  }
}

// The app is a static site: `npm start` serves it in development, `npm run build` writes dist/.
// The built site works offline after the first visit: vite-plugin-pwa generates a service
// worker (Workbox) that precaches every built file (the app, the simulation worker, the
// styles, the icon) and answers navigations with index.html. A new build waits until the
// user takes it (src/ui/sw-update.ts registers the worker and offers "Reload to update"): a
// tab on the old build keeps its files (taken over at once, it lost them, and its next
// simulation worker failed to load). Not active under `npm start` (development).
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      // registered by src/ui/main.tsx (sw-update.ts)
      injectRegister: false,
      manifest: {
        name: 'AQM Lab',
        short_name: 'AQM Lab',
        description: 'TCP congestion control, RED, ECN and other AQMs on a packet-level simulator in the browser.',
        theme_color: '#0072b2',
        background_color: '#f4f5f7',
        display: 'standalone',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        // the first visit's page is served from the cache as soon as it is filled; a new
        // build waits for the page's "Reload to update" (its SKIP_WAITING message)
        clientsClaim: true,
        skipWaiting: false,
        // the app bundle carries the engine and every preset
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
    }),
  ],
  worker: { format: 'es' },
  define: { __AQM_LAB_BUILD__: JSON.stringify(buildId()) },
});
