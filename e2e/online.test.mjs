// An online game between two browser sessions: the creator invites the other through the
// invite link, both play by clicking, and each sees the other's moves arrive over server-sent
// events without reloading. A spectator sees the board but no move controls. Saves
// docs/screenshots/senet-board.png mid-game.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { withServerAndBrowser, newPage, createGame, step, version, shotsDir } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

/** Waits until the page shows at least version v (it arrived by the event stream). */
async function sees(page, v) {
  await page.waitForFunction((v) => Number(document.querySelector('#page').dataset.version) >= v, v, { timeout: 15000 });
}

test('two browsers play senet.school online; a spectator watches', { timeout: 180000 }, async () => {
  const host = await newPage(browser);
  await createGame(host, server.base, { rules: 'senet.school', mode: 'online', seat: 'A' });
  const invite = await host.inputValue('#invite-link');
  const watch = await host.inputValue('#watch-link');
  assert.match(invite, /\/game\/\w+#token=/);
  assert.doesNotMatch(watch, /token=/);

  const guest = await newPage(browser); // a separate context: its own session, no shared token
  await guest.goto(invite);
  await guest.waitForSelector('#page[data-version]');
  const spectator = await newPage(browser);
  await spectator.goto(watch);
  await spectator.waitForSelector('#page[data-version]');

  // Marks that a reload would wipe out.
  for (const p of [host, guest, spectator]) await p.evaluate(() => { window.__noReload = true; });

  const moves = { host: 0, guest: 0 };
  let shot = false;
  for (let i = 0; i < 600 && (moves.host < 7 || moves.guest < 7); i++) {
    const [who, page, other] = (await host.getAttribute('#page', 'data-mine')) === '1'
      ? ['host', host, guest] : ['guest', guest, host];
    if ((await page.getAttribute('#page', 'data-mine')) !== '1') {
      // Neither page may act: the game is over, or a view is still on its way.
      if ((await host.getAttribute('#page', 'data-status')) === 'over') break;
      await host.waitForTimeout(50);
      continue;
    }
    const before = await version(page);
    const r = await step(page);
    if (r === 'over') break;
    if (r !== 'acted') continue;
    if ((await page.locator('#history li').last().textContent()).match(/\d+-\d+|-off/)) moves[who]++;
    // The other player's page and the spectator's follow without any reload.
    const now = await version(page);
    assert.ok(now > before);
    await sees(other, now);
    await sees(spectator, now);
    if (!shot && moves.host >= 6 && moves.guest >= 6) {
      // The guest's page: the same board, without the creator's long invite links.
      await guest.waitForTimeout(400); // let the last move's slide finish
      await guest.locator('.game').screenshot({ path: join(shotsDir(), 'senet-board.png') });
      shot = true;
    }
  }
  assert.ok(moves.host >= 3 && moves.guest >= 3, `both moved: ${JSON.stringify(moves)}`);
  for (const p of [host, guest, spectator]) assert.equal(await p.evaluate(() => window.__noReload), true);
  // Both players and the spectator show the same history.
  const hist = async (p) => (await p.locator('#history li').allTextContents()).join('\n');
  assert.equal(await hist(guest), await hist(host));
  assert.equal(await hist(spectator), await hist(host));
  // The spectator has a board but no enabled move controls.
  assert.ok(await spectator.locator('svg.board').isVisible());
  assert.equal(await spectator.locator('.spot.active, .spot[tabindex]').count(), 0);
  assert.ok(await spectator.isHidden('#throw'));
  assert.equal(await spectator.locator('#moves button').count(), 0);
  assert.match(await spectator.textContent('#status'), /watching|over/);
  for (const p of [host, guest, spectator]) assert.deepEqual(p.errors, []);
  console.log(`    moves: ${JSON.stringify(moves)}; previews confirmed: ${(host.previews || 0) + (guest.previews || 0)}`);
});
