/**
 * Every browser test, in one file: Vitest runs one file in one worker, so the browser
 * tests run one after another (one Chromium at a time, a run in its Web Worker measured
 * alone) while the other cores take the Node tests. As files of their own they would either
 * run two Chromiums at once (a grid of runs then took twice as long and timed out) or, with
 * file parallelism off, wait until every other file was done (Vitest runs such a project
 * last, on one core: 9 of the suite's 21 minutes on the 2-core CI machine).
 *
 * Each part names itself in a describe: `npx vitest run tests/e2e/browser.test.ts -t ux`
 * runs one (the parts not selected start no browser).
 */
import './a11y.e2e';
import './app.e2e';
import './aqm.e2e';
import './compare-seeds.e2e';
import './determinism.e2e';
import './family-seeds.e2e';
import './grid-figure.e2e';
import './print.e2e';
import './speed.e2e';
import './ux.e2e';
import './web.e2e';
