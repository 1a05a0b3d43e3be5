// A full game against the computer, played only by clicking; then the record it downloads is
// replayed step by step on /replay. Saves docs/screenshots/hj-board.png from the middle of it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { withServerAndBrowser, newPage, createGame, step, version, shotsDir } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

test('a whole hj.french game against the beginner, by clicking only', { timeout: 240000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 1200, height: 1100 } });
  await createGame(page, server.base, { rules: 'hj.french', mode: 'computer', level: 'beginner', seat: 'A' });
  assert.match(await page.textContent('#game-title'), /Chien et Chacal/);
  let actions = 0, shot = false, hint = null, undone = false;
  for (let i = 0; i < 3000; i++) {
    // Once, at a real choice: ask for a hint; it names a legal move and points at it.
    if (!hint && (await page.getAttribute('#page', 'data-status')) === 'decide' && (await page.locator('#moves button').count()) > 1) {
      const legal = await page.locator('#moves button').evaluateAll((bs) => bs.map((b) => b.dataset.move));
      await page.click('#hint');
      await page.waitForFunction(() => /^Hint: \S+/.test(document.querySelector('#hint-text').textContent));
      hint = await page.getAttribute('#hint-text', 'data-move');
      assert.ok(legal.includes(hint), `${hint} is one of ${legal}`);
      assert.ok((await page.locator('.spot.hint').count()) >= 1, 'the hinted move is marked on the board');
    }
    const r = await step(page);
    if (r === 'over') break;
    assert.notEqual(r, 'wait', 'against the computer it is always our turn when the server answers');
    if (r === 'acted') actions++;
    // Once, after a real choice: undo goes back to that decision, with the same throw.
    if (!undone && r === 'acted' && (await page.isEnabled('#undo'))) {
      const v = await version(page);
      await page.click('#undo');
      await page.waitForFunction((v) => Number(document.querySelector('#page').dataset.version) < v &&
        document.querySelector('#page').dataset.busy === '0', v);
      assert.equal(await page.getAttribute('#page', 'data-status'), 'decide');
      assert.match(await page.textContent('#status'), /threw \d/);
      undone = true;
    }
    // Mid-game, once both sides have pieces out on the board: the H&J screenshot. The sticks
    // are not seeded, and some games never have seven pieces out at once: past 60 actions,
    // four will do (a run failed for want of the seventh).
    const out = !shot && actions >= 40 ? await page.locator('.pieces .piece').count() : 0;
    if (!shot && (out >= 7 || (actions >= 60 && out >= 4))) {
      await page.waitForTimeout(400); // let the last move's slide finish
      await page.locator('.game').screenshot({ path: join(shotsDir(), 'hj-board.png') });
      shot = true;
    }
  }
  const banner = page.locator('#banner');
  await banner.waitFor({ state: 'visible' });
  const text = await banner.textContent();
  assert.match(text, /Game over\./);
  assert.match(text, /wins|draw/);
  assert.ok(shot, 'a mid-game screenshot was taken');
  assert.ok(hint, 'a hint was asked for');
  assert.ok(undone, 'a move was undone');
  // After the game the play controls are gone and nothing on the board is clickable.
  assert.equal(await page.locator('.spot.active').count(), 0);
  assert.ok(await page.isHidden('#throw'));
  console.log(`    played ${actions} clicking actions (${page.previews || 0} previewed line jumps confirmed); ${hint}; ${text.trim()}`);

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

test('a bad rule option is refused with the server\'s words, and nothing is created', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#rules', 'hj.french');
  await page.click('#options summary');
  await page.fill('[data-option="hj.french.max_turns"]', 'soon');
  await page.click('#create');
  const err = page.locator('#error');
  await err.waitFor({ state: 'visible' });
  assert.match(await err.textContent(), /The game could not be created: .*max_turns/);
  assert.equal(new URL(page.url()).pathname, '/');
  assert.ok(await page.isEnabled('#create'), 'the form can be sent again');
});
