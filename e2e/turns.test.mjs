// Clicks with no choice (issue 16 item 5): a lost throw says why and then passes by itself (a
// setting, on unless changed); the only possible move is played by one key (Enter, its button
// has the focus) or, with the setting, by itself after being shown. Local hj.french games played
// by clicking, for whatever the server's dice make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, newPage, createGame, version, waitNewer, step } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const QUIET = { reducedMotion: 'reduce' };

/** The page's legal moves, as its buttons name them. */
const buttons = (page) => page.locator('#moves button').evaluateAll((bs) => bs.map((b) => b.dataset.move));

/**
 * Plays by clicking until `stop(buttons)` holds right after a throw (at most 400 actions);
 * whether it came up. Passes and other moves are clicked as they come.
 */
async function playUntil(page, stop) {
  for (let i = 0; i < 400; i++) {
    await page.waitForSelector('#page[data-busy="0"]');
    if ((await page.getAttribute('#page', 'data-status')) === 'over') return false;
    if (await page.isEnabled('#throw')) {
      const v = await version(page);
      await page.click('#throw');
      await waitNewer(page, v);
      if ((await page.getAttribute('#page', 'data-status')) === 'decide' && stop(await buttons(page))) return true;
      continue;
    }
    await step(page);
  }
  return false;
}

test('a lost throw says why, then passes by itself', { timeout: 300000 }, async () => {
  // The player's defaults: passes go on by themselves.
  const page = await newPage(browser, { ...QUIET, settings: {} });
  await createGame(page, server.base, { rules: 'hj.french', mode: 'local' });
  assert.equal(await page.isChecked('#set-autoPass'), true, 'passing by itself is the default');
  for (let passes = 0; passes < 2;) {
    assert.ok(await playUntil(page, (b) => b.length === 1 && b[0] === 'pass'), 'a lost throw came up');
    const v = await version(page);
    const shown = Date.now();
    const status = await page.textContent('#status');
    assert.match(status, /threw \d: .+\. Pass \(it passes by itself\)\./, status);
    // Nothing is clicked: the pass goes on by itself once its reason has been shown.
    await waitNewer(page, v, 6000);
    // The page waits a second; this clock starts late by the round trips since the page showed
    // it (hundreds of ms on a busy machine), so half of it is what the test can be sure of.
    assert.ok(Date.now() - shown >= 500, `the pass waited ${Date.now() - shown} ms`);
    assert.match(await page.locator('#history li').last().textContent(), /pass$/);
    passes++;
  }
  // Off: the pass waits for its button.
  await page.uncheck('#set-autoPass');
  assert.ok(await playUntil(page, (b) => b.length === 1 && b[0] === 'pass'), 'a lost throw came up');
  const v = await version(page);
  await page.waitForTimeout(2500);
  assert.equal(await version(page), v, 'the pass waits for its button');
  assert.doesNotMatch(await page.textContent('#status'), /by itself/);
  await page.click('#moves button[data-move="pass"]');
  await waitNewer(page, v);
  assert.deepEqual(page.errors, []);
});

test('the only possible move: one key plays it, or with the setting it plays itself', { timeout: 300000 }, async () => {
  const page = await newPage(browser, QUIET);
  await createGame(page, server.base, { rules: 'hj.french', mode: 'local' });
  const forced = (b) => b.length === 1 && b[0] !== 'pass';
  assert.ok(await playUntil(page, forced), 'a throw with one possible move came up');
  const move = (await buttons(page))[0];
  assert.match(await page.textContent('#status'), /one move is possible, .+; Enter plays it\./);
  // Its button has the focus: Enter plays it (and a move the server says does more than move
  // its piece is previewed first, whose "Play" has the focus in turn).
  assert.equal(await page.evaluate(() => document.activeElement.dataset.move), move);
  let v = await version(page);
  await page.keyboard.press('Enter');
  await page.waitForFunction((v) => Number(document.querySelector('#page').dataset.version) > v ||
    document.activeElement && document.activeElement.id === 'confirm-move', v);
  if (await page.evaluate(() => document.activeElement.id === 'confirm-move')) await page.keyboard.press('Enter');
  await waitNewer(page, v);

  // With the setting, the next one plays itself after being shown.
  await page.check('#set-autoForced');
  assert.ok(await playUntil(page, forced), 'another throw with one possible move came up');
  assert.match(await page.textContent('#status'), /one move is possible, .+; it is played by itself\./);
  v = await version(page);
  const shown = Date.now();
  await waitNewer(page, v, 6000);
  // As the pass above: the page's second, less the round trips since it showed the move.
  assert.ok(Date.now() - shown >= 500, `the move waited ${Date.now() - shown} ms`);
  // The setting is kept in this browser: a reload keeps it.
  await page.reload();
  await page.waitForSelector('#page[data-version][data-busy="0"]');
  assert.equal(await page.isChecked('#set-autoForced'), true);
  assert.deepEqual(page.errors, []);
});
