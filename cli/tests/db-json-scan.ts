/** The db.json studio e2e tests' shared step: a screenshot and axe's findings in light and dark. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeFindings, type Finding } from './axe.js';

/** Screenshots `page` as `<name>-<theme>.png` in `shots` and adds axe's findings, light then dark (dark without colour contrast). */
export async function scanThemes(page: Page, name: string, found: Finding[], shots: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: join(shots, `${name}-${theme}.png`) });
    found.push(...(await axeFindings(page, `${name} (${theme})`, theme === 'dark' ? ['color-contrast'] : undefined)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
