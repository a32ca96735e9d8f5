/**
 * Each studio keeps its own theme: two studios on two configs (each on its own port) share one
 * preferences.json, and a theme chosen in one does not change the other's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { AppSettingsFile, THEMES_KEPT } from '../src/studio/app-settings.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { tempDir, USERS_CONFIG } from './helpers.js';
import { openSession } from './studio-session-fixture.js';

test("a theme chosen in one studio is that config's own: another studio, on another config and port, keeps its own", async () => {
  const { dir: home, cleanup } = tempDir('mockyard-prefs-');
  const a = await openSession(USERS_CONFIG);
  const b = await openSession(USERS_CONFIG);
  try {
    assert.notEqual(a.session.status().port, b.session.status().port);
    const prefs = new AppSettingsFile(home);
    const studioA = createStudioHandlers(a.session, { settings: prefs });
    const studioB = createStudioHandlers(b.session, { settings: prefs });
    assert.equal((await studioA['app.configure']({ theme: 'dark' })).theme, 'dark');
    assert.equal((await studioA['app.settings']({})).theme, 'dark');
    assert.equal((await studioB['app.settings']({})).theme, 'system', 'B never chose: the default');
    await studioB['app.configure']({ theme: 'light', autoApply: false });
    assert.equal((await studioA['app.settings']({})).theme, 'dark', "B's choice leaves A's");
    assert.equal((await studioA['app.settings']({})).autoApply, false, 'the other settings are shared');
    // The next run of either studio reads the same from the file.
    const again = new AppSettingsFile(home);
    assert.equal(again.for(a.configPath).theme, 'dark');
    assert.equal(again.for(b.configPath).theme, 'light');
    assert.equal(again.for(join(home, 'never-opened.yaml')).theme, 'system');
    await assert.rejects(
      studioA['app.configure']({ theme: 'blue' as never }),
      /The theme is 'system', 'light' or 'dark'/,
    );
  } finally {
    await a.close();
    await b.close();
    cleanup();
  }
});

test('the themes remembered are bounded: the config that chose longest ago is forgotten first', () => {
  const { dir: home, cleanup } = tempDir('mockyard-prefs-');
  try {
    const prefs = new AppSettingsFile(home);
    for (let i = 0; i <= THEMES_KEPT; i++) prefs.updateFor(`/configs/${i}.yaml`, { theme: 'dark' });
    prefs.updateFor('/configs/1.yaml', { theme: 'light' });
    const stored = JSON.parse(readFileSync(join(home, 'preferences.json'), 'utf8')) as { themes: object };
    assert.equal(Object.keys(stored.themes).length, THEMES_KEPT);
    assert.equal(prefs.for('/configs/0.yaml').theme, 'system', 'the first chosen is forgotten');
    assert.equal(prefs.for('/configs/1.yaml').theme, 'light');
    assert.equal(prefs.for(`/configs/${THEMES_KEPT}.yaml`).theme, 'dark');
  } finally {
    cleanup();
  }
});
