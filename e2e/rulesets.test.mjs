// The rule sets whose boards do more than a plain race, each played as a game for two on one
// screen, created in the lobby and played by clicking only: hj.skiryuk (the shared hole S,
// captures kept as trophies, S-hand), hj.washburne and hj.walker's circuit variation (round the
// other side, knock-offs, re-entry from hand) and senet.kendall (the House of Waters, whose
// choice comes before any throw). Moves are chosen pseudo-randomly with a fixed seed, and after
// every action the page must draw what the server says: the pieces on the board per seat
// (stacks counted by their badges), the trays (hand, off, trophies) and no error. Positions
// that clicking reaches only by luck are played through the API and then opened in the page:
// a water choice, both seats stacked in S, and each rule set's finished game with its replay.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { withServerAndBrowser, rng, newPage, createGame, version, waitNewer, shotsDir } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});


const pick = (r, list) => list[Math.floor(r() * list.length)];

async function apiGame(id, token) {
  const res = await fetch(`${server.base}/api/games/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  assert.equal(res.status, 200);
  return res.json();
}

async function apiPost(id, token, what, body = {}) {
  const res = await fetch(`${server.base}/api/games/${id}/${what}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const v = await res.json();
  assert.equal(res.status, 200, `${what} ${JSON.stringify(body)}: ${JSON.stringify(v)}`);
  return v;
}

const gameId = (page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop());

// How long a test that plays a game may take: the games run side by side, about 50 s on two
// cores of their own, but three times that where the machine is shared with builds.
const PLAYED = 300000;

// No sliding pieces: nine boards redraw side by side on a small machine, and the slide is
// computer.test.mjs's to see.
const QUIET = { reducedMotion: 'reduce' };

/**
 * A real mouse click on the element, without Playwright's waiting for it to be stable and
 * enabled: this file makes about 600 clicks, and the state that makes each one meaningful
 * (the button live, the spot a movable piece or a target) is checked before it anyway.
 */
async function click(page, selector) {
  await page.click(selector, { force: true });
}

/** The spot of a move end on the page: a board place, or the seat's tray cell. */
const spotOf = (place, seat) => (place === 'hand' || place === 'off' ? `${place}:${seat}` : place);

/**
 * What the board draws: per seat, the pieces on the board by place (a stack's count is its
 * badge's; up to three pieces are drawn), the tray counts and the captured count in the label.
 */
function drawn(page) {
  return page.evaluate(() => {
    const out = {};
    for (const seat of ['A', 'B']) {
      const places = {};
      for (const p of document.querySelectorAll(`.pieces .piece[data-seat="${seat}"]`)) {
        places[p.dataset.place] = (places[p.dataset.place] || 0) + 1;
      }
      for (const b of document.querySelectorAll(`.pieces .badge[data-seat="${seat}"]`)) {
        places[b.dataset.place] = Number(b.dataset.count);
      }
      const tray = {};
      for (const t of document.querySelectorAll(`.trays .tray-count[data-seat="${seat}"]`)) {
        tray[t.dataset.pool] = Number(t.textContent.replace('×', ''));
      }
      out[seat] = { places, tray };
    }
    for (const seat of ['A', 'B']) {
      const cap = document.querySelector(`.trays .tray-trophies[data-seat="${seat}"]`);
      out[seat].trophies = cap ? Number((/^(\d+) captured$/.exec(cap.textContent) || [0, NaN])[1]) : 0;
    }
    out.pools = document.querySelector('#pools')?.textContent ?? '';
    out.ghosts = document.querySelectorAll('.pieces .piece.ghost').length;
    // The rest of the page, in the same round trip.
    const err = document.querySelector('#error'), banner = document.querySelector('#banner');
    out.status = document.querySelector('#page').dataset.status;
    out.mine = document.querySelector('#page').dataset.mine;
    out.statusText = document.querySelector('#status')?.textContent ?? '';
    out.throwLive = Boolean(document.querySelector('#throw:enabled'));
    out.error = err.classList.contains('hidden') ? null : err.textContent;
    out.overlay = document.querySelectorAll('.overlay > *').length;
    out.buttons = [...document.querySelectorAll('#moves button')].map((b) => b.dataset.move);
    out.banner = !banner || banner.classList.contains('hidden') ? null : banner.textContent;
    return out;
  });
}

/** Place → count of a seat's board list. */
function counts(board) {
  const m = {};
  for (const p of board) m[p] = (m[p] || 0) + 1;
  return m;
}

/** The page draws `layout`: pieces per seat and place, tray counts, trophies. */
async function assertDraws(page, layout, family, where, { preview = false } = {}) {
  const d = await drawn(page);
  for (const seat of ['A', 'B']) {
    const l = layout[seat];
    assert.deepEqual(d[seat].places, counts(l.board), `${where}: seat ${seat}'s pieces on the board (server: ${JSON.stringify(l)})`);
    const n = Object.values(d[seat].places).reduce((a, b) => a + b, 0);
    assert.equal(n, l.board.length, `${where}: seat ${seat} has ${l.board.length} pieces on the board`);
    if (family === 'hj') assert.equal(d[seat].tray.hand, l.hand, `${where}: seat ${seat}'s hand`);
    else assert.equal(l.hand, 0, `${where}: Senet pieces never wait in a hand`);
    assert.equal(d[seat].tray.off, l.off, `${where}: seat ${seat}'s pieces off`);
    assert.equal(d[seat].trophies, l.trophies || 0, `${where}: seat ${seat}'s trophies`);
  }
  // The trays in words say the same (they tell the position as it is, not a preview's).
  for (const seat of preview ? [] : ['A', 'B']) {
    const l = layout[seat];
    const words = d.pools.split(' · ')[seat === 'A' ? 0 : 1];
    assert.match(words, new RegExp(`: ${l.board.length} on the board`), `${where}: #pools for ${seat}: ${words}`);
    assert.match(words, new RegExp(`${l.off} off`), `${where}: #pools for ${seat}: ${words}`);
    if (l.trophies) assert.match(words, new RegExp(`${l.trophies} captured`), `${where}: #pools for ${seat}: ${words}`);
  }
  return d;
}

/** After an action: the page shows the server's view and nothing went wrong. */
async function assertAgrees(page, id, family, where) {
  const v = await apiGame(id);
  await page.waitForFunction((n) => Number(document.querySelector('#page').dataset.version) === n &&
    document.querySelector('#page').dataset.busy === '0', v.version, { timeout: 5000 })
    .catch(async () => assert.fail(`${where}: the page shows version ${await version(page)}, the server ${v.version}`));
  const d = await assertDraws(page, v.layout, family, where);
  assert.equal(d.error, null, `${where}: an error is shown`);
  assert.deepEqual(page.errors, [], where);
  assert.equal(d.status, v.status.kind, `${where}: status`);
  assert.equal(d.overlay, 0, `${where}: no preview is left drawn`);
  assert.equal(d.ghosts, 0, `${where}: no ghost pieces outside a preview`);
  // Every legal move has its button (pass and Kendall's throw only there).
  assert.deepEqual(d.buttons.sort(), (v.legal || []).map((m) => m.move).sort(), `${where}: move buttons`);
  // Kendall's water choice, before any throw, is said in the server's words.
  if ((v.legal || []).some((m) => m.move === 'throw')) assert.match(d.statusText, /throw for a 4 to free the piece in the Waters(?! \()/, `${where}: the water choice, in words without its notation`);
  // A lost throw says why, in the server's words.
  if (v.legal && v.legal.length === 1 && v.legal[0].move === 'pass') {
    assert.ok(d.statusText.includes(v.legal[0].effects[0].text), `${where}: the pass says why: ${d.statusText}`);
  }
  if (v.status.kind === 'over') assert.match(d.banner || '', /Game over\./, `${where}: the game-over banner`);
  else assert.equal(d.banner, null, `${where}: no banner while the game goes on`);
  v.drawn = d;
  return v;
}

/**
 * Plays legal move `m` of view `v` by clicking: its piece (or hand tray) and its target, and
 * "Play …" after checking the preview against the move's `after`; or its button (pass, throw,
 * and now and then a board move's button). Returns the page's version before the action.
 */
async function playMove(page, v, m, { viaButton = false, where }) {
  const seat = v.status.seat;
  const before = v.version;
  if (!m.from || !m.to || viaButton) {
    await click(page, `#moves button[data-move="${m.move}"]`);
  } else {
    const from = spotOf(m.from, seat), to = spotOf(m.to, seat);
    const selected = () => page.evaluate(() => document.querySelector('.spot.selected')?.dataset.spot ?? null);
    const sel = await selected();
    if (sel !== from) {
      // A chosen piece's target may be where the wanted piece stands (several pieces fit in
      // S): let go of the choice first, as a player would with Escape.
      if (sel) await page.keyboard.press('Escape');
      if ((await selected()) !== from) await click(page, `.spot.movable[data-spot="${from}"]`);
    }
    await click(page, `.spot.target[data-spot="${to}"]`);
  }
  await page.waitForFunction((n) => Number(document.querySelector('#page').dataset.version) > n ||
    !document.querySelector('#confirm').classList.contains('hidden'), before);
  // A board move is previewed exactly when the server says it does more than move its piece.
  const previewed = await page.isVisible('#confirm-move');
  if (m.from && m.to) assert.equal(previewed, !m.plain, `${where}: ${m.move} (${m.text}) is ${previewed ? '' : 'not '}previewed`);
  if (previewed) {
    // The preview draws the layout after the move before it is committed.
    assert.ok((await page.locator('.pieces .arrive, .overlay .leave').count()) > 0, `${where}: ${m.move} is previewed`);
    await assertDraws(page, m.after, v.rules.startsWith('senet') ? 'senet' : 'hj', `${where}, preview of ${m.move}`, { preview: true });
    const confirm = await page.textContent('#confirm');
    // The move as its button says it (no notation), then what it does.
    assert.ok(confirm.startsWith(`${m.label}: `), `${where}: the preview of ${m.move} says "${confirm}"`);
    assert.equal(await page.getAttribute('#confirm-move', 'data-move'), m.move);
    // It says what the move does, in the server's words.
    for (const e of m.effects) assert.ok(confirm.includes(e.text), `${where}: the preview says "${e.text}"`);
    page.previews = (page.previews || 0) + 1;
    await click(page, '#confirm-move');
  }
  await waitNewer(page, before);
  return before;
}

/**
 * Plays up to `limit` clicking actions of the game on `page` (both seats are this page's), with
 * `choose(view, legal, r)` picking each move. Calls `seen(view)` after every action. Returns the
 * number of actions and whether the game ended. The first position where `shot(view)` holds is
 * saved as `<label>.png` in the screenshots' directory, to look at.
 */
async function playByClicking(page, { limit, seed, choose, seen = () => {}, label, shot = null }) {
  const r = rng(seed);
  const id = gameId(page);
  const family = label.startsWith('senet') ? 'senet' : 'hj';
  let v = await assertAgrees(page, id, family, `${label} at the start`);
  seen(v);
  let actions = 0;
  while (actions < limit && v.status.kind !== 'over') {
    const where = `${label}, action ${actions + 1} (version ${v.version})`;
    assert.equal(v.drawn.mine, '1', `${where}: both seats are this screen's`);
    let intended = null;
    if (v.status.kind === 'throw') {
      assert.ok(v.drawn.throwLive, `${where}: the throw button is live`);
      await click(page, '#throw');
      await waitNewer(page, v.version);
    } else {
      assert.ok(!v.drawn.throwLive, `${where}: no throw while a move is due`);
      const m = choose(v, v.legal, r);
      intended = m;
      await playMove(page, v, m, { viaButton: m.from && r() < 0.1, where: `${where}: ${m.move}` });
    }
    actions++;
    const was = v;
    v = await assertAgrees(page, id, family, `${label}, after action ${actions}${intended ? ` (${intended.move})` : ''}`);
    if (intended) {
      // The clicks played the move meant (moves are named by their ends, so a piece and a
      // target are one move).
      const done = v.history.find((x) => x.i === was.version);
      assert.equal(done && done.token, intended.move, `${label}: the clicks played the move meant`);
    }
    seen(v);
    if (shot && shot(v)) {
      shot = null;
      await page.locator('.game').screenshot({ path: join(shotsDir(), `${label.replace(/\W+/g, '-')}.png`) });
    }
  }
  return { actions, over: v.status.kind === 'over', view: v };
}

/**
 * A move's progress along its seat's path, for the forward-leaning choices: H&J places count
 * up the home side, S is 30 and the far side goes on to 59 (circuits); Senet squares are numbers.
 */
function advance(m, seat) {
  const home = seat === 'A' ? 'L' : 'R';
  const n = (p) => {
    if (p === 'hand') return 0;
    if (p === 'off') return 99;
    if (p === 'S') return 30;
    const x = /^([LR])?(\d+)$/.exec(String(p));
    if (!x) return 0;
    return !x[1] || x[1] === home ? Number(x[2]) : 60 - Number(x[2]);
  };
  return n(m.to) - n(m.from);
}

/** The move of `board` that gets furthest. */
const furthest = (board, seat) => board.reduce((a, b) => (advance(b, seat) > advance(a, seat) ? b : a));

/** Of the moves, the ones that do something to the opponent (capture, knock-off, exchange). */
function hits(v, legal) {
  const opp = v.status.seat === 'A' ? 'B' : 'A';
  const now = JSON.stringify(v.layout[opp]);
  return legal.filter((m) => m.after && JSON.stringify(m.after[opp]) !== now);
}

/** Plays a local senet.kendall game through the API until a water choice is due; its view. */
async function toTheWaters(seed) {
  const r = rng(seed);
  for (let game = 0; game < 10; game++) {
    const res = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: 'senet.kendall', mode: 'local' }) });
    let v = await res.json();
    const id = v.id, token = v.tokens.A;
    for (let i = 0; i < 3000 && v.status.kind !== 'over'; i++) {
      if (v.status.kind === 'throw') { v = await apiPost(id, token, 'throw'); continue; }
      if (v.legal.some((m) => m.move === 'throw')) return { id, token, view: v };
      const wet = v.legal.filter((m) => m.to === '27');
      const near = v.legal.filter((m) => m.to === '26');
      v = await apiPost(id, token, 'move', { move: pick(r, wet.length ? wet : near.length ? near : v.legal).move });
    }
  }
  assert.fail('no water choice came up in ten games');
}

/** Plays a local game through the API to its end with seeded random moves; its id, token, view. */
async function playToTheEnd(rules, options, seed) {
  const res = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules, options, mode: 'local' }) });
  let v = await res.json();
  const id = v.id, token = v.tokens.A;
  const r = rng(seed);
  for (let i = 0; i < 5000 && v.status.kind !== 'over'; i++) {
    v = v.status.kind === 'throw' ? await apiPost(id, token, 'throw') : await apiPost(id, token, 'move', { move: pick(r, v.legal).move });
  }
  assert.equal(v.status.kind, 'over', `${rules}: the game ended within 5000 actions`);
  return { id, token, view: v };
}

/**
 * Plays local hj.skiryuk games through the API, always into S when it can (and never S-hand
 * then), until both seats have two pieces or more in S; that game's id, token and view.
 */
async function bothInS(seed, names = undefined) {
  const r = rng(seed);
  for (let game = 0; game < 20; game++) {
    const res = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: 'hj.skiryuk', mode: 'local', names }) });
    let v = await res.json();
    const id = v.id, token = v.tokens.A;
    for (let i = 0; i < 2000 && v.status.kind !== 'over'; i++) {
      const inS = (s) => v.layout[s].board.filter((p) => p === 'S').length;
      if (inS('A') >= 2 && inS('B') >= 2) return { id, token, view: v };
      if (v.status.kind === 'throw') { v = await apiPost(id, token, 'throw'); continue; }
      const toS = v.legal.filter((m) => m.to === 'S');
      const stay = v.legal.filter((m) => m.move !== 'S-hand');
      v = await apiPost(id, token, 'move', { move: pick(r, toS.length ? toS : stay.length ? stay : v.legal).move });
    }
  }
  assert.fail('no game had both seats twice in S');
}

// The games are independent (one page each) and mostly wait for the browser and the server,
// so they run side by side.
describe('rule sets played by clicking', { concurrency: true }, () => {
  test('hj.skiryuk for two on one screen: pieces into S, captures kept as trophies', { timeout: PLAYED }, async () => {
    const page = await newPage(browser, QUIET);
    await createGame(page, server.base, { rules: 'hj.skiryuk', mode: 'local' });
    let inS = 0, trophies = 0, sHand = 0;
    const play = (limit, seed) => playByClicking(page, {
      limit, seed, label: 'hj.skiryuk',
      // Into S whenever it is offered (that captures); else mostly the foremost piece, to get
      // there soon.
      choose: (v, legal, r) => {
        const toS = legal.filter((m) => m.to === 'S');
        if (toS.length) return pick(r, toS);
        if (legal.some((m) => m.move === 'S-hand') && r() < 0.5) return legal.find((m) => m.move === 'S-hand');
        const board = legal.filter((m) => m.from);
        if (board.length && r() < 0.7) return furthest(board, v.status.seat);
        return pick(r, legal);
      },
      seen: (v) => {
        for (const s of ['A', 'B']) {
          inS = Math.max(inS, v.layout[s].board.filter((p) => p === 'S').length);
          trophies = Math.max(trophies, v.layout[s].trophies);
        }
        if (v.history.some((x) => x.token === 'S-hand')) sHand = 1;
      },
      shot: (v) => v.layout.A.board.includes('S') && v.layout.B.board.includes('S') || [...v.layout.A.board, ...v.layout.B.board].filter((p) => p === 'S').length > 1,
    });
    const res = await play(150, 30);
    // The server's sticks are not seeded: should S and a capture not have come yet, play on.
    if (!res.over && !(inS && trophies)) res.actions += (await play(150, 31)).actions;
    assert.ok(inS > 0, 'a piece went into S (and was drawn there)');
    assert.ok(trophies > 0, 'a piece was captured (and counted in the tray)');
    console.log(`    hj.skiryuk: ${res.actions} actions, ${res.over ? 'game over' : 'not over'}; most in S ${inS}, trophies ${trophies}, S-hand ${sHand ? 'played' : 'not played'}, ${page.previews || 0} previews`);
  });

  for (const [rules, options, seed] of [['hj.washburne', {}, 7], ['hj.walker', { 'hj.walker.variation': 'true' }, 11]]) {
    test(`${rules}${options['hj.walker.variation'] ? ' (circuit variation)' : ''} for two on one screen: round the other side, knock-offs, re-entry`, { timeout: PLAYED }, async () => {
      const page = await newPage(browser, QUIET);
      await createGame(page, server.base, { rules, mode: 'local', options });
      const v0 = await apiGame(gameId(page));
      assert.equal(v0.options.includes('hj.walker.variation=true'), rules === 'hj.walker', `options of the game: ${v0.options}`);
      let knocks = 0, away = 0, reentries = 0, prev = v0.layout;
      const res = await playByClicking(page, {
        limit: 150, seed, label: rules,
        // A knock-off when there is one, else forward-leaning random play.
        choose: (v, legal, r) => {
          const k = hits(v, legal);
          if (k.length && r() < 0.8) return pick(r, k);
          const board = legal.filter((m) => m.from);
          if (board.length && r() < 0.5) return furthest(board, v.status.seat);
          return pick(r, legal);
        },
        seen: (v) => {
          for (const s of ['A', 'B']) {
            // A piece knocked back to hand; a piece entering from hand again; one on the far side.
            if (v.layout[s].hand > prev[s].hand && v.layout[s].board.length < prev[s].board.length) knocks++;
            if (v.layout[s].hand < prev[s].hand && knocks) reentries++;
            if (v.layout[s].board.some((p) => p.startsWith(s === 'A' ? 'R' : 'L'))) away++;
          }
          prev = v.layout;
        },
        shot: (v) => ['A', 'B'].some((s) => v.layout[s].board.some((p) => p.startsWith(s === 'A' ? 'R' : 'L'))) && v.layout.A.board.length + v.layout.B.board.length >= 6,
      });
      console.log(`    ${rules}: ${res.actions} actions, ${res.over ? 'game over' : 'not over'}; knock-offs ${knocks}, entries from hand after one ${reentries}, views with a piece on the far side ${away}, ${page.previews || 0} previews`);
    });
  }

  test('senet.kendall for two on one screen, and the House of Waters choice', { timeout: PLAYED }, async () => {
    const page = await newPage(browser, QUIET);
    await createGame(page, server.base, { rules: 'senet.kendall', mode: 'local' });
    let waters = 0;
    const res = await playByClicking(page, {
      limit: 120, seed: 5, label: 'senet.kendall',
      // Into the House of Waters when possible (the choice it brings is what is tested here).
      choose: (v, legal, r) => {
        if (legal.some((m) => m.move === 'throw')) { waters++; return pick(r, legal); }
        const wet = legal.filter((m) => m.to === '27' || m.to === '26');
        if (wet.length) return pick(r, wet);
        const board = legal.filter((m) => m.from);
        if (board.length && r() < 0.6) return furthest(board, v.status.seat);
        return pick(r, legal);
      },
    });
    console.log(`    senet.kendall: ${res.actions} actions, ${res.over ? 'game over' : 'not over'}; water choices met ${waters}, ${page.previews || 0} previews`);
  });

  test('senet.kendall: the House of Waters choice is drawn and played by clicking', { timeout: PLAYED }, async () => {
    const { id, token, view } = await toTheWaters(3);
    const seat = view.status.seat;
    assert.ok(view.layout[seat].board.includes('27'));
    const giveUp = view.legal.find((m) => m.move !== 'throw');
    const page = await newPage(browser, QUIET);
    await page.goto(`${server.base}/game/${id}?token=${token}`);
    await page.waitForSelector('#page[data-version][data-busy="0"]');
    await assertAgrees(page, id, 'senet', 'the water choice');
    // Before any throw: the choice in words, its two buttons, no throw button, the piece on 27
    // drawn and movable (its give-up target 15, or the nearest empty square before it).
    assert.match(await page.textContent('#status'), /give up the piece on 27: it goes to \d+, or throw for a 4/);
    assert.ok(await page.isDisabled('#throw'));
    assert.match((await page.textContent('#moves button[data-move="throw"]')).trim(), /^Throw for a 4/);
    assert.ok(await page.isVisible(`#moves button[data-move="${giveUp.move}"]`));
    assert.equal(await page.locator(`.pieces .piece[data-seat="${seat}"][data-place="27"]`).count(), 1);
    assert.equal(await page.locator('.spot.movable').count(), 1);
    assert.equal(await page.locator('.spot.movable').getAttribute('data-spot'), '27');
  await page.locator('.game').screenshot({ path: join(shotsDir(), 'senet-kendall-waters.png') });
  // A hint at the water choice names one of its two moves (a give-up is pointed at on the board).
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: \S+/.test(document.querySelector('#hint-text').textContent));
  const hinted = await page.getAttribute('#hint-text', 'data-move');
  assert.ok(['throw', giveUp.move].includes(hinted), `the hint ${hinted} is a water choice`);
  if (hinted !== 'throw') assert.equal(await page.locator('.spot.hint').count(), 2);

    // Throw for a 4 (the button), then play on; the next water choice is given up on the board.
    const chosen = [];
    const res = await playByClicking(page, {
      limit: 40, seed: 9, label: 'senet.kendall (waters)',
      choose: (v, legal, r) => {
        if (!legal.some((m) => m.move === 'throw')) return pick(r, legal);
        const m = chosen.length === 0 ? legal.find((x) => x.move === 'throw')
          : chosen.length === 1 ? legal.find((x) => x.move !== 'throw') : pick(r, legal);
        chosen.push(m.move);
        return m;
      },
    });
    assert.equal(chosen[0], 'throw', 'the water choice was played: throw for a 4');
    console.log(`    senet.kendall waters: ${giveUp.move} offered; ${res.actions} actions after; water choices clicked: ${chosen.join(', ')}`);
  });
  // Whole games are too long to click through here; played through the API to their end, the
  // finished position and the record's replay are drawn as the server says.
  for (const [rules, options, seed] of [['hj.skiryuk', '', 1], ['hj.washburne', '', 2], ['hj.walker', 'hj.walker.variation=true', 3], ['senet.kendall', '', 4]]) {
    test(`${rules}: a finished game and its replay are drawn as the server says`, { timeout: PLAYED }, async () => {
      const family = rules.startsWith('senet') ? 'senet' : 'hj';
      const { id, token, view } = await playToTheEnd(rules, options, seed);
      const page = await newPage(browser, QUIET);
      await page.goto(`${server.base}/game/${id}?token=${token}`);
      await page.waitForSelector('#page[data-version][data-busy="0"]');
      const v = await assertAgrees(page, id, family, `${rules}, finished`);
      assert.match(v.drawn.banner, new RegExp(view.status.reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      assert.equal(await page.locator('.spot.active').count(), 0, 'nothing to click after the game');
      // The banner says why the game ended in this rule set's terms.
      assert.doesNotMatch(view.status.reason, /the game is won/);
      if (rules === 'hj.skiryuk' && view.status.result !== 'draw') assert.match(v.drawn.banner, /captured all 5 of the opponent's pieces/);
      // The record, replayed: frames chosen by clicking their actions, and the last one.
      const ngr = await (await fetch(`${server.base}/api/games/${id}/record`)).text();
      // The replay answers at most 1,000 frames at a time (`total` says how many there are):
      // a long random game takes several pages.
      const rep = { frames: [] };
      do {
        const part = await (await fetch(`${server.base}/api/replay?from=${rep.frames.length}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: ngr })).json();
        rep.frames.push(...part.frames);
        rep.total = part.total;
      } while (rep.frames.length < rep.total);
      await page.goto(`${server.base}/replay`);
      await page.setInputFiles('#ngr-file', { name: `${rules}.ngr`, mimeType: 'text/plain', buffer: Buffer.from(ngr) });
      await page.waitForSelector('#frame-no');
      const r = rng(seed);
      const frames = Array.from({ length: 12 }, () => 1 + Math.floor(r() * (rep.frames.length - 1)));
      for (const i of frames) {
        await click(page, `#tokens span[data-i="${i}"]`);
        assert.equal((await page.textContent('#frame-no')).trim(), `${i} / ${rep.frames.length - 1}`);
        await assertDraws(page, rep.frames[i].layout, family, `${rules}, replay frame ${i} (${rep.frames[i].token})`, { preview: true });
      }
      await click(page, '#last');
      await assertDraws(page, view.layout, family, `${rules}, replay's last frame`, { preview: true });
      assert.match(await page.textContent('#frame-info'), /Game over/);
      assert.deepEqual(page.errors, []);
      console.log(`    ${rules}: finished after ${view.version} actions (${view.status.reason}); replay frames checked: ${frames.join(' ')}`);
    });
  }
  test('hj.skiryuk: both seats\' stacks in S are drawn apart, each with its own count; long names leave the trays readable', { timeout: 60000 }, async () => {
    // Names as long as the server allows (40 characters): the trays must still show the counts.
    const names = { A: 'Nefertari Meritmut, Great Royal Wife of', B: 'Ahmose son of Ebana, captain of sailors' };
    const { id, token, view } = await bothInS(21, names);
    const page = await newPage(browser, QUIET);
    await page.goto(`${server.base}/game/${id}?token=${token}`);
    await page.waitForSelector('#page[data-version][data-busy="0"]');
    await assertAgrees(page, id, 'hj', 'both seats in S');
    const box = (sel) => page.locator(sel).evaluateAll((els) => els.map((e) => {
      const b = e.getBoundingClientRect();
      return { l: b.left, r: b.right, t: b.top, b: b.bottom, x: (b.left + b.right) / 2 };
    }));
    const hole = (await box('.spot[data-spot="S"] .ring'))[0];
    const pieces = { A: await box('.pieces .piece[data-seat="A"][data-place="S"]'), B: await box('.pieces .piece[data-seat="B"][data-place="S"]') };
    const badges = { A: await box('.pieces .badge[data-seat="A"][data-place="S"]'), B: await box('.pieces .badge[data-seat="B"][data-place="S"]') };
    assert.equal(badges.A.length, 1);
    assert.equal(badges.B.length, 1);
    // Jackals stand left of the hole's middle, hounds right; each count sits on its own stack's
    // outer side, clear of the other seat's pieces.
    for (const p of pieces.A) assert.ok(p.x < hole.x, 'A\'s pieces in S stand on the left');
    for (const p of pieces.B) assert.ok(p.x > hole.x, 'B\'s pieces in S stand on the right');
    const meets = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
    for (const [seat, other] of [['A', 'B'], ['B', 'A']]) {
      for (const p of pieces[other]) assert.ok(!meets(badges[seat][0], p), `${seat}'s count in S is not over ${other}'s pieces`);
    }
    // The counts are drawn after every piece, so no piece covers one.
    const order = await page.locator('.pieces > *').evaluateAll((els) => els.map((e) => (e.classList.contains('badge') ? 'badge' : 'piece')).join(' '));
    assert.doesNotMatch(order, /badge.*piece/);
    assert.equal(view.layout.A.board.filter((p) => p === 'S').length, Number(await page.getAttribute('.pieces .badge[data-seat="A"]', 'data-count')));
    // Each tray's label and captured count stay inside the tray, side by side, however long
    // the name; the full name is the label's tooltip.
    const trays = await box('.trays rect.tray');
    for (const [i, seat] of [[0, 'A'], [1, 'B']]) {
      const label = page.locator(`.trays .tray-label[data-seat="${seat}"]:not(.tray-trophies)`);
      const shown = await label.evaluate((e) => {
        const c = document.querySelector(e.getAttribute('clip-path').slice(4, -1)).firstChild.getBoundingClientRect();
        const b = e.getBoundingClientRect();
        return { l: b.left, r: Math.min(b.right, c.right), t: b.top, b: b.bottom };
      });
      const cap = (await box(`.trays .tray-trophies[data-seat="${seat}"]`))[0];
      assert.ok(cap, `${seat}'s captured count is drawn`);
      for (const [what, b] of [['label', shown], ['captured count', cap]]) {
        assert.ok(b.l >= trays[i].l && b.r <= trays[i].r, `${seat}'s tray ${what} stays inside the tray: ${JSON.stringify(b)} in ${JSON.stringify(trays[i])}`);
      }
      assert.ok(shown.r <= cap.l, `${seat}'s label stops before the captured count`);
      assert.match(await label.locator('title').textContent(), new RegExp(`^${names[seat]}`));
    }
  });
});
