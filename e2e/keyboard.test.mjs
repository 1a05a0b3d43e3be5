// Keyboard play and the phone layout: a game for two on one screen, 390 px wide, played with
// Tab, Enter and Space only; nothing may stick out sideways.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, newPage, createGame, version, waitNewer } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

/** Presses Tab until the focused element matches `selector` (at most 80 times). */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('a local game on a phone, by keyboard only', { timeout: 120000 }, async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await createGame(page, server.base, { rules: 'hj.walker', mode: 'local' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  const board = await page.locator('svg.board').boundingBox();
  // As wide as the play panel under it leaves room for (issue 16: board and controls on one screen).
  assert.ok(board.width >= 250 && board.width <= 390, `board width ${board.width}`);

  let moved = 0;
  for (let i = 0; i < 200 && moved < 4; i++) {
    await page.waitForSelector('#page[data-busy="0"]');
    if ((await page.getAttribute('#page', 'data-status')) === 'over') break;
    const v = await version(page);
    if (await page.isEnabled('#throw')) {
      await tabTo(page, '#throw:not(:disabled)');
      await page.keyboard.press('Enter');
    } else if (await page.locator('.spot.movable').count()) {
      // Every legal piece is in the tab order with a label saying where it can go.
      await tabTo(page, '.spot.movable');
      const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
      assert.match(label, /moves to/);
      await page.keyboard.press('Enter');
      // Focus goes on to the first target; Space plays it (or opens its preview).
      await page.waitForFunction(() => document.activeElement && document.activeElement.matches('.spot.target'));
      await page.keyboard.press(' ');
      await page.waitForFunction((v) => Number(document.querySelector('#page').dataset.version) > v ||
        document.activeElement && document.activeElement.id === 'confirm-move', v);
      if (await page.evaluate(() => document.activeElement && document.activeElement.id === 'confirm-move')) await page.keyboard.press('Enter');
      moved++;
    } else {
      await tabTo(page, '#moves button');
      await page.keyboard.press('Enter');
    }
    await waitNewer(page, v);
  }
  assert.ok(moved >= 4, `moved ${moved} pieces by keyboard`);
  assert.deepEqual(page.errors, []);
});
