// Online basics (issue 16 item 9) and the end of a game, in headless Chromium: two browser
// contexts play online — each sees the other connected, then away once its page is closed; a
// name given in one shows in the other; at the end one offers a rematch, the other accepts,
// and both land in the new game with the seats swapped and their seats kept. Against the
// computer and on one screen the end offers a rematch, the replay of the game, its review and
// a new game, each of which works. Games end soon: C-7's turn cap is set low in the lobby.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, createGame, step } from './lib.mjs';

let server, browser;
before(async () => {
  // A presence timeout of 6 s: long enough that a page's own goodbye (the close below) shows
  // well before it, on a loaded machine too.
  server = await startServer(['--presence-timeout', '6']);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const presence = (page, seat) => page.getAttribute(`#players [data-seat="${seat}"]`, 'data-presence');
const waitPresence = (page, seat, state, timeout = 10000) => page.waitForSelector(`#players [data-seat="${seat}"][data-presence="${state}"]`, { timeout });

/** Plays on both pages by clicking until the game is over. */
async function playOut(pages) {
  for (let i = 0; i < 400; i++) {
    if ((await pages[0].getAttribute('#page', 'data-status')) === 'over') {
      // The other page follows over the event stream.
      for (const p of pages) await p.waitForSelector('#page[data-status="over"]', { timeout: 15000 });
      return;
    }
    let acted = false;
    for (const p of pages) {
      if ((await p.getAttribute('#page', 'data-mine')) === '1' && (await p.getAttribute('#page', 'data-busy')) === '0') {
        await step(p);
        acted = true;
        break;
      }
    }
    if (!acted) await pages[0].waitForTimeout(50);
  }
  throw new Error('the game did not end');
}

/** The game id in a page's address. */
const idOf = (page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop());

test('online: presence, names and a rematch that swaps the seats', { timeout: 240000 }, async () => {
  const host = await newPage(browser);
  await createGame(host, server.base, { rules: 'senet.kendall', mode: 'online', seat: 'A', options: { 'senet.kendall.max_turns': 4 } });
  const first = idOf(host);
  // The host's own seat is connected (its page says so); the friend has not come yet.
  await waitPresence(host, 'A', 'connected');
  assert.equal(await presence(host, 'B'), 'away');
  assert.match(await host.textContent('#players [data-seat="B"]'), /Player B \(B\) away/);

  const guest = await newPage(browser); // a context of its own: its own storage
  await guest.goto(await host.inputValue('#invite-link'));
  await guest.waitForSelector('#page[data-version]');
  // Each sees the other connected, without reloading.
  await waitPresence(host, 'B', 'connected');
  await waitPresence(guest, 'A', 'connected');
  assert.match(await guest.textContent('#players [data-seat="B"]'), /\(B, you\)/);

  // A name: refused in words when empty, then shown to the other player, trays included.
  await guest.fill('#name-B', '   ');
  await guest.click('#save-name-B');
  await guest.waitForSelector('#error:not(.hidden)');
  assert.match(await guest.textContent('#error'), /cannot be empty/);
  await guest.fill('#name-B', 'Nefertari');
  await guest.click('#save-name-B');
  await host.waitForFunction(() => document.querySelector('#players [data-seat="B"] .player-name').textContent === 'Nefertari');
  assert.match(await host.textContent('.tray-label[data-seat="B"]'), /Nefertari/);
  assert.doesNotMatch(await host.textContent('#players'), /Player B/);

  await playOut([host, guest]);
  for (const p of [host, guest]) {
    assert.ok(await p.isVisible('#banner #rematch'));
    for (const id of ['#review-link', '#replay-game', '#new-game']) assert.ok(await p.isVisible(`#banner ${id}`), id);
  }
  // The host offers; the guest is asked; the guest accepts.
  assert.match(await host.textContent('#rematch'), /Offer a rematch/);
  await host.click('#rematch');
  // The click disables the button at once, while the offer is on its way; the label says
  // "waiting" only once the server's answer is in (CI once read it in between), so wait for
  // the label, then see that the button stays disabled.
  await host.waitForFunction(() => /waiting for Nefertari/.test(document.querySelector('#rematch').textContent));
  assert.ok(await host.isDisabled('#rematch'));
  await guest.waitForFunction(() => /Accept Player A's rematch/.test(document.querySelector('#rematch').textContent));
  await guest.click('#rematch');
  // Both go to the new game by themselves, each in the other seat.
  for (const p of [host, guest]) {
    await p.waitForURL((u) => !u.pathname.endsWith(first), { timeout: 15000 });
    await p.waitForSelector('#page[data-version]');
  }
  const second = idOf(host);
  assert.equal(idOf(guest), second);
  assert.match(await host.textContent('#players [data-seat="B"]'), /\(B, you\)/);
  assert.match(await guest.textContent('#players [data-seat="A"]'), /Nefertari \(A, you\)/);
  // Each seat is kept with the browser's games, under the new id.
  for (const p of [host, guest]) {
    const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('nefer.games')).map((g) => g.id));
    assert.ok(kept.includes(second) && kept.includes(first), JSON.stringify(kept));
  }
  await waitPresence(host, 'A', 'connected');
  // The guest's connection drops (no word from its page): away once the timeout has run out,
  // connected again when its page is heard from.
  let t = Date.now();
  await guest.context().setOffline(true);
  await waitPresence(host, 'A', 'away', 20000);
  console.log(`    away shown ${Date.now() - t} ms after the connection dropped (presence timeout 6 s)`);
  await guest.context().setOffline(false);
  await waitPresence(host, 'A', 'connected', 10000);
  // The guest leaves: its page says so, and the host sees it away at once. The tab is closed,
  // as a person closes it: its goodbye (a keepalive request) outlives the page, where closing
  // the whole browser context at once could cancel it on a loaded machine.
  t = Date.now();
  await guest.close();
  await waitPresence(host, 'A', 'away', 4000);
  console.log(`    away shown ${Date.now() - t} ms after the page closed`);
  await guest.context().close();
  for (const p of [host]) assert.deepEqual(p.errors, []);
  await host.context().close();
});

for (const mode of ['computer', 'local']) {
  test(`${mode}: the end offers a rematch, the replay, the review and a new game`, { timeout: 180000 }, async () => {
    const page = await newPage(browser);
    await createGame(page, server.base, { rules: 'hj.french', mode, level: mode === 'computer' ? 'beginner' : undefined, seat: mode === 'computer' ? 'A' : undefined, options: { 'hj.french.max_turns': 2 } });
    const first = idOf(page);
    // The computer's seat is named by its level and is always there.
    if (mode === 'computer') {
      assert.equal(await presence(page, 'B'), 'computer');
      assert.match(await page.textContent('#players [data-seat="B"]'), /Beginner \(B\) the computer/);
    }
    for (let i = 0; i < 400 && (await step(page)) !== 'over'; i++) { /* play on */ }
    await page.waitForSelector('#banner:not(.hidden)');
    // The replay of this game, at once (no download and upload).
    await page.click('#banner #replay-game');
    await page.waitForURL(/\/replay\?game=/);
    await page.waitForSelector('#frame-no');
    await page.goBack();
    await page.waitForSelector('#banner:not(.hidden) #review-link');
    assert.equal(await page.getAttribute('#banner #review-link', 'href'), `/review/${first}`);
    // A new game: the lobby, this rule set chosen.
    await page.click('#banner #new-game');
    await page.waitForSelector('#create');
    assert.equal(await page.inputValue('#rules'), 'hj.french');
    await page.goBack();
    await page.waitForSelector('#banner:not(.hidden) #rematch');
    assert.match(await page.textContent('#rematch'), /^Rematch \(seats swapped\)$/);
    await page.click('#rematch');
    await page.waitForURL((u) => !u.pathname.endsWith(first) && u.pathname.startsWith('/game/'));
    await page.waitForSelector('#page[data-version][data-busy="0"]');
    const v = await page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), idOf(page));
    assert.equal(v.options, 'hj.french.max_turns=2');
    if (mode === 'computer') {
      // The person now in seat B, the computer in A.
      assert.match(await page.textContent('#players [data-seat="B"]'), /You \(B, you\)/);
      assert.equal(v.seats.A.kind, 'computer');
    } else {
      // Both seats still this screen's, their names swapped with them.
      assert.equal(await page.textContent('#players [data-seat="A"] .player-name'), 'Player B');
      assert.equal(await page.textContent('#players [data-seat="B"] .player-name'), 'Player A');
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the rules pages number their boards', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  for (const key of ['senet.kendall', 'hj.french']) {
    await page.goto(`${server.base}/rules/${key}`);
    await page.waitForSelector('.lobby-board svg');
    const shown = await page.locator('.lobby-board .place-num').evaluateAll((ns) => ns.filter((n) => getComputedStyle(n).display !== 'none').map((n) => n.textContent));
    // Every place has its number: 30 squares, or 58 holes and the shared one.
    assert.ok(shown.includes('1') && shown.includes(key.startsWith('senet') ? '30' : '29'), `${key}: ${shown.length} numbers`);
    assert.ok(shown.length >= 30, `${key}: ${shown.length} numbers`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
