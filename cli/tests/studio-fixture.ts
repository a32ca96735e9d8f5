import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, screenshotDir } from './browser.js';
import { runCli, type Running } from './process.js';

export interface OpenStudio {
  dir: string;
  configPath: string;
  studio: Running;
  context: BrowserContext;
  page: Page;
  /** The studio's URL, token included. */
  studioUrl: string;
  /** The mock server's URL. */
  mock: string;
  /** Where screenshots go (created). */
  shots: string;
  close(): Promise<void>;
}

/**
 * Writes `config` to a temp dir, starts `mockyard studio` on it (both ports free ones unless
 * `args` say otherwise) and a headless Chromium; `close()` stops both and removes the dir.
 */
export async function openStudio(config: string, args: string[] = ['--api-port', '0']): Promise<OpenStudio> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-e2e-'));
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, config);
  const shots = screenshotDir();
  mkdirSync(shots, { recursive: true });
  const studio = runCli(['studio', configPath, '--port', '0', ...args], dir);
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await studio.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Inside the try: if Chromium cannot start, the studio is stopped too (a running child would
    // keep this file's process, and so `npm test`, waiting for ever).
    browser = await openBrowser();
    const [, studioUrl] = await studio.waitFor(/studio\s+(http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/);
    const [, mock] = await studio.waitFor(/mock\s+(http:\/\/127\.0\.0\.1:\d+|.+)/);
    return {
      dir,
      configPath,
      studio,
      context: browser.context,
      page: browser.page,
      studioUrl: studioUrl as string,
      mock: (mock as string).trim(),
      shots,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
