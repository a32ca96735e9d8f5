import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { eventually } from './process.js';
import { openStudio } from './studio-fixture.js';

// A comment on every line; typing goes into the first one, so the text stays a valid config.
const CONFIG = `# typing test config
schemas: # the record shapes
  Note: # one note
    properties: # its fields
      id: integer # the key
      text: string # the body
endpoints: # the API
  - resource: Note # /notes
`;

const CHUNK = ' the quick brown fox 0123456789 jumps over';

test('typing fast never loses a key nor moves the cursor while saves, validation and outside edits land', {
  timeout: 120_000,
}, async (t) => {
  const s = await openStudio(CONFIG);
  try {
    const { page, studioUrl, configPath } = s;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(studioUrl);
    await page.waitForSelector('.monaco-editor .view-lines', { timeout: 20_000 });
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible()) await welcome.click();
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');

    let typed = '';
    let outside = 0;
    for (let round = 0; round < 8; round++) {
      // An outside edit (another editor appending a line) written while the keys go in: the studio
      // gets it as config.changedOnDisk, either as a banner (unsaved text) or applied at the end.
      const write = new Promise<void>((resolve) =>
        setTimeout(() => {
          if (round < 6) {
            writeFileSync(configPath, `${readFileSync(configPath, 'utf8')}# outside ${outside++}\n`);
          }
          resolve();
        }, 3),
      );
      const chunk = `${CHUNK} ${round}`;
      await page.keyboard.type(chunk, { delay: 0 });
      typed += chunk;
      // A save whose answer (and validation, and the applied event) lands while the next keys go in.
      await page.keyboard.press('Control+S');
      await write;
    }
    // Where the cursor is, the marker goes: it must come right after what was typed.
    await page.keyboard.type('ZQZ', { delay: 0 });
    await page.keyboard.press('Control+S');
    await eventually(() => readFileSync(configPath, 'utf8').includes('ZQZ'), 10_000, 'the final save');
    const saved = readFileSync(configPath, 'utf8');
    const [first, ...rest] = saved.split('\n');
    assert.equal(first, `# typing test config${typed}ZQZ`, 'every key, in order, and the cursor where it was');
    const original = CONFIG.split('\n');
    const restLines = rest.filter((l) => !/^# outside \d+$/.test(l));
    assert.deepEqual(restLines, original.slice(1), 'the rest of the file as it was (outside lines aside)');
    t.diagnostic(`typed ${typed.length + 3} characters; outside lines kept: ${rest.length - restLines.length}`);
  } finally {
    await s.close();
  }
});
