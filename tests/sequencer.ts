import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order, with the browser tests first: they are one long file (tests/e2e/
 * browser.test.ts, about 9 minutes) that a worker should start at once, while the other
 * workers share the Node tests. By default a clean checkout orders files by size, and
 * that file, a list of imports, would come last and run alone at the end.
 */
export default class BrowserFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (f: TestSpecification) => f.moduleId.endsWith('tests/e2e/browser.test.ts');
    return [...sorted.filter(browser), ...sorted.filter((f) => !browser(f))];
  }
}
