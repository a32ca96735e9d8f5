/**
 * Unsaved editor text kept across one reload of the tab (sessionStorage: this tab only, gone when it
 * closes), so a reload to get a fresh access token never loses an edit. Keyed by the config's path:
 * another studio's config in the same tab is never filled with it.
 */
const key = (configPath: string): string => `mockyard.unsaved:${configPath}`;

export function keepDraft(configPath: string, text: string): void {
  try {
    window.sessionStorage.setItem(key(configPath), text);
  } catch {
    // Storage denied or full: the reload warns about unsaved edits as before.
  }
}

/** The kept text, removed from storage as it is taken (it shows once, marked unsaved). */
export function takeDraft(configPath: string): string | undefined {
  try {
    const text = window.sessionStorage.getItem(key(configPath));
    window.sessionStorage.removeItem(key(configPath));
    return text ?? undefined;
  } catch {
    return undefined;
  }
}
