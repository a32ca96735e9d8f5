import type { Page } from 'playwright-core';

/** Drops a file with this name and text on the studio's window, as a file manager would. */
export async function dropFile(page: Page, name: string, text: string): Promise<void> {
  // A string, not a function: this file is compiled without the DOM's types.
  const transfer = await page.evaluateHandle(
    `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)})); return dt; })()`,
  );
  await page.locator('.app').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator('.app').dispatchEvent('drop', { dataTransfer: transfer });
}
