// `nefer study --out DIR` writes report.html: a self-contained page of SVG charts. This test runs
// a small study (the French race swept over its shortcuts' direction, with win chances and a
// skill pair: every kind of chart), opens the page from disk in headless Chromium with every
// network request refused, and checks that each chart is drawn with its data: bars in the
// length histograms, lines along the sample games, a point per rule set in skill against luck,
// a line with interval bars per swept metric.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, launch, newPage } from './lib.mjs';

let dir, browser;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nefer-study-'));
  const run = spawnSync(BIN, [
    'study', '--rules', 'hj.french', '--sweep', 'hj.lines', '--games', '40', '--seed', '5',
    '--win-chances', '4', '--depth', '1', '--players', 'greedy/random', '--skill-games', '20',
    '--threads', '2', '--out', dir,
  ], { encoding: 'utf8', timeout: 120000 });
  assert.equal(run.status, 0, `nefer study failed: ${run.stderr}`);
  assert.ok(existsSync(join(dir, 'report.html')), run.stdout);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the study report draws its charts offline', async () => {
  const page = await newPage(browser);
  const requests = [];
  // Anything but the file itself would be a fetch the page should not need.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    requests.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  const charts = await page.$$eval('figure[data-chart]', (figs) => figs.map((f) => {
    const svg = f.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    return {
      kind: f.dataset.chart,
      width: box.width,
      height: box.height,
      rects: svg ? svg.querySelectorAll('rect').length : 0,
      lines: svg ? svg.querySelectorAll('polyline, path').length : 0,
      circles: svg ? svg.querySelectorAll('circle').length : 0,
      texts: svg ? svg.querySelectorAll('text').length : 0,
    };
  }));
  const of = (kind) => charts.filter((c) => c.kind === kind);
  // One length histogram per row: the three directions of the shortcuts.
  assert.equal(of('length').length, 3, JSON.stringify(charts));
  // Win chances only where the network knows the rules: the default direction's row.
  assert.equal(of('trajectory').length, 1, JSON.stringify(charts));
  assert.equal(of('skill-luck').length, 1, JSON.stringify(charts));
  // First player, length, real choices, Elo spread on every row; luck's share, drama and
  // critical decisions on the default's.
  assert.equal(of('sweep').length, 7, JSON.stringify(charts));
  for (const c of charts) {
    assert.ok(c.width > 100 && c.height > 100, `${c.kind} is drawn: ${JSON.stringify(c)}`);
    assert.ok(c.texts > 3, `${c.kind} has its axes' labels: ${JSON.stringify(c)}`);
  }
  // Data, not only axes: a histogram has bars beyond the background; a trajectory its sample
  // games' lines; the scatter and the sweeps their points.
  for (const c of of('length')) assert.ok(c.rects >= 3, JSON.stringify(c));
  for (const c of of('trajectory')) assert.ok(c.lines >= 4, JSON.stringify(c));
  for (const c of of('skill-luck')) assert.ok(c.circles >= 1, JSON.stringify(c));
  for (const c of of('sweep')) assert.ok(c.circles >= 1 && c.lines >= 2, JSON.stringify(c));
  assert.deepEqual(requests, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
