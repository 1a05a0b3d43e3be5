// Learning from a game (issue 17) and finding your games again (issue 16 item 2), checked
// against the API: the ranked hint lists what GET /api/games/{id}/hint ranks and previews each
// move; seats are kept in localStorage (a new tab, a restarted browser) and the lobby lists your
// games with a Review link for finished ones; the review page shows the graph, the marks, the
// luck and the seats of GET /api/games/{id}/review (and of POST /api/review for a record), for
// whatever game the unseeded dice make; the tutor warns before a planted blunder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { withServerAndBrowser, newPage, createGame, rng, version, waitNewer, shotsDir, startServer } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const pick = (r, list) => list[Math.floor(r() * list.length)];

async function api(method, path, { token, body, text, base = server.base } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = text ? 'text/plain' : 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : text ? body : JSON.stringify(body) });
  const raw = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${raw}`);
  return text && method === 'GET' ? raw : JSON.parse(raw);
}

/**
 * A local game through the API (of the server at `base`): created, then played at random
 * (seeded) for at most `actions`.
 */
async function localGame(rules, seed, actions, extra = {}, base = server.base) {
  let v = await api('POST', '/api/games', { body: { rules, mode: 'local', ...extra }, base });
  const id = v.id, token = v.tokens.A;
  const r = rng(seed);
  for (let i = 0; i < actions && v.status.kind !== 'over'; i++) {
    v = v.status.kind === 'throw'
      ? await api('POST', `/api/games/${id}/throw`, { token, body: {}, base })
      : await api('POST', `/api/games/${id}/move`, { token, body: { move: pick(r, v.legal).move }, base });
  }
  return { id, token, view: v };
}

/** Plays on (at random) until a decision between two board moves or more is due. */
async function toAChoice(g, seed) {
  const r = rng(seed);
  let v = g.view;
  for (let i = 0; i < 2000; i++) {
    if (v.status.kind === 'over') break;
    const board = (v.legal || []).filter((m) => m.from && m.to && m.after);
    if (v.status.kind === 'decide' && board.length >= 2) return v;
    v = v.status.kind === 'throw'
      ? await api('POST', `/api/games/${g.id}/throw`, { token: g.token, body: {} })
      : await api('POST', `/api/games/${g.id}/move`, { token: g.token, body: { move: pick(r, v.legal).move } });
  }
  throw new Error('no choice of two board moves came up');
}

test('the hint ranks every legal move as the server does, and previews each on the board', { timeout: 120000 }, async () => {
  // Dice are the server's: play on until a choice between board moves, whatever falls.
  let g, v;
  for (let seed = 1; !v; seed++) {
    g = await localGame('senet.kendall', seed, 12);
    try { v = await toAChoice(g, seed); } catch { /* an unlucky game: another */ }
  }
  const page = await newPage(browser);
  await page.goto(`${server.base}/game/${g.id}#token=${g.token}`);
  await page.waitForSelector('#page[data-version][data-busy="0"]');
  await page.click('#hint');
  await page.waitForSelector('#hint-list:not(.hidden) .hint-move');
  const want = await api('GET', `/api/games/${g.id}/hint`);
  const shown = await page.locator('#hint-list .hint-move').evaluateAll((bs) => bs.map((b) => ({ move: b.dataset.move, loss: b.dataset.loss, mark: b.dataset.mark, chance: b.dataset.winChance })));
  assert.deepEqual(shown, want.moves.map((m) => ({ move: m.move, loss: String(m.loss), mark: m.mark, chance: String(m.win_chance) })));
  assert.equal(shown.length, v.legal.length, 'every legal move is ranked');
  assert.equal(shown[0].move, want.move, 'the best first');
  // Pointing at an entry previews its result; leaving it restores the board.
  const last = page.locator('#hint-list .hint-move').last();
  await last.hover();
  await page.waitForSelector('.pieces .arrive');
  await shot(page, 'hint-ranked.png');
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.querySelectorAll('.pieces .arrive').length === 0);
  // Focus previews too (keyboard players).
  await page.locator('#hint-list .hint-move').first().focus();
  await page.waitForSelector('.pieces .arrive');
  // Choosing it previews it with a confirmation; playing it plays that move.
  const chosen = shown[shown.length - 1].move;
  await last.click();
  await page.waitForSelector('#confirm-move');
  assert.equal(await page.getAttribute('#confirm-move', 'data-move'), chosen);
  const before = await version(page);
  await page.click('#confirm-move');
  await waitNewer(page, before);
  const after = await api('GET', `/api/games/${g.id}/history?from=${before}`);
  assert.equal(after.history[0].token, chosen);
  // A game in progress is reviewed as far as it has gone ("Review so far").
  await page.click('#review-now');
  await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
  const sofar = await api('GET', `/api/games/${g.id}/review`);
  assert.equal(sofar.result, null);
  assert.equal(await page.locator('#wc-graph circle.pt').count(), sofar.plies + 1);
  assert.match(await page.textContent('#page h1 + p'), /the game goes on/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('your seat survives a new tab and a restarted browser; the lobby lists your games', { timeout: 180000 }, async () => {
  const page = await newPage(browser);
  await createGame(page, server.base, { rules: 'hj.french', mode: 'computer', level: 'beginner', seat: 'A' });
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  // A new tab of the same browser: the seat is there (sessionStorage would have lost it).
  const tab = await page.context().newPage();
  await tab.goto(`${server.base}/game/${id}`);
  await tab.waitForSelector('#page[data-version][data-busy="0"]');
  assert.doesNotMatch(await tab.textContent('#status'), /watching/);
  assert.ok(await tab.isVisible('#throw'), 'the seat can throw');
  // A restarted browser: a new context from the storage the old one left on disk.
  const state = await page.context().storageState();
  await page.context().close();
  const ctx = await browser.newContext({ storageState: state, viewport: { width: 1200, height: 1000 } });
  const again = await ctx.newPage();
  await again.goto(`${server.base}/game/${id}`);
  await again.waitForSelector('#page[data-version][data-busy="0"]');
  assert.doesNotMatch(await again.textContent('#status'), /watching/);
  // A finished game opened from its link joins your games too.
  const done = await localGame('hj.french', 7, 5000);
  assert.equal(done.view.status.kind, 'over');
  await again.goto(`${server.base}/game/${done.id}#token=${done.token}`);
  await again.waitForSelector('#banner:not(.hidden) #review-link');
  // The lobby: in progress and finished, each with a link that restores the seat.
  await again.goto(`${server.base}/`);
  await again.waitForSelector('#your-games[data-ready="1"]');
  await again.waitForSelector(`#games-going li[data-game="${id}"] a.game-link`);
  await again.waitForSelector(`#games-done li[data-game="${done.id}"] a.review-link`);
  assert.equal(await again.locator(`#games-going li[data-game="${id}"] a.review-link`).count(), 0, 'no review link for a game in progress');
  assert.equal(await again.getAttribute(`#games-done li[data-game="${done.id}"] a.review-link`, 'href'), `/review/${done.id}`);
  assert.doesNotMatch(await again.textContent('#your-games'), /\bnull\b|undefined/);
  assert.match(await again.textContent(`#games-done li[data-game="${done.id}"]`), /won|draw/);
  await shot(again, 'lobby-your-games.png');
  await again.click(`#games-going li[data-game="${id}"] a.game-link`);
  await again.waitForSelector('#page[data-version][data-busy="0"]');
  assert.ok(await again.isVisible('#throw'), 'the lobby link restores the seat');
  // Forgetting a game: gone from the lobby, and its page is a spectator's.
  await again.goto(`${server.base}/`);
  await again.waitForSelector('#your-games[data-ready="1"]');
  await again.click(`li[data-game="${id}"] [data-forget]`);
  assert.equal(await again.locator(`li[data-game="${id}"]`).count(), 0);
  await again.reload();
  await again.waitForSelector('#your-games[data-ready="1"]');
  assert.equal(await again.locator(`li[data-game="${id}"]`).count(), 0);
  await again.goto(`${server.base}/game/${id}`);
  await again.waitForSelector('#page[data-version]');
  assert.match(await again.textContent('#status'), /watching/);
  assert.deepEqual(again.errors || [], []);
  await ctx.close();
});

/** Checks the review page on `page` against the review `want` (the API's). */
async function checkReview(page, want) {
  const n = want.plies;
  // The graph: a point per action and the start, each at seat A's win chance.
  const points = await page.locator('#wc-graph circle.pt').evaluateAll((cs) => cs.map((c) => [Number(c.dataset.i), c.dataset.a]));
  assert.equal(points.length, n + 1, 'a point per action');
  assert.deepEqual(points, want.graph.map((a, i) => [i, String(a)]));
  const lines = await page.locator('#wc-graph polyline').evaluateAll((ls) => ls.map((l) => l.getAttribute('points').trim().split(/\s+/).length));
  assert.deepEqual(lines, [n + 1, n + 1], 'both seats\' lines, every action');
  // Every decision with its mark, every throw with its luck.
  const decisions = await page.locator('#review-actions li[data-kind="decision"]').evaluateAll((ls) => ls.map((l) => [Number(l.dataset.ply), l.dataset.mark]));
  assert.deepEqual(decisions, want.decisions.map((d) => [d.ply, d.mark]));
  const throws = await page.locator('#review-actions li[data-kind="throw"]').evaluateAll((ls) => ls.map((l) => [Number(l.dataset.ply), l.dataset.luck]));
  assert.deepEqual(throws, want.throws.map((t) => [t.ply, String(t.luck)]));
  // Mistakes and blunders are marked on the graph.
  const errs = await page.locator('#wc-graph .err-mark').evaluateAll((ms) => ms.map((m) => Number(m.dataset.ply)));
  assert.deepEqual(errs, want.decisions.filter((d) => d.mark === 'mistake' || d.mark === 'blunder').map((d) => d.ply));
  // The seats.
  for (const seat of ['A', 'B']) {
    const s = want.seats[seat];
    const cell = (f) => page.textContent(`#review-seats tr[data-seat="${seat}"] td[data-field="${f}"]`);
    assert.equal(await cell('accuracy'), s.accuracy === null ? '–' : `${s.accuracy.toFixed(1)} %`);
    assert.equal(await cell('mistakes'), String(s.mistakes));
    assert.equal(await cell('blunders'), String(s.blunders));
    assert.equal(await cell('luck'), Math.abs(s.luck) < 0.0005 ? '±0.0' : `${s.luck >= 0 ? '+' : '−'}${Math.abs(s.luck * 100).toFixed(1)}`);
    assert.equal(await cell('luck_adjusted_result'), s.luck_adjusted_result === null ? '–' : s.luck_adjusted_result.toFixed(2));
  }
  // The key moments.
  const moments = await page.locator('#key-moments li').evaluateAll((ls) => ls.map((l) => Number(l.dataset.ply)));
  assert.deepEqual(moments, want.key_moments.map((k) => k.ply));
  // A point of the graph goes to that moment on the board.
  const k = Math.floor(n / 2);
  await page.click(`#wc-graph circle.pt[data-i="${k}"]`, { force: true });
  assert.equal(await page.textContent('#review-frame'), `${k} / ${n}`);
  // A decision that was not the best: the better move on the board beside the one played.
  const wrong = want.decisions.find((d) => !d.forced && d.best !== d.played && d.best.includes('-') && d.played.includes('-'));
  if (wrong) {
    await page.click(`#review-actions li[data-ply="${wrong.ply}"] button`);
    assert.equal(await page.textContent('#review-frame'), `${wrong.ply} / ${n}`);
    assert.equal(await page.getAttribute('#decision-line', 'data-mark'), wrong.mark);
    const [from, to] = wrong.best.split('-');
    assert.equal(await page.locator(`.move-arrow.better-move[data-from="${from}"][data-to="${to}"]`).count(), 1, 'the better move is drawn');
    assert.equal(await page.locator('.move-arrow.played-move').count(), 1, 'beside the move played');
    // On asking, the board shows where the pieces would stand after the better move.
    await page.click('#show-better');
    await page.waitForSelector(`#review-area[data-better="${wrong.ply}"], #page[data-better="${wrong.ply}"]`);
    assert.ok(await page.locator('.pieces .arrive, .overlay .leave').count() > 0, 'the better move\'s result is previewed');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('.pieces .arrive').count(), 0, 'stepping on leaves the preview');
    await page.keyboard.press('ArrowLeft');
  }
  // The keys step through it.
  await page.keyboard.press('End');
  assert.equal(await page.textContent('#review-frame'), `${n} / ${n}`);
  return wrong;
}

test('a finished game\'s review page shows the graph, the marks and the luck of the API', { timeout: 300000 }, async () => {
  // Any game the dice make: long ones cross the replay's 1,000-frame page, which the page reads on.
  const g = await localGame('hj.french', 11, 5000);
  assert.equal(g.view.status.kind, 'over');
  const page = await newPage(browser, { viewport: { width: 1280, height: 1000 } });
  await page.goto(`${server.base}/game/${g.id}#token=${g.token}`);
  await page.waitForSelector('#banner:not(.hidden) #review-link');
  const t0 = Date.now();
  await page.click('#banner #review-link');
  await page.waitForURL(/\/review\//);
  await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
  const took = Date.now() - t0;
  const want = await api('GET', `/api/games/${g.id}/review`);
  assert.equal(want.result, g.view.status.result);
  const wrong = await checkReview(page, want);
  if (wrong) await page.click(`#review-actions li[data-ply="${wrong.ply}"] button`);
  // The graph at the top, the board with the better move under it.
  await page.evaluate(() => document.querySelector('#wc-graph').closest('section').scrollIntoView());
  await shot(page, 'review.png');
  console.log(`review of ${want.plies} actions shown in ${took} ms`);
  // From the replay page: the game's own review.
  await page.goto(`${server.base}/replay?game=${g.id}`);
  await page.waitForSelector('#frame-no');
  assert.equal(await page.getAttribute('#review-link', 'href'), `/review/${g.id}`);
  // An uploaded record, reviewed through POST /api/review from the replay page.
  const record = await api('GET', `/api/games/${g.id}/record`, { text: true });
  const byRecord = await api('POST', '/api/review', { body: record, text: true });
  assert.deepEqual(byRecord, want, 'a record is reviewed as its game');
  const file = join(mkdtempSync(join(tmpdir(), 'nefer-review-')), 'game.ngr');
  writeFileSync(file, record);
  await page.goto(`${server.base}/replay`);
  await page.setInputFiles('#ngr-file', file);
  await page.waitForSelector('#review-link');
  await page.click('#review-link');
  await page.waitForURL(/\/review#record$/);
  await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
  await checkReview(page, want);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every rule set\'s finished game is reviewed on the page as the API reviews it', { timeout: 300000 }, async () => {
  const rules = (await api('GET', '/api/rules')).map((r) => r.key);
  const page = await newPage(browser, { viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' });
  for (const [k, key] of rules.entries()) {
    const g = await localGame(key, 100 + k, 5000);
    assert.equal(g.view.status.kind, 'over', `${key}: the game ended`);
    const t0 = Date.now();
    await page.goto(`${server.base}/review/${g.id}`);
    await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
    const took = Date.now() - t0;
    const want = await api('GET', `/api/games/${g.id}/review`);
    await checkReview(page, want);
    console.log(`${key}: review page of ${want.plies} actions ready in ${took} ms`);
  }
  // On a phone the graph and the board fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `nothing sticks out sideways (${wide} px)`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'review-phone.png');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the review page shows its progress and draws the graph point by point, then the API\'s whole review', { timeout: 180000 }, async () => {
  // A server whose reviews take at least 10 ms a position (a flag for tests only): the
  // progress lasts seconds on any machine, so the page is seen mid-way without a race.
  const slow = await startServer(['--review-pace-ms', '10']);
  const page = await newPage(browser, { viewport: { width: 1280, height: 1000 } });
  try {
    const g = await localGame('senet.kendall', 21, 300, {}, slow.base);
    await page.goto(`${slow.base}/review/${g.id}`);
    // Mid-way: the bar and the percentage say how far it is, and the graph has a point for
    // every position analysed so far, in order.
    const mid = await (await page.waitForFunction(() => {
      const box = document.querySelector('#review-progress');
      if (!box || !box.dataset.done) return null;
      const done = Number(box.dataset.done), total = Number(box.dataset.total);
      const pts = [...document.querySelectorAll('#wc-graph-live circle.pt')].map((c) => [Number(c.dataset.i), c.dataset.a]);
      if (!(done > 1 && done < total && pts.length === done)) return null;
      const lines = [...document.querySelectorAll('#wc-graph-live polyline')].map((l) => l.getAttribute('points').trim().split(/\s+/).length);
      return { done, total, pts, lines, pct: document.querySelector('#review-pct').textContent, bar: document.querySelector('#review-bar').value, state: document.querySelector('#page').dataset.state };
    }, null, { timeout: 60000, polling: 50 })).jsonValue();
    assert.equal(mid.state, 'loading');
    assert.equal(mid.bar, mid.done);
    assert.equal(mid.pct, `${Math.floor((100 * mid.done) / mid.total)} %`);
    assert.deepEqual(mid.lines, [mid.done, mid.done], 'both seats\' lines as far as the points');
    await shot(page, 'review-progress.png');
    // The end: the whole page, as the API reviews the game; the graph mid-way was its start.
    await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
    assert.equal(await page.locator('#wc-graph-live').count(), 0, 'the progress gave way to the page');
    const want = await api('GET', `/api/games/${g.id}/review`, { base: slow.base });
    assert.equal(mid.total, want.plies + 1);
    assert.deepEqual(mid.pts, want.graph.slice(0, mid.done).map((a, i) => [i, String(a)]));
    await checkReview(page, want);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
    await slow.stop();
  }
});

test('a review the server stops for taking too long three decisions deep is asked again two deep, and the page says so', { timeout: 180000 }, async () => {
  const g = await localGame('senet.kendall', 23, 200);
  const page = await newPage(browser, { viewport: { width: 1280, height: 1000 } });
  // The server's answer to a review past its 20 s, for the default depth's request only.
  const asked = [];
  await page.route('**/review/stream*', (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    if (url.searchParams.has('depth')) return route.continue();
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'the review took too long: ask for less depth', code: 'review_too_slow' }) });
  });
  await page.goto(`${server.base}/review/${g.id}`);
  await page.waitForSelector('#page[data-state="ready"]', { timeout: 60000 });
  assert.deepEqual(asked, ['', '?depth=2'], 'the default first, then two decisions deep');
  assert.match(await page.textContent('#review-shallower'), /two decisions deep/);
  assert.match(await page.textContent('.review-how'), /Valued 2 decisions deep/);
  await checkReview(page, await api('GET', `/api/games/${g.id}/review?depth=2`));
  // Any other failure is shown as it is, without a second try.
  const other = await newPage(browser, { viewport: { width: 1280, height: 1000 } });
  let tries = 0;
  await other.route('**/review/stream*', (route) => {
    tries += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '3' }, body: JSON.stringify({ error: 'the server\'s computer players are all busy; try again in 3 s', code: 'busy' }) });
  });
  await other.goto(`${server.base}/review/${g.id}`);
  await other.waitForSelector('#page[data-state="failed"]', { state: 'attached', timeout: 60000 });
  assert.equal(tries, 1);
  // The browser logs each 503 it was given; nothing else may go wrong.
  assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await page.context().close();
  await other.context().close();
});

test('the tutor warns before a planted blunder, shows the better move and lets the player choose again', { timeout: 120000 }, async () => {
  // The lobby offers the tutor for hot-seat games and games against the computer.
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#create');
  await page.check('input[name=mode][value=online]');
  assert.ok(!(await page.isVisible('#tutor')), 'no tutor online');
  await page.check('input[name=mode][value=local]');
  await page.check('#tutor');
  await page.click('#create');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('#tutor-on');
  assert.doesNotMatch(await page.textContent('#page > h1 + *'), /\bnull\b/);
  // Senet after Kendall, A to play a 1 with pieces on 20 and 26: 26-27 falls into the House of
  // Waters, a known blunder; 20-21 is the best move.
  const position = 'senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1';
  const g = await api('POST', '/api/games', { body: { rules: 'senet.kendall', mode: 'local', position } });
  const hint = await api('GET', `/api/games/${g.id}/hint`);
  const blunder = hint.moves.find((m) => m.mark === 'blunder' || m.mark === 'mistake');
  assert.ok(blunder, `a planted mistake: ${JSON.stringify(hint.moves)}`);
  assert.equal(blunder.move, '26-27');
  // The game as the lobby keeps it, tutor on (a position game is made through the API).
  await page.evaluate(([id, token]) => {
    const list = JSON.parse(localStorage.getItem('nefer.games') || '[]');
    list.unshift({ id, token, rules: 'senet.kendall', mode: 'local', tutor: true });
    localStorage.setItem('nefer.games', JSON.stringify(list));
  }, [g.id, g.tokens.A]);
  await page.goto(`${server.base}/game/${g.id}`);
  await page.waitForSelector('#page[data-version][data-busy="0"]');
  const v0 = await version(page);
  const play = async (move) => {
    await page.click(`#moves button[data-move="${move}"]`);
    if (await page.isVisible('#confirm-move')) await page.click('#confirm-move');
  };
  await play(blunder.move);
  await page.waitForSelector('#tutor:not(.hidden)');
  assert.equal(await page.getAttribute('#tutor', 'data-move'), blunder.move);
  assert.equal(await page.getAttribute('#tutor', 'data-better'), hint.moves[0].move);
  assert.match(await page.textContent('#tutor'), new RegExp(`${blunder.mark}.*${(blunder.loss * 100).toFixed(1)} points`));
  assert.ok(await page.locator('.pieces .arrive').count() > 0, 'the better move is shown on the board');
  await shot(page, 'tutor.png');
  // Take it back: nothing was played, the choice is open again.
  await page.click('#tutor-back');
  assert.ok(!(await page.isVisible('#tutor')));
  assert.equal(await version(page), v0);
  assert.equal(await page.locator('.pieces .arrive').count(), 0);
  // Again, and play on anyway: the blunder is played.
  await play(blunder.move);
  await page.waitForSelector('#tutor:not(.hidden)');
  await page.click('#tutor-play');
  await waitNewer(page, v0);
  const h = await api('GET', `/api/games/${g.id}/history?from=${v0}`);
  assert.equal(h.history[0].token, blunder.move);
  // The best move passes without a word.
  const g2 = await api('POST', '/api/games', { body: { rules: 'senet.kendall', mode: 'local', position } });
  await page.evaluate(([id, token]) => {
    const list = JSON.parse(localStorage.getItem('nefer.games') || '[]');
    list.unshift({ id, token, rules: 'senet.kendall', mode: 'local', tutor: true });
    localStorage.setItem('nefer.games', JSON.stringify(list));
  }, [g2.id, g2.tokens.A]);
  await page.goto(`${server.base}/game/${g2.id}`);
  await page.waitForSelector('#page[data-version][data-busy="0"]');
  const v1 = await version(page);
  await play(hint.moves[0].move);
  await waitNewer(page, v1);
  assert.ok(!(await page.isVisible('#tutor')));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** A screenshot into the shots directory (docs/screenshots with NEFER_SHOTS). */
async function shot(page, name) {
  await page.screenshot({ path: join(shotsDir(), name), fullPage: false });
}
