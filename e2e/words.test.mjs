// People's words (issue 16 items 6 and 10), in every rule set: the lobby and the game page name
// the game with its author, never its key (`hj.skiryuk`), its source (`seed 002 …; SPEC §7-8`)
// or a player spec (`expectimax:depth=2`) outside the "For the curious" details; levels read as
// a name with a line saying what they do, and the computer's seat is named by its level;
// options are sentences grouped by topic; the move buttons say each move in words, not in
// notation; the sticks say the value the server gives. And the throw: the sticks tumble in
// when thrown, not under reduced motion nor with the setting off, and the sound (off at first)
// is made when asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServerAndBrowser, newPage, createGame, step, version, waitNewer } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const RULE_SETS = ['senet.kendall', 'senet.school', 'hj.skiryuk', 'hj.washburne', 'hj.walker', 'hj.french'];
// What players must not read: a rule set's key, a source line, a player spec.
const JARGON = /\b(senet|hj)\.[a-z_]+|expectimax:|master:|SPEC §|\b(KE|SB|SK|WA|WB|FR)-\d/;
// A move in notation: `14-16`, `L4-L20`, `hand-L1`.
const NOTATION = /\b[LR]?\d+-[LR]?\d+\b|\bhand-|-off\b/;
// A hole named by place, not by the number the board shows: `L4`, `R20`.
const PLACE = /\b[LR]\d{1,2}\b/;

/** The page's text as a person sees it: closed details (the curious ones) are not rendered. */
const seen = (page) => page.evaluate(() => document.body.innerText);

test('the lobby says games, levels and options in people\'s words, in every rule set', { timeout: 120000 }, async () => {
  const rules = await (await fetch(`${server.base}/api/rules`)).json();
  const page = await newPage(browser);
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#create');
  // The rule set list: the games' names with their authors.
  const names = await page.$$eval('#rules option', (os) => os.map((o) => o.textContent));
  assert.deepEqual([...names].sort(), rules.map((r) => r.title).sort());
  // Levels: a name and what it does ("Medium — looks two moves ahead…").
  const levels = await page.$$eval('#level option', (os) => os.map((o) => o.textContent));
  assert.ok(levels.some((l) => /^Medium — looks two moves ahead/.test(l)), levels.join(' | '));
  for (const l of levels) assert.doesNotMatch(l, /expectimax|greedy|depth|[:=(]/, l);
  assert.match(await page.textContent('#level-what'), /Medium: looks two moves ahead/);
  for (const r of rules) {
    await page.selectOption('#rules', r.key);
    assert.doesNotMatch(await seen(page), JARGON, `${r.key}: the lobby, options folded`);
    // The options unfolded: sentences under topic headings; keys only for the curious.
    await page.click('#options > details > summary');
    const topics = await page.$$eval('#options .option-topic h3', (hs) => hs.map((x) => x.textContent));
    assert.ok(topics.length > 0, `${r.key}: topics`);
    for (const t of topics) assert.ok(r.topics.includes(t), `${r.key}: ${t}`);
    const text = await seen(page);
    assert.doesNotMatch(text, JARGON, `${r.key}: the lobby, options unfolded`);
    assert.doesNotMatch(text, /_/, `${r.key}: no option value as written`);
    // Every choice is a sentence the server gave for that option.
    for (const sel of await page.$$('#options select[data-option]')) {
      const name = await sel.getAttribute('data-option');
      const o = r.options.find((x) => x.name === name);
      const shown = await sel.$$eval('option', (os) => os.map((x) => x.textContent.replace(/ \(usual\)$/, '')));
      assert.deepEqual(shown, o.implemented.map((v) => o.words.find((w) => w.value === v).text), name);
    }
    // For the curious: the key and the clause are there, folded.
    const curious = page.locator('#options .option .curious').first();
    await curious.locator('summary').click();
    assert.match(await curious.innerText(), /\b(senet|hj)\.[a-z_.]+ = /);
  }
  assert.deepEqual(page.errors, []);
});

test('the game page names the game, the level and the moves in words, in every rule set', { timeout: 300000 }, async () => {
  const rules = await (await fetch(`${server.base}/api/rules`)).json();
  for (const r of RULE_SETS) {
    const page = await newPage(browser, { reducedMotion: 'reduce' });
    await createGame(page, server.base, { rules: r, mode: 'computer', level: 'medium', seat: 'A' });
    const title = rules.find((x) => x.key === r).title;
    assert.equal(await page.textContent('#game-title'), `${title} · against the computer`);
    assert.match(await page.title(), new RegExp(title.replace(/[()]/g, '\\$&')));
    assert.match(await page.textContent('.seats'), /Medium \(B,/);
    // Play until the move buttons show (a decision), checking the words on the way.
    let buttons = [];
    for (let i = 0; i < 60 && !buttons.length; i++) {
      const what = await step(page);
      if (what === 'over') break;
      if (what === 'wait') await page.waitForTimeout(100);
      buttons = await page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));
      assert.doesNotMatch(await seen(page), JARGON, `${r}: the game page`);
    }
    assert.ok(buttons.length, `${r}: move buttons came up`);
    for (const b of buttons) {
      assert.doesNotMatch(b, NOTATION, `${r}: ${b}`);
      assert.doesNotMatch(b, PLACE, `${r}: ${b} names a hole by place, not by the number the board shows`);
    }
    const status = await page.textContent('#status');
    assert.doesNotMatch(status, NOTATION, `${r}: ${status}`);
    // The sticks say the throw the server says.
    const v = await (await fetch(`${server.base}/api/games/${page.url().split('/game/')[1]}`)).json();
    if (v.throw_value) assert.equal(await page.textContent('.throw-value'), String(v.throw_value));
    assert.deepEqual(page.errors, [], r);
    await page.context().close();
  }
});

/** Throws once on a fresh local game, recording whether the sticks tumbled and the sound played. */
async function throwOnce(opts) {
  const page = await newPage(browser, opts);
  await createGame(page, server.base, { rules: 'senet.kendall', mode: 'local' });
  await page.evaluate(() => {
    window.tumbled = false;
    new MutationObserver(() => {
      if (document.querySelector('svg.sticks.tumbling[data-tumbling]')) window.tumbled = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const v = await version(page);
  await page.click('#throw');
  await waitNewer(page, v);
  await page.waitForTimeout(100);
  const out = {
    tumbled: await page.evaluate(() => window.tumbled),
    clatter: await page.evaluate(() => Number(document.documentElement.dataset.clatter || 0)),
    still: await page.evaluate(() => !document.querySelector('svg.sticks.tumbling')),
  };
  // The tumble ends on the faces drawn.
  await page.waitForFunction(() => !document.querySelector('svg.sticks.tumbling'), null, { timeout: 3000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
  return out;
}

test('the sticks tumble when thrown, not under reduced motion or with the setting off; the sound only when asked', { timeout: 120000 }, async () => {
  const moving = await throwOnce({ reducedMotion: 'no-preference', settings: { autoPass: false, pace: 'fast' } });
  assert.equal(moving.tumbled, true, 'the sticks tumbled');
  assert.equal(moving.clatter, 0, 'no sound unless asked for');
  const reduced = await throwOnce({ reducedMotion: 'reduce', settings: { autoPass: false, pace: 'fast' } });
  assert.equal(reduced.tumbled, false, 'no motion under prefers-reduced-motion');
  const off = await throwOnce({ reducedMotion: 'no-preference', settings: { autoPass: false, pace: 'fast', throwMotion: false } });
  assert.equal(off.tumbled, false, 'no motion with the setting off');
  const loud = await throwOnce({ reducedMotion: 'no-preference', settings: { autoPass: false, pace: 'fast', throwSound: true } });
  assert.equal(loud.clatter, 1, 'the sound played once');
});

test('the settings panel turns the throw\'s motion and sound on and off', { timeout: 60000 }, async () => {
  const page = await newPage(browser);
  await createGame(page, server.base, { rules: 'hj.french', mode: 'local' });
  assert.equal(await page.isChecked('#set-throwMotion'), true);
  assert.equal(await page.isChecked('#set-throwSound'), false);
  await page.check('#set-throwSound');
  await page.uncheck('#set-throwMotion');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('nefer.settings')));
  assert.equal(kept.throwSound, true);
  assert.equal(kept.throwMotion, false);
  await page.context().close();
});

test('a Hounds & Jackals game\'s events, previews and history name holes as the board numbers them', { timeout: 300000 }, async () => {
  // The circuits (Washburne, Walker's variation) name the other side's holes with their owner.
  const games = [
    { rules: 'hj.washburne' },
    { rules: 'hj.walker', options: { 'hj.walker.variation': 'true' } },
    { rules: 'hj.skiryuk' },
    { rules: 'hj.french' },
  ];
  for (const g of games) {
    const page = await newPage(browser, { reducedMotion: 'reduce' });
    await createGame(page, server.base, { rules: g.rules, mode: 'local', options: g.options || {} });
    // Every text the play panel says, as it says it: what just happened, the status, a preview.
    await page.evaluate(() => {
      window.told = new Set();
      const keep = () => {
        for (const sel of ['#said', '#status', '#confirm:not(.hidden)']) {
          const el = document.querySelector(sel);
          if (el && el.textContent) window.told.add(el.textContent);
        }
      };
      new MutationObserver(keep).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      keep();
    });
    let acted = 0;
    for (let i = 0; i < 300 && acted < 80; i++) {
      const r = await step(page);
      if (r === 'over') break;
      if (r === 'acted') acted++;
    }
    const told = await page.evaluate(() => [...window.told]);
    // The history's words, without the notation printed small beside them.
    const history = await page.$$eval('#history li', (lis) => lis.map((li) => [...li.childNodes]
      .filter((n) => !(n.classList && n.classList.contains('notation'))).map((n) => n.textContent).join('')));
    const words = [...told, ...history].filter((t) => t.trim());
    assert.ok(words.length > 20, `${g.rules}: ${words.length} texts`);
    for (const t of words) assert.doesNotMatch(t, PLACE, `${g.rules}: "${t}" names a hole by place`);
    // Holes are named by number ("moves 4 → 6"), and the record keeps its notation.
    assert.ok(words.some((t) => /\b(enters a piece on|moves (from the shared hole|\d+) →) /.test(t)), `${g.rules}: a move told`);
    const notation = await page.$$eval('#history li small.notation', (ss) => ss.map((s) => s.textContent).join(' '));
    assert.match(notation, PLACE, `${g.rules}: the history's notation`);
    assert.deepEqual(page.errors, [], g.rules);
    await page.context().close();
  }
});
