// A full game against the computer, played only by clicking; then the record it downloads is
// replayed step by step on /replay. Saves docs/screenshots/hj-board.png from the middle of it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startServer, launch, newPage, createGame, step, shotsDir } from './lib.mjs';

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a whole hj.french game against the beginner, by clicking only', { timeout: 240000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 1200, height: 1100 } });
  await createGame(page, server.base, { rules: 'hj.french', mode: 'computer', level: 'beginner', seat: 'A' });
  assert.match(await page.textContent('#game-title'), /hj\.french/);
  let actions = 0, shot = false;
  for (let i = 0; i < 3000; i++) {
    const r = await step(page);
    if (r === 'over') break;
    assert.notEqual(r, 'wait', 'against the computer it is always our turn when the server answers');
    if (r === 'acted') actions++;
    // Mid-game, once both sides have pieces out on the board: the H&J screenshot.
    if (!shot && actions >= 50 && (await page.locator('.pieces .piece').count()) >= 5) {
      await page.locator('.game').screenshot({ path: join(shotsDir(), 'hj-board.png') });
      shot = true;
    }
  }
  const banner = page.locator('#banner');
  await banner.waitFor({ state: 'visible' });
  const text = await banner.textContent();
  assert.match(text, /Game over\./);
  assert.match(text, /wins/);
  assert.ok(shot, 'a mid-game screenshot was taken');
  // After the game the play controls are gone and nothing on the board is clickable.
  assert.equal(await page.locator('.spot.active').count(), 0);
  assert.ok(await page.isHidden('#throw'));
  console.log(`    played ${actions} clicking actions; ${text.trim()}`);

  // Download the record and replay it: frames step with the buttons and the arrow keys.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const file = join(tmpdir(), `nefer-e2e-${Date.now()}.ngr`);
  await download.saveAs(file);
  const ngr = readFileSync(file, 'utf8');
  assert.match(ngr, /rules: hj\.french/);
  await page.goto(`${server.base}/replay`);
  await page.setInputFiles('#ngr-file', file);
  await page.waitForSelector('#frame-no');
  const total = Number((await page.textContent('#frame-no')).split('/')[1]);
  assert.ok(total > 20, `the replay has ${total} actions`);
  await page.click('#next');
  await page.click('#next');
  assert.equal((await page.textContent('#frame-no')).trim(), `2 / ${total}`);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await page.textContent('#frame-no')).trim(), `1 / ${total}`);
  await page.keyboard.press('End');
  assert.match(await page.textContent('#frame-info'), /Game over/);
  assert.deepEqual(page.errors, []);
});

test('a malformed record is refused with the server\'s words', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/replay`);
  await page.setInputFiles('#ngr-file', { name: 'bad.ngr', mimeType: 'text/plain', buffer: Buffer.from('rules: hj.french\nactions:\nA 3 L9-L12\n') });
  const err = page.locator('#error');
  await err.waitFor({ state: 'visible' });
  assert.match(await err.textContent(), /bad\.ngr could not be replayed: .+/);
});
