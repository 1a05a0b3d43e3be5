// /replay: open a local .ngr record (or, with ?game=ID, a game of this server), have the server
// replay it (POST /api/replay), then step through its frames with buttons or the arrow keys
// (Home/End jump to the ends); a link opens its review.
import { h } from './svg.js';
import { api } from './api.js';
import { BoardView } from './boardview.js';
import { drawSticks } from './sticks.js';
import { showError, clearError } from './app.js';

/** Where the replay page leaves a record for the review page (too large for an address). */
export const REVIEW_RECORD_KEY = 'nefer.review.record';

export function replayPage(root) {
  document.title = 'nefer · replay';
  const file = h('input', { type: 'file', id: 'ngr-file', accept: '.ngr,text/plain' });
  const area = h('div', { id: 'replay' });
  file.addEventListener('change', async () => {
    clearError();
    const f = file.files[0];
    if (!f) return;
    try {
      const text = await f.text();
      const rep = await api.replay(text);
      show(area, rep, f.name, { text });
    } catch (e) {
      area.replaceChildren();
      showError(`${f.name} could not be replayed: ${e.message}`);
    }
  });
  root.replaceChildren(h('h1', {}, 'Replay a game record'),
    h('div', { class: 'panel' }, h('label', { for: 'ngr-file' }, 'Open an .ngr file: '), file),
    area);
  const game = new URLSearchParams(location.search).get('game');
  if (game) {
    area.replaceChildren(h('p', {}, 'Loading the game…'));
    api.recordText(game)
      .then(async (text) => show(area, await api.replay(text), `game ${game}`, { game }))
      .catch((e) => { area.replaceChildren(); showError(`Game ${game} could not be replayed: ${e.message}`); });
  }
}

/** The review of what is replayed: the game's own review page, or the record's (handed over in
 * sessionStorage, which a new page of this tab reads). */
function reviewLink({ game, text }) {
  if (game) return h('a', { class: 'button', id: 'review-link', href: `/review/${encodeURIComponent(game)}` }, 'Review this game');
  return h('a', {
    class: 'button', id: 'review-link', href: '/review#record',
    onclick: () => { try { sessionStorage.setItem(REVIEW_RECORD_KEY, text); } catch { /* the review page asks for the file */ } },
  }, 'Review this game');
}

function show(area, rep, name, source) {
  const frames = rep.frames || [];
  if (!frames.length) throw new Error('the record has no positions');
  let i = 0;
  const headers = rep.headers || {};
  const seatName = (s) => headers[`player-${s}`] || `Seat ${s}`;
  const boardBox = h('div', { class: `board-wrap ${rep.board.family}` });
  const board = new BoardView(boardBox, rep.board, { seatLabel: (s) => (seatName(s).endsWith(` ${s}`) ? seatName(s) : `${seatName(s)} · ${s}`) });
  const counter = h('span', { id: 'frame-no', 'aria-live': 'polite' });
  const info = h('p', { class: 'status', id: 'frame-info' });
  const sticksBox = h('div', { class: 'sticks-box' });
  const tokens = h('div', { class: 'tokens', id: 'tokens' });
  const btn = (label, id, fn) => h('button', { type: 'button', id, class: 'secondary', onclick: () => { fn(); draw(); } }, label);
  const first = btn('« Start', 'first', () => { i = 0; });
  const prev = btn('◀ Back', 'prev', () => { i = Math.max(0, i - 1); });
  const next = btn('Forward ▶', 'next', () => { i = Math.min(frames.length - 1, i + 1); });
  const last = btn('End »', 'last', () => { i = frames.length - 1; });
  const tokenSpans = frames.slice(1).map((f, k) => {
    const sp = h('span', { 'data-i': k + 1 }, f.token);
    sp.addEventListener('click', () => { i = k + 1; draw(); });
    return sp;
  });
  tokens.append(...tokenSpans.flatMap((sp) => [sp, ' ']));

  function draw() {
    const f = frames[i];
    board.render(f.layout);
    counter.textContent = `${i} / ${frames.length - 1}`;
    const st = f.status || {};
    // What the action did, in the server's words (it names the seats as the record does).
    let text = i === 0 ? 'The start.' : `After ${frames[i].token}: ${frames[i].text || ''}`;
    if (st.kind === 'over') {
      const why = st.reason || (st.result === 'draw' ? 'a draw.' : `${seatName(st.result)} (${st.result}) wins.`);
      // The action that ended the game already says why, in the same words.
      text += text.includes(why) ? ' Game over.' : ` Game over: ${why}`;
    }
    else if (st.seat) text += ` ${seatName(st.seat)} (${st.seat}) is to ${st.kind === 'throw' ? 'throw' : `move${st.throw ? ` a ${st.throw}` : ''}`}.`;
    info.textContent = text;
    sticksBox.replaceChildren(drawSticks(f.sticks || null, f.throw_value));
    tokenSpans.forEach((sp, k) => sp.classList.toggle('current', k + 1 === i));
    prev.disabled = first.disabled = i === 0;
    next.disabled = last.disabled = i === frames.length - 1;
  }
  area.replaceChildren(
    h('h2', {}, `${name}: ${rep.title || rep.rules}`),
    h('p', {}, `${seatName('A')} (A) against ${seatName('B')} (B). Result: ${rep.result || 'unfinished'}. `, reviewLink(source)),
    h('div', { class: 'game' }, boardBox,
      h('div', {},
        h('section', { class: 'panel' }, info, sticksBox,
          h('div', { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the game' }, first, prev, counter, next, last),
          h('p', {}, 'Keys: ← and → step, Home and End jump.')),
        h('section', { class: 'panel' }, h('h2', {}, 'Actions'), tokens))));
  document.onkeydown = (e) => {
    if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) && e.target.type !== 'file') return;
    const k = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (k) i = Math.min(frames.length - 1, Math.max(0, i + k));
    else if (e.key === 'Home') i = 0;
    else if (e.key === 'End') i = frames.length - 1;
    else return;
    e.preventDefault();
    draw();
  };
  draw();
  next.focus();
}
