// An accessibility check of every page (issue 16, "Done when"): axe-core (from e2e/package.json)
// runs on the lobby, a game page of each of the six rule sets at 1280×800 and on a 390×844
// phone, the rules page, the replay page and the review page, and the test fails on any
// violation axe rates `serious` or `critical`, listing each with the elements it found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { withServerAndBrowser, newPage, rng, callApi } from './lib.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const RULE_SETS = ['senet.kendall', 'senet.school', 'hj.skiryuk', 'hj.washburne', 'hj.walker', 'hj.french'];
const SIZES = [[1280, 800], [390, 844]];

const api = (method, path, opts) => callApi(server.base, method, path, opts);

/** A game against the computer, played at random (seeded) for a few actions of the player. */
async function game(rules, seed, actions = 12) {
  let v = await api('POST', '/api/games', { body: { rules, mode: 'computer', level: 'easy', seat: 'A' } });
  const g = { id: v.id, token: v.tokens.A };
  const r = rng(seed);
  for (let i = 0; i < actions && v.status.kind !== 'over'; i++) {
    v = v.status.kind === 'throw'
      ? await api('POST', `/api/games/${g.id}/throw`, { token: g.token, body: {} })
      : await api('POST', `/api/games/${g.id}/move`, { token: g.token, body: { move: v.legal[Math.floor(r() * v.legal.length)].move } });
  }
  return g;
}

/** Runs axe on the page as it is; the serious and critical violations, in words. */
async function serious(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('; ')}`);
  });
  return found;
}

// The page's Content-Security-Policy allows its own scripts only: axe is let in by bypassCSP.
async function check(what, url, ready, opts = {}) {
  const [width, height] = opts.size || [1280, 800];
  const page = await newPage(browser, { viewport: { width, height }, reducedMotion: 'reduce', bypassCSP: true, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  await page.goto(`${server.base}${url}`);
  await page.waitForSelector(ready, { timeout: 60000 });
  if (opts.then) await opts.then(page);
  const found = await serious(page);
  assert.deepEqual(page.errors, [], what);
  await page.context().close();
  return found.map((f) => `${what}: ${f}`);
}

test('axe finds no serious or critical violation on any page', { timeout: 600000 }, async () => {
  const problems = [];
  problems.push(...await check('lobby', '/', '#create', {
    then: (page) => page.click('#options > details > summary'),
  }));
  problems.push(...await check('rules page', '/rules/senet.kendall', '.rules-text'));
  problems.push(...await check('rules list', '/rules', 'h1'));
  let k = 0;
  for (const rules of RULE_SETS) {
    const g = await game(rules, 7 + k++);
    for (const size of SIZES) {
      problems.push(...await check(`${rules} game ${size.join('×')}`, `/game/${g.id}#token=${g.token}`, '#page[data-version][data-busy="0"]', { size }));
    }
  }
  const g = await game('hj.french', 3, 20);
  problems.push(...await check('replay page', `/replay?game=${g.id}`, '#tokens span'));
  problems.push(...await check('review page', `/review/${g.id}`, '#page[data-state="ready"]'));
  assert.deepEqual(problems, []);
});
