import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { after } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * playwright-core, required rather than imported: it is CommonJS of ~12 MB, and imported from an ES
 * module Node first scans it for export names (cjs-module-lexer), a third of the ~1.1 CPU-s the
 * import costs (require: ~0.7 s; node -e, /usr/bin/time). Loaded by the first launch.
 */
const playwright = (): typeof import('playwright-core') => createRequire(import.meta.url)('playwright-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Debian Chromium on a fresh profile, with the flags this machine's closed network needs. */
async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'mockyard-chromium-'));
  const context = await playwright().chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// One Chromium per test file, launched on first use: starting Chromium costs more CPU than most
// browser tests do, and the files run in parallel on two cores. Registered while this module is
// first evaluated (an import at a test file's top level), so the hook belongs to the file's root
// and runs once after its last test.
let shared: Promise<Browser> | undefined;
after(async () => {
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
});

/**
 * A fresh tab in this file's Chromium, with no cookies or granted permissions left by an earlier
 * test (each studio runs on its own port, so each has its own origin and storage). `close()`
 * closes the tab; the browser closes after the file's last test.
 */
export async function openBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  shared ??= launch();
  const { context } = await shared;
  await context.clearCookies();
  await context.clearPermissions();
  const page = await context.newPage();
  return {
    context,
    page,
    close: async () => {
      for (const open of context.pages()) await open.close();
    },
  };
}

/** Where tests leave screenshots for people to look at. */
export const screenshotDir = (): string => process.env.MOCKYARD_SCREENSHOTS ?? join(tmpdir(), 'mockyard-screenshots');
