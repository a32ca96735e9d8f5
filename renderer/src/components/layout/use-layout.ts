import { useCallback, useEffect, useState } from 'react';

/** The sizes and folds of the studio's panes, remembered across restarts of the studio and the app. */
export interface Layout {
  sidebarWidth: number;
  sidebarCollapsed: boolean;
  problemsHeight: number;
  problemsCollapsed: boolean;
}

export const LAYOUT_KEY = 'mockyard.layout';
export const SIDEBAR = { min: 180, max: 480, initial: 248 } as const;
export const PROBLEMS = { min: 64, max: 600, initial: 160 } as const;

const DEFAULTS: Layout = {
  sidebarWidth: SIDEBAR.initial,
  sidebarCollapsed: false,
  problemsHeight: PROBLEMS.initial,
  problemsCollapsed: false,
};

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** What was stored, as far as it is a layout: a damaged or older entry falls back field by field. */
function read(): Layout {
  let stored: Partial<Record<keyof Layout, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(LAYOUT_KEY) ?? '{}');
    if (parsed !== null && typeof parsed === 'object') stored = parsed;
  } catch {
    // Unreadable: the defaults.
  }
  const num = (v: unknown, fallback: number, min: number, max: number): number =>
    typeof v === 'number' && Number.isFinite(v) ? clamp(v, min, max) : fallback;
  return {
    sidebarWidth: num(stored.sidebarWidth, DEFAULTS.sidebarWidth, SIDEBAR.min, SIDEBAR.max),
    sidebarCollapsed: stored.sidebarCollapsed === true,
    problemsHeight: num(stored.problemsHeight, DEFAULTS.problemsHeight, PROBLEMS.min, PROBLEMS.max),
    problemsCollapsed: stored.problemsCollapsed === true,
  };
}

/**
 * The layout and a setter that stores it. localStorage is per origin, so each studio port and the
 * desktop app keep their own; Electron keeps it on disk like a browser profile does.
 */
export function useLayout(): [Layout, (patch: Partial<Layout>) => void] {
  const [layout, setLayout] = useState<Layout>(read);
  useEffect(() => {
    try {
      window.localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
    } catch {
      // Storage full or denied: the layout still works for this session.
    }
  }, [layout]);
  const update = useCallback((patch: Partial<Layout>) => setLayout((l) => ({ ...l, ...patch })), []);
  return [layout, update];
}
