// Every rule set's board, drawn by the page, as pictures: the rules page's empty board, a game's
// start, and two frames of a replayed record (mid-game and the end), for each rule set and the
// options that change what the board shows (the lines' direction, Walker's circuit, Senet's
// safe squares). The pictures go to the screenshots' directory, to look at.
//
// Comparing two versions of the page: run once with `NEFER_RECORDS=DIR` (the records played
// here are saved there, and replayed from there on the next run, so that both runs draw the same
// positions) and `NEFER_SHOTS=DIR1`, then on the other version with the same `NEFER_RECORDS`,
// `NEFER_SHOTS=DIR2` and `NEFER_SHOTS_BEFORE=DIR1`: every picture is compared pixel by pixel
// with its namesake, and the test fails where a board of a case marked `same` differs visibly.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { withServerAndBrowser, rng, newPage, shotsDir, ROOT } from './lib.mjs';

let server, browser;
withServerAndBrowser((s, b) => {
  [server, browser] = [s, b];
});

const RECORDS = process.env.NEFER_RECORDS ? resolve(ROOT, process.env.NEFER_RECORDS) : null;
const BEFORE = process.env.NEFER_SHOTS_BEFORE ? resolve(ROOT, process.env.NEFER_SHOTS_BEFORE) : null;

// `same`: the board must look exactly as before (no option here changes what the page knew).
const CASES = [
  { rules: 'hj.skiryuk', options: '', same: true },
  { rules: 'hj.washburne', options: '', same: true },
  { rules: 'hj.walker', options: '', same: true },
  { rules: 'hj.walker', options: 'hj.walker.variation=true', same: true },
  { rules: 'hj.walker', options: 'hj.lines=forward_only', same: true },
  { rules: 'hj.french', options: '', same: true },
  { rules: 'hj.french', options: 'hj.lines=both', same: true },
  { rules: 'senet.kendall', options: '', same: true },
  { rules: 'senet.kendall', options: 'senet.safe_squares={15,26,28,29}', same: false },
  { rules: 'senet.school', options: '', same: true },
];

const label = (c) => `${c.rules}${c.options ? `-${c.options}` : ''}`.replace(/[^\w.-]+/g, '_');


async function post(path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const v = await res.json();
  assert.ok(res.ok, `${path}: ${JSON.stringify(v)}`);
  return v;
}

/** A record of the case: from NEFER_RECORDS when there, else a local game of up to 160 seeded random actions. */
async function recordOf(c, seed) {
  const file = RECORDS && join(RECORDS, `${label(c)}.ngr`);
  if (file && existsSync(file)) return readFileSync(file, 'utf8');
  let v = await post('/api/games', { rules: c.rules, options: c.options, mode: 'local' });
  const { id } = v, token = v.tokens.A;
  const r = rng(seed);
  for (let i = 0; i < 160 && v.status.kind !== 'over'; i++) {
    v = v.status.kind === 'throw'
      ? await post(`/api/games/${id}/throw`, {}, token)
      : await post(`/api/games/${id}/move`, { move: v.legal[Math.floor(r() * v.legal.length)].move }, token);
  }
  const ngr = await (await fetch(`${server.base}/api/games/${id}/record`)).text();
  if (file) {
    mkdirSync(RECORDS, { recursive: true });
    writeFileSync(file, ngr);
  }
  return ngr;
}

/** Saves the element's picture as NAME.png; compares it with the earlier one when asked. */
async function shoot(page, locator, name, c, diffs) {
  const path = join(shotsDir(), `${name}.png`);
  // Nothing hovered, and the page painted since the last change: two runs of one version
  // then give the same pixels.
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((ok) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(ok)); }));
  const png = await locator.screenshot({ path, animations: 'disabled' });
  if (!BEFORE) return;
  const old = join(BEFORE, `${name}.png`);
  if (!existsSync(old)) { diffs.push(`${name}: no earlier picture`); return; }
  const diff = await compare(page, readFileSync(old), png);
  if (diff.changed) diffs.push(`${name}: ${diff.changed} of ${diff.total} pixels differ, ${diff.strong} by more than ${STRONG}${diff.size ? ` (${diff.size})` : ''}`);
  // Chromium's software rasteriser does not draw an SVG to the very same pixels every time:
  // two runs of one version differ in a few dozen anti-aliased edge pixels (by up to about 40
  // of 255). A board looks as before when at most one pixel in a thousand differs by more.
  if (c.same) assert.ok(diff.strong <= diff.total / 1000, `${name} looks as before: ${diff.strong} pixels differ by more than ${STRONG} (${diff.size || ''})`);
}

/** A pixel differs visibly when a channel differs by more than this (of 255). */
const STRONG = 48;

/** Pixels that differ between two PNGs, counted in the browser. */
async function compare(page, a, b) {
  return page.evaluate(async ([a, b, limit]) => {
    const load = (src) => new Promise((ok, fail) => {
      const img = new Image();
      img.onload = () => ok(img);
      img.onerror = fail;
      img.src = `data:image/png;base64,${src}`;
    });
    const [x, y] = await Promise.all([load(a), load(b)]);
    if (x.width !== y.width || x.height !== y.height) {
      const all = Math.max(x.width * x.height, y.width * y.height);
      return { changed: all, strong: all, total: x.width * x.height, size: `${x.width}×${x.height} then ${y.width}×${y.height}` };
    }
    const data = (img) => {
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      return g.getImageData(0, 0, img.width, img.height).data;
    };
    const [p, q] = [data(x), data(y)];
    let changed = 0, strong = 0;
    for (let i = 0; i < p.length; i += 4) {
      const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]), Math.abs(p[i + 2] - q[i + 2]), Math.abs(p[i + 3] - q[i + 3]));
      if (d > 0) changed++;
      if (d > limit) strong++;
    }
    return { changed, strong, total: p.length / 4 };
  }, [a.toString('base64'), b.toString('base64'), STRONG]);
}

describe('every rule set\'s board', { concurrency: 1 }, () => {
  CASES.forEach((c, k) => {
    test(`${c.rules}${c.options ? ` (${c.options})` : ''}`, { timeout: 120000 }, async () => {
      // Tall enough that no board needs scrolling: the pixels then do not depend on where the
      // page was scrolled to.
      const page = await newPage(browser, { reducedMotion: 'reduce', viewport: { width: 1200, height: 2000 } });
      const name = label(c);
      const diffs = [];
      if (!c.options) {
        await page.goto(`${server.base}/rules/${c.rules}`);
        await page.waitForSelector('.lobby-board svg.board');
        await shoot(page, page.locator('.lobby-board svg.board'), `${name}-rules`, c, diffs);
      }
      // A game at its start.
      const g = await post('/api/games', { rules: c.rules, options: c.options, mode: 'local' });
      await page.goto(`${server.base}/game/${g.id}?token=${g.tokens.A}`);
      await page.waitForSelector('#page[data-version][data-busy="0"]');
      await shoot(page, page.locator('.game svg.board'), `${name}-start`, c, diffs);
      // A record replayed: a frame in the middle and the last.
      const ngr = await recordOf(c, 100 + k);
      await page.goto(`${server.base}/replay`);
      await page.setInputFiles('#ngr-file', { name: `${name}.ngr`, mimeType: 'text/plain', buffer: Buffer.from(ngr) });
      await page.waitForSelector('#frame-no');
      const total = Number((await page.textContent('#frame-no')).split('/')[1]);
      await page.click(`#tokens span[data-i="${Math.ceil(total * 0.6)}"]`);
      await shoot(page, page.locator('#replay svg.board'), `${name}-mid`, c, diffs);
      await page.click('#last');
      await shoot(page, page.locator('#replay svg.board'), `${name}-end`, c, diffs);
      assert.deepEqual(page.errors, []);
      if (BEFORE) console.log(`    ${name}: ${diffs.length ? diffs.join('; ') : 'as before'}`);
      await page.context().close();
    });
  });
});
