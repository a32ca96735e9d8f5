import type { BrowserWindowConstructorOptions } from 'electron';
import { STUDIO_CSP } from '../../shared/src/csp.js';

/** The app's own origin: the renderer build served by a privileged custom protocol. */
export const APP_SCHEME = 'mockyard';
export const APP_ORIGIN = `${APP_SCHEME}://studio`;

/** No remote content, no inline script, Monaco's workers and styles only from the app itself. */
export const CONTENT_SECURITY_POLICY = STUDIO_CSP;

/** The only window options Mockyard opens windows with: isolated, sandboxed, no Node in the page. */
export function secureWindowOptions(
  preload: string,
  bounds: { width: number; height: number; x?: number; y?: number },
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Mockyard',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  };
}

/** True for URLs the app itself serves; everything else is navigation away from the app. */
export const isAppUrl = (url: string): boolean => url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);

/** Links the app hands to the system browser: http(s) only, never file: or custom schemes. */
export const isExternalLink = (url: string): boolean => /^https?:\/\//i.test(url);

/** What Electron's `webContents` offers that the guards below need (injected for tests). */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-frame-navigate',
    listener: (event: { preventDefault(): void; url?: string }, url?: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Blocks navigation away from the app, webviews and new windows; http(s) links open in the
 * system browser instead.
 */
export function guardContents(contents: GuardedContents, openExternal: (url: string) => void): void {
  // Electron 45 puts the target on the event; the positional argument is deprecated.
  const guard = (event: { preventDefault(): void; url?: string }, positional?: string): void => {
    const url = event.url ?? positional ?? '';
    if (isAppUrl(url)) return;
    event.preventDefault();
    if (isExternalLink(url)) openExternal(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url ?? '')) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** The permissions the studio uses: writing to the clipboard (its Copy buttons). Nothing else. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** True for a permission the app uses, asked for by the app's own page; false for anything else. */
export const permissionAllowed = (permission: string, url: string): boolean =>
  ALLOWED_PERMISSIONS.has(permission) && isAppUrl(url);

/** What Electron's `session` offers for permissions (injected for tests). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: { getURL(): string },
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

/**
 * Electron grants every permission request by default (camera, microphone, geolocation,
 * notifications, HID, serial…). Deny all but what the app uses, both the asynchronous requests and
 * the synchronous checks most web APIs make first.
 */
export function guardPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(permissionAllowed(permission, details.requestingUrl ?? contents.getURL())),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin),
  );
}
