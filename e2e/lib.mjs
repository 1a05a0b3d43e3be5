// Shared helpers of the end-to-end tests: start `nefer serve` on a free port with a fresh data
// directory, launch headless Chromium, and play a page by clicking like a person would.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Where cargo put the binary: CARGO_TARGET_DIR when set (relative to the repository root), else
// target/.
export const BIN =
  process.env.NEFER_BIN ||
  join(resolve(ROOT, process.env.CARGO_TARGET_DIR || 'target'), 'release/nefer');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Screenshots go to a scratch directory, so that a test run leaves the checkout clean;
// `NEFER_SHOTS=docs/screenshots scripts/e2e` refreshes the ones the docs show.
export const SHOTS = process.env.NEFER_SHOTS
  ? resolve(ROOT, process.env.NEFER_SHOTS)
  : join(tmpdir(), 'nefer-e2e-shots');

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the server (with `extra` arguments); resolves to { base, stop } once /api/rules answers. */
export async function startServer(extra = []) {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'nefer-e2e-'));
  const proc = spawn(BIN, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--no-rate-limits', '--review-timeout', '120', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout.on('data', (d) => { log += d; });
  proc.stderr.on('data', (d) => { log += d; });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nefer serve exited (${proc.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${base}/api/rules`);
      if (r.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`nefer serve did not answer within 20 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    log: () => log,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/**
 * A new page that fails the test on any script error or console error. `opts` are the browser
 * context's, and `settings` the game page's (see below).
 */
export async function newPage(browser, opts = {}) {
  const { settings, ...ctxOpts } = opts;
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 }, ...ctxOpts });
  // The game page's settings (localStorage `nefer.settings`) unless the browser has some: a lost
  // throw waits for its pass button, which the clicking helpers press, and the computer's turn
  // is shown at once (the same steps without the pause between them: the pace has its own test
  // in events.test.mjs), unless a test asks for the player's defaults (`settings: {}`) or others.
  await ctx.addInitScript((s) => {
    try { if (!localStorage.getItem('nefer.settings')) localStorage.setItem('nefer.settings', s); } catch { /* no storage here */ }
  }, JSON.stringify(settings || { autoPass: false, pace: 'skip' }));
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  return page;
}

export function shotsDir() {
  mkdirSync(SHOTS, { recursive: true });
  return SHOTS;
}

/**
 * Creates a game from the lobby by clicking; ends on the game page. `options` ({name: value})
 * are chosen in the lobby's "Rule options".
 */
export async function createGame(page, base, { rules, mode, level, seat, options = {} }) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#rules', rules);
  if (Object.keys(options).length) {
    await page.click('#options summary');
    for (const [name, value] of Object.entries(options)) {
      const el = page.locator(`[data-option="${name}"]`);
      if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(String(value));
      else await el.fill(String(value));
    }
  }
  await page.check(`input[name=mode][value=${mode}]`);
  if (level) await page.selectOption('#level', level);
  if (seat) await page.selectOption('#seat', seat);
  await page.click('#create');
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('#page[data-version][data-busy="0"]');
}

export const version = (page) => page.getAttribute('#page', 'data-version').then(Number);

/** Waits until the page shows a view newer than `v` and is not waiting for the server. */
export async function waitNewer(page, v, timeout = 15000) {
  await page.waitForFunction((v) => {
    const el = document.querySelector('#page');
    return Number(el.dataset.version) > v && el.dataset.busy === '0';
  }, v, { timeout });
}

/**
 * Takes one step of play on the page by clicking, if it is this page's turn: throw, choose a
 * piece, choose a target, confirm a previewed move, or press the single move/pass button.
 * Returns 'over', 'wait' (not our turn), 'select' (a piece was chosen) or 'acted'.
 */
export async function step(page) {
  await page.waitForSelector('#page[data-busy="0"]');
  const status = await page.getAttribute('#page', 'data-status');
  if (status === 'over') return 'over';
  if ((await page.getAttribute('#page', 'data-mine')) !== '1') return 'wait';
  const v = await version(page);
  if (await page.isEnabled('#throw')) {
    await page.click('#throw');
  } else if (await page.isVisible('#confirm-move')) {
    await page.click('#confirm-move');
  } else if (await page.locator('.spot.target').count()) {
    // Any target will do; after it the move is played or its preview asks for confirmation.
    await page.locator('.spot.target').first().click();
    await page.waitForFunction((v) => Number(document.querySelector('#page').dataset.version) > v ||
      !document.querySelector('#confirm').classList.contains('hidden'), v);
    if (await page.isVisible('#confirm-move')) {
      // The preview: the board shows where the pieces end up before the move is committed.
      if ((await page.locator('.pieces .arrive').count()) === 0) throw new Error('a move asks for confirmation but the board shows no preview');
      page.previews = (page.previews || 0) + 1;
      await page.click('#confirm-move');
    }
  } else if (await page.locator('.spot.movable').count()) {
    await page.locator('.spot.movable').first().click();
    await page.waitForSelector('.spot.target');
    return 'select';
  } else if (await page.locator('#moves button').count()) {
    // No piece on the board to click: the only choices are buttons (pass, Kendall's "throw").
    await page.locator('#moves button').first().click();
  } else {
    throw new Error(`nothing to click; status: ${await page.textContent('#status')}`);
  }
  await waitNewer(page, v);
  // A committed move leaves no preview behind.
  if ((await page.locator('.overlay > *').count()) > 0) throw new Error('the preview is still drawn after the move');
  return 'acted';
}

/**
 * Starts the server and the browser before a test file's tests and stops both after them;
 * `use(server, browser)` receives them once started. Every file needs the pair.
 */
export function withServerAndBrowser(use) {
  let server, browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
    use(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Calls the server's API at `base` and returns the JSON answer; a refusal fails the test. */
export async function callApi(base, method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const raw = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${raw}`);
  return JSON.parse(raw);
}
