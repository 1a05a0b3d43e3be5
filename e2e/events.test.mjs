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

test('the computer\'s turn is played out step by step, at a pace a setting changes', { timeout: 300000 }, async () => {
  const page = await newPage(browser, { settings: { autoPass: false } });
  await createGame(page, server.base, { rules: 'hj.french', mode: 'computer', level: 'beginner' });
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  const token = await page.evaluate((id) => JSON.parse(localStorage.getItem('nefer.games')).find((g) => g.id === id).token, id);
  assert.equal(await page.inputValue('#set-pace'), 'normal', 'a readable pace is the default');
  // Every step shown: which action, when, what the status and the sticks said, the pieces.
  await page.evaluate(() => {
    window.steps = [];
    new MutationObserver(() => {
      const el = document.querySelector('#page');
      if (el.dataset.step === undefined) return;
      if (window.steps.length && window.steps[window.steps.length - 1].i === Number(el.dataset.step)) return;
      window.steps.push({
        i: Number(el.dataset.step), t: performance.now(), status: document.querySelector('#status').textContent,
        who: document.querySelector('#sticks-who')?.textContent ?? '',
        pieces: [...document.querySelectorAll('.pieces .piece')].map((p) => `${p.dataset.seat}@${p.dataset.place}`).sort().join(' '),
      });
    }).observe(document.querySelector('#page'), { attributes: true, attributeFilter: ['data-step'] });
  });
  let checked = 0;
  for (let i = 0; i < 60 && checked < 3; i++) {
    const before = await version(page);
    await page.evaluate(() => { window.steps = []; });
    if ((await step(page)) !== 'acted') continue;
    const v = await game(id, token);
    const theirs = v.history.filter((e) => e.i >= before && e.seat && !v.you.includes(e.seat));
    if (!theirs.length) continue;
    const steps = await page.evaluate(() => window.steps);
    // Each of the computer's actions had its own step, in order, with its words in the status;
    // a throw's sticks said whose throw they showed.
    const shown = steps.map((s) => s.i);
    for (const e of theirs) {
      const s = steps.find((x) => x.i === e.i);
      assert.ok(s, `the computer's action ${e.i} (${e.token}) was shown; steps: ${shown}`);
      assert.equal(s.status, e.text, `action ${e.i}: the status says it`);
      if (e.kind === 'throw') assert.match(s.who, new RegExp(`\\(${e.seat}\\) threw`), `action ${e.i}: whose throw`);
    }
    assert.deepEqual(shown, [...shown].sort((a, b) => a - b), 'in order');
    // At a readable pace: each step stays at least most of a second.
    for (let k = 1; k < steps.length; k++) assert.ok(steps[k].t - steps[k - 1].t >= 700, `steps ${k - 1} and ${k} ${Math.round(steps[k].t - steps[k - 1].t)} ms apart`);
    // The board ends on the view's position (places taken, each seat's).
    const want = [...new Set(['A', 'B'].flatMap((s) => v.layout[s].board.map((p) => `${s}@${p}`)))].sort();
    const drawn = await page.evaluate(() => [...new Set([...document.querySelectorAll('.pieces .piece')].map((p) => `${p.dataset.seat}@${p.dataset.place}`))].sort());
    assert.deepEqual(drawn, want, 'the board ends on the view');
    checked++;
  }
  assert.ok(checked >= 3, `${checked} computer turns watched`);
  // Skipped: the computer's turn is shown at once.
  await page.selectOption('#set-pace', 'skip');
  for (let i = 0; i < 30; i++) {
    const before = await version(page);
    await page.evaluate(() => { window.steps = []; });
    if ((await step(page)) !== 'acted') continue;
    const v = await game(id, token);
    if (!v.history.some((e) => e.i >= before && e.seat && !v.you.includes(e.seat))) continue;
    assert.deepEqual(await page.evaluate(() => window.steps), [], 'no steps when skipped');
    break;
  }
  assert.deepEqual(page.errors, []);
});
