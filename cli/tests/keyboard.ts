import type { Page } from 'playwright-core';

/** What has the keyboard focus, as a test can check it. */
export interface Focused {
  tag: string;
  role: string | null;
  label: string | null;
  testId: string | null;
  text: string;
  /** The aria-label of the open <dialog> the focus is in, or null. */
  dialog: string | null;
}

// A string, not a function: this file is compiled without the DOM's types.
const READ_FOCUS = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: 'BODY', role: null, label: null, testId: null, text: '', dialog: null };
  const dialog = el.closest('dialog');
  return {
    tag: el.tagName,
    role: el.getAttribute('role'),
    label: el.getAttribute('aria-label'),
    testId: el.getAttribute('data-testid'),
    text: (el.textContent || '').trim().slice(0, 80),
    dialog: dialog ? dialog.getAttribute('aria-label') : null,
  };
})()`;

export const focused = (page: Page): Promise<Focused> => page.evaluate(READ_FOCUS) as Promise<Focused>;

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would; fails
 * after `max` presses, saying where the focus was.
 */
export async function tabTo(
  page: Page,
  matches: (f: Focused) => boolean,
  what: string,
  { back = false, max = 80 } = {},
): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (matches(f)) return presses;
    seen.push(f.label ?? f.testId ?? f.text.slice(0, 20) ?? f.tag);
  }
  throw new Error(`${what}: not reached in ${max} Tab presses; the focus went ${seen.join(' → ')}`);
}

/** The text of the grid's active cell (the element its aria-activedescendant names). */
export const activeCellText = (page: Page, grid = '[role="grid"][data-testid="grid"]'): Promise<string | null> =>
  page.evaluate(
    `(() => { const g = document.querySelector(${JSON.stringify(grid)}); const id = g && g.getAttribute('aria-activedescendant'); const c = id && document.getElementById(id); return c ? c.textContent : null; })()`,
  ) as Promise<string | null>;
