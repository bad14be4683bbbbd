/**
 * Which build of the lab made a figure: the package version and the git commit it was
 * built from ("0.1.0 (3f334ca)"), written in by vite.config.ts at build time. An exported
 * chart's caption carries it, so a figure on a slide or in a report can be traced to the
 * code that computed it (an engine fix changes a run's numbers; the seed and link alone
 * do not say which code ran them). "dev" where nothing wrote it in.
 */
declare const __AQM_LAB_BUILD__: string | undefined;

export const BUILD_ID: string = typeof __AQM_LAB_BUILD__ === 'string' && __AQM_LAB_BUILD__ !== '' ? __AQM_LAB_BUILD__ : 'dev';
