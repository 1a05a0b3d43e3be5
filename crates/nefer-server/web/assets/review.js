// /review/{id} and /review: the review of a game of this server (GET /api/games/{id}/review) or
// of a record (POST /api/review): a win-chance graph to click through, every decision with its
// mark and the better move on the board, every throw's luck, each seat's accuracy, luck and
// luck-adjusted result, and the key moments. The positions come from the server's replay of the
// game's record (POST /api/replay), so nothing here knows a rule: the page draws what it is told.
import { h, s, title } from './svg.js';
import { api, reviewTooSlow } from './api.js';
import { BoardView } from './boardview.js';
import { drawSticks } from './sticks.js';
import { showError, clearError } from './app.js';
import { REVIEW_RECORD_KEY } from './replay.js';

/** The page: `id` a game of this server, or null for a record (a file, or the replay page's). */
export async function reviewPage(root, id) {
  document.title = 'nefer · review';
  root.dataset.state = 'idle';
  if (id) {
    const load = async (onProgress, depth) => {
      const [review, text] = await Promise.all([api.reviewStream(id, onProgress, depth), api.recordText(id)]);
      return [review, await api.replay(text), text];
    };
    await run(root, `game ${id}`, load, id);
    return;
  }
  const file = h('input', { type: 'file', id: 'ngr-file', accept: '.ngr,text/plain' });
  const area = h('div', { id: 'review-area' });
  const fromRecord = (text, name) => run(area, name, async (onProgress, depth) => [...await Promise.all([api.reviewRecordStream(text, onProgress, depth), api.replay(text)]), text], null, root);
  file.addEventListener('change', async () => {
    clearError();
    const f = file.files[0];
    if (f) await fromRecord(await f.text(), f.name);
  });
  root.replaceChildren(h('h1', {}, 'Review a game record'),
    h('div', { class: 'panel' }, h('label', { for: 'ngr-file' }, 'Open an .ngr file: '), file), area);
  // A record handed over by the replay page.
  let handed = null;
  try { handed = location.hash === '#record' ? sessionStorage.getItem(REVIEW_RECORD_KEY) : null; } catch { /* none */ }
  if (handed) await fromRecord(handed, 'the record');
}

/**
 * Runs `load` (the review and the replay's frames) with a "reviewing…" state: the seconds it
 * has taken, the share of positions analysed and the win-chance graph as far as it has come
 * (`load` hands the review's progress lines to its first argument); then shows the result in
 * `area` (`stateRoot` carries data-state for tests). `load`'s second argument is the depth, the
 * server's default first; a review the server stopped for taking too long is asked again two
 * decisions deep (about ten times faster), and the page says so.
 */
async function run(area, name, load, gameId, stateRoot = area) {
  const started = performance.now();
  const secs = h('span', { id: 'review-secs' }, '0.0');
  const pctText = h('span', { id: 'review-pct' }, '0 %');
  const bar = h('progress', { 'aria-label': 'Reviewing', id: 'review-bar' });
  const box = h('div', { class: 'notice', id: 'review-progress', role: 'status' },
    h('p', {}, `Reviewing ${name}: every position is analysed… `, pctText, ' · ', secs, ' s'), bar);
  let live = null;
  area.replaceChildren(box);
  stateRoot.dataset.state = 'loading';
  const timer = setInterval(() => { secs.textContent = ((performance.now() - started) / 1000).toFixed(1); }, 100);
  // Each line: the bar and the percentage, and the graph's new points.
  const onProgress = (p) => {
    bar.max = p.total;
    bar.value = p.done;
    pctText.textContent = `${Math.floor((100 * p.done) / p.total)} %`;
    box.dataset.done = String(p.done);
    box.dataset.total = String(p.total);
    if (!live) {
      live = liveGraph(p.total - 1);
      box.append(h('section', { class: 'panel' }, h('h2', {}, 'Win chance so far'), live.el));
    }
    live.add(p.from, p.graph, p.decisions);
  };
  let depth;
  let shallower = null;
  try {
    let loaded;
    try {
      loaded = await load(onProgress, depth);
    } catch (e) {
      if (!reviewTooSlow(e)) throw e;
      // Too long three decisions deep (a long game, or a busy server): two deep, from the start.
      depth = 2;
      shallower = 'The review three decisions deep took longer than the server allows, so this one looks two decisions deep: its marks are rougher.';
      live?.el.closest('section')?.remove();
      live = null;
      box.dataset.depth = String(depth);
      loaded = await load(onProgress, depth);
    }
    const [review, replay, text] = loaded;
    clearInterval(timer);
    show(area, review, replay, text, name, gameId, (performance.now() - started) / 1000);
    if (shallower) area.querySelector('.review-how')?.prepend(h('strong', { id: 'review-shallower' }, shallower), ' ');
    stateRoot.dataset.state = 'ready';
  } catch (e) {
    clearInterval(timer);
    area.replaceChildren();
    stateRoot.dataset.state = 'failed';
    showError(`${name} could not be reviewed: ${e.message}`);
  }
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
/** Points of win chance with their sign; ±0.0 where they round to nothing. */
const pts = (x) => (Math.abs(x) < 0.0005 ? '±0.0' : `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`);
const MARK_WORDS = { forced: 'forced', best: 'best', good: 'good', inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder' };

/** A move in notation as its two ends, where it has them ("14-16", "hand-L1"); else null. */
function ends(move, seat) {
  const parts = String(move).split('-');
  return parts.length === 2 ? { seat, from: parts[0], to: parts[1] } : null;
}

/**
 * The record `text` with its first `ply` actions (as the replay's frames name them) and then
 * `move`: the server replays it into the position after the better move (its headers are kept
 * as they are; the server's replay reads no result or dice header).
 */
function recordWith(text, frames, ply, move) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^actions\s*:/.test(l));
  const head = (at < 0 ? lines : lines.slice(0, at)).join('\n');
  const tokens = frames.slice(1, ply + 1).map((f) => f.token);
  return `${head}\nactions: ${[...tokens, move].join(' ')}\n`;
}

function show(area, review, rep, text, name, gameId, seconds) {
  const frames = rep.frames || [];
  // A game in progress may have gone on between the two answers: show what both cover.
  const n = Math.min(review.plies, frames.length - 1);
  const headers = rep.headers || {};
  const seatName = (s) => headers[`player-${s}`] || `Seat ${s}`;
  const decisionAt = new Map(review.decisions.map((d) => [d.ply, d]));
  const throwAt = new Map(review.throws.map((t) => [t.ply, t]));
  let i = 0;
  const afterBest = new Map(); // ply → layout after the better move, asked for once

  /** Shows on the board where the pieces would stand after decision `d`'s better move. */
  async function showBetter(d, button) {
    try {
      button.disabled = true;
      if (!afterBest.has(d.ply)) {
        const r = await api.replayPage(recordWith(text, frames, d.ply, d.best), d.ply + 1);
        afterBest.set(d.ply, r.frames[0].layout);
      }
      if (i !== d.ply) return;
      board.preview(afterBest.get(d.ply));
      area.dataset.better = String(d.ply);
      button.textContent = `The board shows the position after ${d.best}; step on to leave it`;
    } catch (e) {
      showError(`The better move could not be shown: ${e.message}`);
      button.disabled = false;
    }
  }

  // The board and the moment shown.
  const boardBox = h('div', { class: `board-wrap ${rep.board.family}` });
  const board = new BoardView(boardBox, rep.board, { seatLabel: (st) => (seatName(st).endsWith(` ${st}`) ? seatName(st) : `${seatName(st)} · ${st}`) });
  const counter = h('span', { id: 'review-frame', 'aria-live': 'polite' });
  const info = h('p', { class: 'status', id: 'review-info' });
  const detail = h('div', { id: 'review-detail' });
  const sticksBox = h('div', { class: 'sticks-box' });
  const btn = (label, bid, fn) => h('button', { type: 'button', id: bid, class: 'secondary', onclick: () => { fn(); draw(); } }, label);
  const first = btn('« Start', 'first', () => { i = 0; });
  const prev = btn('◀ Back', 'prev', () => { i = Math.max(0, i - 1); });
  const next = btn('Forward ▶', 'next', () => { i = Math.min(n, i + 1); });
  const last = btn('End »', 'last', () => { i = n; });
  const goto = (k) => { i = Math.max(0, Math.min(n, k)); draw(); };

  // The graph and the lists.
  const graph = winGraph(review, n, goto);
  const actions = actionList(frames, n, decisionAt, throwAt, goto);
  const moments = h('ol', { id: 'key-moments', class: 'key-moments' }, review.key_moments.filter((k) => k.ply < n).map((k) => h('li', { 'data-ply': k.ply },
    h('button', { type: 'button', class: 'linkish', onclick: () => goto(k.ply + 1) },
      `${k.ply + 1}. ${k.seat ? `${seatName(k.seat)} (${k.seat})` : 'The draw'}: ${k.kind === 'throw' ? 'threw' : 'played'} ${k.action}`),
    ` — ${seatName('A')}'s win chance ${pct(k.before)} → ${pct(k.after)} (${pts(k.swing)} points)`)));

  function draw() {
    const f = frames[i];
    // The move that led here, marked as the game page marks the last move.
    const led = i > 0 && decisionAt.has(i - 1) ? ends(f.token || '', decisionAt.get(i - 1).seat) : null;
    board.render(f.layout, { lastMove: led });
    counter.textContent = `${i} / ${n}`;
    area.dataset.frame = String(i);
    const st = f.status || {};
    let text = i === 0 ? 'The start.' : `After ${f.token}: ${f.text || ''}`;
    if (st.kind === 'over') text += ' Game over.';
    else if (st.seat) text += ` ${seatName(st.seat)} (${st.seat}) is to ${st.kind === 'throw' ? 'throw' : `move${st.throw ? ` a ${st.throw}` : ''}`}.`;
    info.textContent = `${text} ${seatName('A')}'s win chance: ${pct(review.graph[i])}.`;
    sticksBox.replaceChildren(drawSticks(f.sticks || null, f.throw_value));
    detail.replaceChildren(...momentDetail(i));
    // A better move's result shown before goes with the moment (render redraws the pieces).
    delete area.dataset.better;
    // The decision due here: the move played and, if it was not the best, the better one.
    const d = decisionAt.get(i);
    const arrows = [];
    if (d && !d.forced) {
      const played = ends(d.played, d.seat);
      const best = ends(d.best, d.seat);
      if (played) arrows.push({ ...played, cls: 'played-move' });
      if (best && d.best !== d.played) arrows.push({ ...best, cls: 'better-move' });
    }
    board.arrows(arrows);
    graph.setCursor(i);
    actions.setCurrent(i);
    prev.disabled = first.disabled = i === 0;
    next.disabled = last.disabled = i === n;
  }

  /** The seat whose action was the `ply`-th (from the review's lists). */
  function seatOfAction(ply) {
    const d = decisionAt.get(ply);
    if (d) return d.seat;
    const t = throwAt.get(ply);
    return t ? t.seat : null;
  }

  /** What the review says of the action that led here and of the decision due here. */
  function momentDetail(k) {
    const out = [];
    const t = throwAt.get(k - 1);
    if (t) {
      out.push(h('p', { class: 'luck-line' }, `${t.seat ? `${seatName(t.seat)}'s` : 'The draw of who starts:'} throw ${t.outcome} (chance ${pct(t.probability)}): luck ${pts(t.luck)} points — win chance ${pct(t.expected)} expected, ${pct(t.win_chance)} once it fell.`));
    }
    const d = decisionAt.get(k);
    if (d) {
      const who = `${seatName(d.seat)} (${d.seat})`;
      if (d.forced) out.push(h('p', {}, `${who} had one move: ${d.played}.`));
      else {
        out.push(h('p', { class: `decision-line mark-${d.mark}`, id: 'decision-line', 'data-mark': d.mark },
          h('span', { class: `mark-badge mark-${d.mark}` }, MARK_WORDS[d.mark]), ` ${who}${d.throw ? ` with a ${d.throw}` : ''} played ${d.played} (win chance ${pct(d.win_chance)}`,
          d.best !== d.played ? `, ${pts(-d.loss)} points). Better: ${d.best} (${pct(d.best_win_chance)}), shown on the board in green; the move played in red.` : ', the best).'));
        if (d.best !== d.played) {
          const b = h('button', { type: 'button', class: 'secondary small', id: 'show-better', onclick: () => showBetter(d, b) }, `Show the position after ${d.best}`);
          out.push(h('div', { class: 'row' }, b));
        }
      }
    }
    return out;
  }

  const seatsTable = seatTable(review, seatName);
  area.replaceChildren(
    h('h1', {}, `Review: ${rep.title || rep.rules}`),
    h('p', {}, `${seatName('A')} (A) against ${seatName('B')} (B) · ${review.result ? (review.result === 'draw' ? 'a draw' : `${seatName(review.result)} (${review.result}) won`) : 'the game goes on'} · ${n} actions · ${name}`,
      gameId ? [' · ', h('a', { href: `/game/${encodeURIComponent(gameId)}` }, 'the game'), ' · ', h('a', { href: `/replay?game=${encodeURIComponent(gameId)}` }, 'replay')] : null),
    h('p', { class: 'review-how' }, `Valued ${review.depth} decisions deep by the ${review.evaluator} evaluation in ${seconds.toFixed(1)} s. `,
      review.calibrated ? 'Win chances are chances: 60 % means six games in ten.' : 'This evaluation only ranks moves: compare the figures within this game, not with other games.',
      ` Marks by the loss of win chance: best ≤ ${review.thresholds.best_within * 100}, good < ${review.thresholds.good_below * 100}, inaccuracy < ${review.thresholds.inaccuracy_below * 100}, mistake < ${review.thresholds.mistake_below * 100} points, blunder beyond.`),
    seatsTable,
    h('section', { class: 'panel' }, h('h2', {}, 'Win chance'), graph.el,
      h('p', { class: 'graph-legend' }, h('span', { class: 'swatch a' }), ` ${seatName('A')} (A)  `, h('span', { class: 'swatch b' }), ` ${seatName('B')} (B)  `,
        h('span', { class: 'swatch err' }), ' a mistake or blunder · click the graph to go to that moment')),
    h('div', { class: `game ${rep.board.family} review` }, boardBox,
      h('div', {},
        h('section', { class: 'panel' }, info, detail, sticksBox,
          h('div', { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the game' }, first, prev, counter, next, last),
          h('p', {}, 'Keys: ← and → step, Home and End jump.')),
        h('section', { class: 'panel' }, h('h2', {}, 'Key moments'), moments),
        h('section', { class: 'panel' }, h('h2', {}, 'Every action'), actions.el))));
  document.onkeydown = (e) => {
    if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) && e.target.type !== 'file') return;
    const k = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (k) i = Math.min(n, Math.max(0, i + k));
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = n;
    else return;
    e.preventDefault();
    draw();
  };
  draw();
}

/** Per seat: accuracy, mean loss, marks, luck and the luck-adjusted result. */
function seatTable(review, seatName) {
  const row = (st) => {
    const x = review.seats[st];
    const cell = (field, text) => h('td', { 'data-field': field }, text);
    return h('tr', { 'data-seat': st },
      h('th', { scope: 'row' }, `${seatName(st)} (${st})`),
      cell('accuracy', x.accuracy === null ? '–' : `${x.accuracy.toFixed(1)} %`),
      cell('error_rate', x.error_rate === null ? '–' : (x.error_rate * 100).toFixed(2)),
      cell('decisions', String(x.decisions)),
      cell('inaccuracies', String(x.inaccuracies)),
      cell('mistakes', String(x.mistakes)),
      cell('blunders', String(x.blunders)),
      cell('luck', pts(x.luck)),
      cell('net_luck', pts(x.net_luck)),
      cell('result', x.result === null ? '–' : String(x.result)),
      cell('luck_adjusted_result', x.luck_adjusted_result === null ? '–' : x.luck_adjusted_result.toFixed(2)));
  };
  return h('section', { class: 'panel table-wrap' }, h('h2', {}, 'The seats'),
    h('table', { id: 'review-seats', class: 'review-seats' },
      h('thead', {}, h('tr', {}, ...['', 'accuracy', 'mean loss (points)', 'decisions', 'inaccuracies', 'mistakes', 'blunders', 'luck (points)', 'net luck', 'result', 'luck-adjusted'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, row('A'), row('B'))),
    h('p', { class: 'small' }, 'Accuracy: the share of what a seat\'s choices put at stake that it kept (100 the best moves, about 50 random ones). Luck: the win chance its throws brought, against what it could expect. Luck-adjusted: its result less its net luck — what it would have scored with average throws.'));
}

/**
 * Seat A's and seat B's win chance after every action, as an SVG graph: a point per action
 * (`data-i`, `data-a`: seat A's chance), mistakes and blunders marked, the key moments shaded;
 * a click anywhere goes to the nearest action.
 */
function winGraph(review, n, goto) {
  const W = 1000, H = 260, x0 = 44, x1 = 990, y0 = 12, y1 = 232;
  const x = (k) => x0 + (n ? (k * (x1 - x0)) / n : 0);
  const y = (p) => y1 - p * (y1 - y0);
  const values = review.graph.slice(0, n + 1);
  const grid = [0, 0.25, 0.5, 0.75, 1].flatMap((p) => [
    s('line', { x1: x0, x2: x1, y1: y(p), y2: y(p), class: p === 0.5 ? 'grid mid' : 'grid' }),
    s('text', { x: x0 - 6, y: y(p) + 4, 'text-anchor': 'end', class: 'axis' }, `${p * 100}%`)]);
  const bands = review.key_moments.filter((k) => k.ply < n).map((k) => s('rect', { x: x(k.ply), y: y0, width: Math.max(x(k.ply + 1) - x(k.ply), 2), height: y1 - y0, class: 'key-band', 'data-ply': k.ply }));
  const errs = review.decisions.filter((d) => d.ply < n && (d.mark === 'mistake' || d.mark === 'blunder'))
    .map((d) => s('path', { d: `M${x(d.ply)},${y0 - 2} l-5,-9 h10 z`, class: `err-mark mark-${d.mark}`, 'data-ply': d.ply }, title(`${d.ply + 1}: ${d.seat} played ${d.played}, a ${d.mark}; better ${d.best}`)));
  const line = (f, cls) => s('polyline', { points: values.map((v, k) => `${x(k).toFixed(2)},${y(f(v)).toFixed(2)}`).join(' '), class: cls });
  const points = values.map((v, k) => s('circle', { cx: x(k), cy: y(v), r: n > 300 ? 2 : 3, class: 'pt', 'data-i': k, 'data-a': String(v) }));
  const cursor = s('line', { y1: y0, y2: y1, class: 'cursor' });
  const svg = s('svg', { viewBox: `0 -12 ${W} ${H + 12}`, class: 'wc-graph', id: 'wc-graph', role: 'img', 'aria-label': `Win chance of seat A after each of ${n} actions; the list of every action below has the same moments.` },
    ...grid, ...bands, line((v) => 1 - v, 'line-b'), line((v) => v, 'line-a'), ...errs, ...points, cursor);
  svg.addEventListener('click', (e) => {
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const p = pt.matrixTransform(ctm.inverse());
    goto(n ? Math.round(((p.x - x0) / (x1 - x0)) * n) : 0);
  });
  return {
    el: h('div', { class: 'graph-wrap' }, svg),
    setCursor(k) {
      cursor.setAttribute('x1', x(k));
      cursor.setAttribute('x2', x(k));
      for (const c of points) c.classList.toggle('current', Number(c.dataset.i) === k);
    },
  };
}

/**
 * The graph of `winGraph` while the review is made: the same axes for `n` actions, each point
 * and both seats' lines drawn as its progress line comes (`data-i`, `data-a` as the full
 * graph's), mistakes and blunders marked.
 */
function liveGraph(n) {
  const W = 1000, H = 260, x0 = 44, x1 = 990, y0 = 12, y1 = 232;
  const x = (k) => x0 + (n ? (k * (x1 - x0)) / n : 0);
  const y = (p) => y1 - p * (y1 - y0);
  const grid = [0, 0.25, 0.5, 0.75, 1].flatMap((p) => [
    s('line', { x1: x0, x2: x1, y1: y(p), y2: y(p), class: p === 0.5 ? 'grid mid' : 'grid' }),
    s('text', { x: x0 - 6, y: y(p) + 4, 'text-anchor': 'end', class: 'axis' }, `${p * 100}%`)]);
  const lineA = s('polyline', { points: '', class: 'line-a' });
  const lineB = s('polyline', { points: '', class: 'line-b' });
  const marks = s('g', {});
  const dots = s('g', {});
  const svg = s('svg', { viewBox: `0 -12 ${W} ${H + 12}`, class: 'wc-graph', id: 'wc-graph-live', role: 'img', 'aria-label': 'Win chance of seat A so far, as the review goes on' },
    ...grid, lineB, lineA, marks, dots);
  const a = [], b = [];
  return {
    el: h('div', { class: 'graph-wrap' }, svg),
    add(from, values, decisions) {
      values.forEach((v, j) => {
        const k = from + j;
        a.push(`${x(k).toFixed(2)},${y(v).toFixed(2)}`);
        b.push(`${x(k).toFixed(2)},${y(1 - v).toFixed(2)}`);
        dots.append(s('circle', { cx: x(k), cy: y(v), r: n > 300 ? 2 : 3, class: 'pt', 'data-i': k, 'data-a': String(v) }));
      });
      lineA.setAttribute('points', a.join(' '));
      lineB.setAttribute('points', b.join(' '));
      for (const d of decisions) {
        if (d.mark === 'mistake' || d.mark === 'blunder') marks.append(s('path', { d: `M${x(d.ply)},${y0 - 2} l-5,-9 h10 z`, class: `err-mark mark-${d.mark}`, 'data-ply': d.ply }));
      }
    },
  };
}

/** Every action with what the review says of it: a decision's mark, a throw's luck. */
function actionList(frames, n, decisionAt, throwAt, goto) {
  const items = [];
  for (let ply = 0; ply < n; ply++) {
    const d = decisionAt.get(ply), t = throwAt.get(ply);
    const token = frames[ply + 1] ? frames[ply + 1].token : '';
    const seat = d ? d.seat : t ? t.seat : null;
    const attrs = { 'data-ply': ply, 'data-kind': d ? 'decision' : 'throw' };
    let badge;
    if (d) {
      attrs['data-mark'] = d.mark;
      badge = h('span', { class: `mark-badge mark-${d.mark}` }, d.forced ? 'forced' : d.best === d.played ? MARK_WORDS[d.mark] : `${MARK_WORDS[d.mark]} ${pts(-d.loss)}, better ${d.best}`);
    } else if (t) {
      attrs['data-luck'] = String(t.luck);
      badge = h('span', { class: `luck ${t.luck >= 0 ? 'good' : 'bad'}` }, `luck ${pts(t.luck)}`);
    }
    // A decision goes to its position (the better move on the board); a throw to where it fell.
    const li = h('li', attrs, h('button', { type: 'button', class: 'linkish', onclick: () => goto(d ? ply : ply + 1) },
      `${ply + 1}. ${seat ? `${seat}` : '–'} ${token}`), ' ', badge || '');
    items.push(li);
  }
  const el = h('ol', { id: 'review-actions', class: 'review-actions' }, items);
  return {
    el,
    setCurrent(k) {
      for (const li of items) {
        const ply = Number(li.dataset.ply);
        const here = li.dataset.kind === 'decision' ? ply === k : ply + 1 === k;
        li.classList.toggle('current', here);
        if (here && el.scrollHeight > el.clientHeight) el.scrollTop = li.offsetTop - el.offsetTop - el.clientHeight / 2;
      }
    },
  };
}
