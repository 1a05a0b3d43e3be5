// The rules of a rule set on its board, step by step (issue 16 item 8): entering a piece, a
// special square or hole, meeting the other side, bearing off, the end. Each step is a real
// position the server found (GET /api/rules/{key}/tutorial) with a move to make there: the
// player clicks the piece and where it goes (or "Show me"), and the board shows what the move
// did, in the server's words. Nothing here knows a rule.
import { h } from './svg.js';
import { request } from './api.js';
import { BoardView } from './boardview.js';
import { showError } from './app.js';

/** Fills `box` with the tutorial of rule set `r` (from GET /api/rules: its board). */
export async function showTutorial(box, r) {
  let t;
  try {
    t = await request('GET', `/api/rules/${encodeURIComponent(r.key)}/tutorial`);
  } catch (e) {
    box.replaceChildren();
    showError(`The tutorial could not be loaded: ${e.message}`);
    return;
  }
  const steps = t.steps || [];
  if (!steps.length) { box.replaceChildren(); return; }
  let at = 0;
  let done = false;
  let selected = null;
  const count = h('p', { id: 'tut-count', class: 'tut-count' });
  const text = h('p', { id: 'tut-text' });
  const said = h('p', { id: 'tut-said', class: 'said', 'aria-live': 'polite' });
  const wrap = h('div', { class: 'board-wrap tutorial-board show-numbers' });
  const board = new BoardView(wrap, r.board, { onActivate: (spot) => activate(spot) });
  const back = h('button', { type: 'button', class: 'secondary', id: 'tut-back', onclick: () => go(at - 1) }, 'Back');
  const show = h('button', { type: 'button', id: 'tut-show', onclick: () => play() }, 'Show me');
  const next = h('button', { type: 'button', class: 'secondary', id: 'tut-next', onclick: () => go(at + 1) }, 'Next');
  box.replaceChildren(h('h2', {}, 'Learn on the board'), count, text, wrap, said, h('div', { class: 'row' }, back, show, next));

  const step = () => steps[at];
  const spots = () => {
    const s = step();
    const m = s.move;
    if (!m.from || !m.to) return { from: null, to: null };
    return { from: board.spotFor(m.from, s.seat), to: board.spotFor(m.to, s.seat) };
  };
  function marks() {
    const { from, to } = spots();
    const m = step().move;
    const movable = new Map();
    const targets = new Map();
    if (!done && from && !selected) movable.set(from, `the piece to move: ${m.text}`);
    if (!done && from && selected === from && to) targets.set(to, `move it here: ${m.text}`);
    board.setMarks({ movable, targets, selected: done ? null : selected, hint: [] });
  }
  function go(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    done = false;
    selected = null;
    const s = step();
    box.dataset.step = String(at);
    box.dataset.topic = s.topic;
    box.dataset.done = '0';
    count.textContent = `Step ${at + 1} of ${steps.length}: ${s.title}`;
    text.textContent = s.text;
    const { from } = spots();
    said.textContent = from ? 'Click the highlighted piece, then where it goes — or press "Show me".' : 'Press "Show me" to make the move.';
    board.render(s.layout, {});
    marks();
    back.disabled = at === 0;
    next.disabled = at === steps.length - 1;
    show.disabled = false;
  }
  function activate(spot) {
    if (done) return;
    const { from, to } = spots();
    if (spot === from) { selected = from; marks(); if (to) board.focus(to); return; }
    if (selected && spot === to) play();
  }
  function play() {
    if (done) return;
    const s = step();
    const m = s.move;
    done = true;
    box.dataset.done = '1';
    board.render(m.after, { lastMove: m.from && m.to ? { seat: s.seat, from: m.from, to: m.to } : null, animate: Boolean(m.from && m.to) });
    marks();
    // What the move did, in the server's words; the move itself where it does nothing more.
    const effects = (m.effects || []).map((e) => e.text);
    said.textContent = `${capital(effects.length ? effects.join('; ') : m.text)}.`;
    show.disabled = true;
    if (!next.disabled) next.focus();
  }
  go(0);
}

function capital(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}
