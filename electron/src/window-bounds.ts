import type { DesktopState } from './desktop-state.js';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's `screen` the window's placement needs (after `ready`). */
export interface ScreenLike {
  getAllDisplays(): { workArea: Rectangle }[];
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
/** How much of the title bar must be on a display for the window to be reachable there. */
const GRIP = 48;

const overlap = (a: Rectangle, b: Rectangle): { width: number; height: number } => ({
  width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
  height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
});

/**
 * Where the window opens: the saved bounds when their title bar is on a display connected now,
 * made no larger than that display's work area; otherwise the saved size (fitted to the primary
 * display) with no position, which Electron centers. A display unplugged since last time, or a
 * smaller one, must not put the window off screen.
 */
export function restoredBounds(
  saved: DesktopState['window'],
  screen: ScreenLike,
): { width: number; height: number; x?: number; y?: number } {
  const displays = screen.getAllDisplays().map((d) => d.workArea);
  const size = saved ? { width: saved.width, height: saved.height } : DEFAULT_SIZE;
  const fit = (area: Rectangle | undefined) =>
    area ? { width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) } : { ...size };
  if (saved?.x === undefined || saved.y === undefined) return fit(displays[0]);
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: GRIP };
  const home = displays.find((area) => {
    const o = overlap(titleBar, area);
    return o.width >= GRIP && o.height >= GRIP / 2;
  });
  if (!home) return fit(displays[0]);
  const { width, height } = fit(home);
  // Moved back inside the display when the fitted window would stick out past its edges.
  const x = Math.min(Math.max(saved.x, home.x), home.x + home.width - width);
  const y = Math.min(Math.max(saved.y, home.y), home.y + home.height - height);
  return { x, y, width, height };
}

/**
 * Shows the window once its page painted (`ready-to-show`), maximized if it was: maximize() also
 * shows a window, and before the page painted that is an empty one.
 */
export function showWhenPainted(
  window: { once(event: 'ready-to-show', listener: () => void): unknown; maximize(): void; show(): void },
  maximized: boolean,
): void {
  window.once('ready-to-show', () => (maximized ? window.maximize() : window.show()));
}
