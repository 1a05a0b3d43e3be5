// Every event in words where it happens (issue 16 item 3): after each action, the play panel
// says what the actions since the last view did, in the server's words (each history entry's
// `text`, the core's event descriptions): the player's throw and move, the computer's throws and
// moves, a lost throw's reason, an extra throw. A game against the computer played by clicking,
// for whatever the server's dice make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, newPage, createGame, version, step } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

async function game(id, token) {
  const res = await fetch(`${server.base}/api/games/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
}

test('what each action did is said in the server\'s words', { timeout: 300000 }, async () => {
  const page = await newPage(browser, { reducedMotion: 'reduce', settings: { autoPass: false, pace: 'skip' } });
  await createGame(page, server.base, { rules: 'hj.french', mode: 'computer', level: 'beginner' });
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  const token = await page.evaluate((id) => JSON.parse(localStorage.getItem('nefer.games')).find((g) => g.id === id).token, id);
  let told = 0, computer = 0;
  for (let i = 0; i < 80 && told < 30; i++) {
    const before = await version(page);
    const r = await step(page);
    if (r === 'over') break;
    if (r !== 'acted') continue;
    const now = await version(page);
    const v = await game(id, token);
    const fresh = v.history.filter((e) => e.i >= before && e.i < now);
    const said = await page.textContent('#said');
    for (const e of fresh) {
      assert.ok(said.includes(e.text), `action ${e.i} (${e.token}): "${e.text}" is said; the page says "${said}"`);
      told++;
      if (e.seat && !v.you.includes(e.seat)) computer++;
    }
  }
  assert.ok(told >= 20 && computer >= 5, `${told} actions told, ${computer} of the computer's`);
  assert.deepEqual(page.errors, []);
});
