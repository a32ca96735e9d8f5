import type { Page } from 'playwright-core';

/**
 * Puts `text` at the end of the studio's Monaco editor through the clipboard (typing it would let
 * Monaco auto-indent every new line), and waits until the editor shows it: a save made before the
 * paste has landed would save the old text. The page needs clipboard permissions.
 */
export async function appendToEditor(page: Page, text: string): Promise<void> {
  const lines = page.locator('.monaco-editor .view-lines');
  await lines.click();
  await page.keyboard.press('Control+End');
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  await page.keyboard.press('Control+V');
  const last = text.trim().split('\n').at(-1) ?? '';
  if (last !== '') await lines.filter({ hasText: last }).waitFor({ timeout: 10_000 });
}
