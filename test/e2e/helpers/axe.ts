import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2 A and AA, on the whole page or only on what `selector` matches. */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  expect(results.violations).toEqual([]);
}
