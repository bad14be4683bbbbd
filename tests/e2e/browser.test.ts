/**
 * Every browser test, in one file: the parts (tests/e2e/*.e2e.ts) share one build of the
 * app (global-build.ts) and run one after another, after the Node tests (vitest.config.ts).
 *
 * Each part names itself in a describe: `npx vitest run tests/e2e/browser.test.ts -t ux`
 * runs one (the parts not selected start no browser).
 */
import './a11y.e2e';
import './app.e2e';
import './aqm.e2e';
import './compare-seeds.e2e';
import './compare-view.e2e';
import './determinism.e2e';
import './family-seeds.e2e';
import './grid-figure.e2e';
import './print.e2e';
import './speed.e2e';
import './student.e2e';
import './ux.e2e';
import './teach.e2e';
import './update.e2e';
import './web.e2e';
