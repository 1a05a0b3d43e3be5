// The rules on the board (issue 16 item 8): every rule set's rules page has a tutorial whose
// steps are real positions from the server, each played by clicking the piece and where it
// goes (or "Show me"), after which the board shows the result and the server's words say what
// the move did. The page knows no rule: it shows what GET /api/rules/{key}/tutorial gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, newPage } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const RULES = ['senet.kendall', 'senet.school', 'hj.skiryuk', 'hj.washburne', 'hj.walker', 'hj.french'];

test('every rule set\'s rules page teaches on its board, step by step', { timeout: 240000 }, async () => {
  const keys = (await (await fetch(`${server.base}/api/rules`)).json()).map((r) => r.key);
  const page = await newPage(browser, { reducedMotion: 'reduce' });
  for (const key of keys) {
    await page.goto(`${server.base}/rules/${key}`);
    await page.waitForSelector('#tutorial[data-step="0"]');
    const want = await (await fetch(`${server.base}/api/rules/${key}/tutorial`)).json();
    const n = want.steps.length;
    assert.ok(n >= 3, `${key}: ${n} steps`);
    assert.equal(want.steps.at(-1).topic, 'end', key);
    // Every rule set has a special square or hole, shown by a move that uses it, not an entry;
    // its words say what the place does (a mark's name and meaning from the board's facts).
    const special = want.steps.find((s) => s.topic === 'special');
    assert.ok(special, `${key}: a special step`);
    assert.notEqual(special.move.kind, 'enter', `${key}: ${special.text}`);
    const board = (await (await fetch(`${server.base}/api/rules`)).json()).find((r) => r.key === key).board;
    assert.ok(board.marks.some((m) => special.text.includes(`${m.name.charAt(0).toUpperCase()}${m.name.slice(1)}: ${m.meaning}.`)), `${key}: ${special.text}`);
    const topics = [];
    for (let i = 0; i < n; i++) {
      await page.waitForSelector(`#tutorial[data-step="${i}"][data-done="0"]`);
      assert.equal(await page.textContent('#tut-count'), `Step ${i + 1} of ${n}: ${want.steps[i].title}`);
      assert.equal(await page.textContent('#tut-text'), want.steps[i].text);
      // Holes by the numbers the board shows, never by place (`L4`).
      assert.doesNotMatch(want.steps[i].text, /\b[LR]\d{1,2}\b/, `${key} step ${i + 1}`);
      const before = await page.locator('#tutorial .pieces').innerHTML();
      if (await page.locator('#tutorial .spot.movable').count()) {
        // Played as on a real board: the piece, then where it goes.
        await page.locator('#tutorial .spot.movable').first().click();
        await page.locator('#tutorial .spot.target').first().click();
      } else {
        await page.click('#tut-show');
      }
      await page.waitForSelector(`#tutorial[data-step="${i}"][data-done="1"]`);
      const said = await page.textContent('#tut-said');
      assert.ok(said.length > 3 && !/null|undefined/.test(said), `${key} step ${i + 1}: ${said}`);
      // The result line too (the move's effects in the server's words).
      assert.doesNotMatch(said, /\b[LR]\d{1,2}\b/, `${key} step ${i + 1}: the result`);
      assert.notEqual(await page.locator('#tutorial .pieces').innerHTML(), before, `${key} step ${i + 1}: the board shows the move`);
      topics.push(await page.getAttribute('#tutorial', 'data-topic'));
      if (i < n - 1) await page.click('#tut-next');
    }
    assert.deepEqual(topics, want.steps.map((s) => s.topic));
    // Back goes to the step before, as it was.
    await page.click('#tut-back');
    await page.waitForSelector(`#tutorial[data-step="${n - 2}"][data-done="0"]`);
  }
  assert.deepEqual(keys.slice().sort(), RULES.slice().sort());
  assert.deepEqual(page.errors, []);
});
