import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** True when the studio should be dark: the user's choice, or the OS's preference, live. */
export function useDarkMode(choice: ThemeChoice = currentChoice()): boolean {
  const query = '(prefers-color-scheme: dark)';
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const listener = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    media.addEventListener('change', listener);
    return () => media.removeEventListener('change', listener);
  }, []);
  return choice === 'system' ? systemDark : choice === 'dark';
}

/** The theme chosen in Settings, as the root element carries it for the CSS. */
export function currentChoice(): ThemeChoice {
  const value = document.documentElement.dataset.theme;
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = choice;
}
