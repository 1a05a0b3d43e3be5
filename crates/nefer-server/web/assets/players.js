// Who plays (issue 16 item 9), in every mode: both seats' names and whether each player is
// there, a name of your own, the heartbeat that keeps your seat "connected", and the rematch
// at the game's end (the seats swapped, your seat's token carried over). The server decides
// every part of it (docs/dev/api.md): this module only says and asks.
import { h } from './svg.js';
import { api, gameInfo, rememberGame, tokenFor } from './api.js';
import { showError, clearError } from './app.js';

/** How often an open page says that its seat is there: well within the server's presence
 * timeout (20 s by default), so that one late request does not make the seat look away. */
export const HEARTBEAT_MS = 5000;

/**
 * Keeps the seats of `token` marked connected while this page is open: at once, then every
 * HEARTBEAT_MS; when the page is left (closed, reloaded, navigated away) it says so, so that
 * the other player sees "away" at once. A background tab's timers are slowed by the browser:
 * after some minutes there the seat shows away until the tab is looked at again. Returns a
 * function that stops it.
 */
export function keepPresent(id, token) {
  const say = (present, keepalive = false) => fetch(`/api/games/${encodeURIComponent(id)}/presence`, {
    method: 'POST',
    // (keepalive: the request outlives the page that is being closed)
    keepalive,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ present }),
  }).catch(() => { /* the next beat, or the live-updates notice, tells */ });
  say(true);
  const timer = setInterval(() => say(true), HEARTBEAT_MS);
  const seen = () => { if (document.visibilityState === 'visible') say(true); };
  const leave = () => say(false, true);
  document.addEventListener('visibilitychange', seen);
  window.addEventListener('pagehide', leave);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', seen);
    window.removeEventListener('pagehide', leave);
  };
}

/** What the players line says of a seat's player: the computer, connected or away. */
function presenceWords(seat) {
  if (seat.kind === 'computer') return 'the computer';
  return seat.presence === 'connected' ? 'connected' : 'away';
}

/**
 * The players line under the title: each seat's name, whose it is, and whether its player is
 * there (`#players`, one `[data-seat][data-presence]` per seat).
 */
export function renderPlayers(el, view, you) {
  const mine = (s) => you.includes(s) && view.mode !== 'local';
  el.replaceChildren(...['A', 'B'].flatMap((s, i) => {
    const seat = view.seats[s];
    const state = seat.kind === 'computer' ? 'computer' : seat.presence;
    const part = h('span', { class: 'player', 'data-seat': s, 'data-presence': state },
      h('span', { class: 'presence-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'player-name' }, seat.name), ` (${s}${mine(s) ? ', you' : ''}) `,
      h('span', { class: 'presence-word' }, presenceWords(seat)));
    return i ? [' · ', part] : [part];
  }));
}

/**
 * The players panel: a name field for every seat this page holds that a person plays (both on
 * one screen, none for a spectator or the computer's seat). The server checks the name (at
 * most 40 characters, no control characters) and its refusal is shown as it says it.
 * `onView(view)` gets the game view the server answers with.
 */
export function namesPanel(page, onView) {
  const v = page.view;
  const seats = ['A', 'B'].filter((s) => page.you().includes(s) && v.seats[s].kind === 'human');
  if (!seats.length) return '';
  const rows = seats.map((s) => {
    const input = h('input', {
      type: 'text', id: `name-${s}`, value: v.seats[s].name, maxlength: 40, autocomplete: 'nickname',
      'aria-label': seats.length > 1 ? `Name of seat ${s}` : 'Your name',
    });
    const save = h('button', {
      type: 'button', class: 'secondary', id: `save-name-${s}`,
      onclick: async () => {
        clearError();
        save.disabled = true;
        try {
          onView(await api.name(page.id, page.token, input.value, seats.length > 1 ? s : undefined));
          save.textContent = 'Saved';
          setTimeout(() => { save.textContent = 'Save'; }, 1500);
        } catch (e) {
          showError(e.message);
        }
        save.disabled = false;
      },
    }, 'Save');
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') save.click(); });
    return h('div', {}, h('label', { for: `name-${s}` }, seats.length > 1 ? `Seat ${s}'s name` : 'Your name (shown to everyone)'),
      h('div', { class: 'row' }, input, save));
  });
  return h('section', { class: 'panel', id: 'names', 'aria-label': 'Names' }, h('h2', {}, 'Names'), rows);
}

/**
 * The rematch in the game-over banner: the same rules and options with the seats swapped.
 * Against the computer or on one screen one click starts it; online the first player offers
 * it and the other accepts. Spectators are shown the rematch to watch once it exists.
 */
export function rematchControls(page) {
  const v = page.view;
  const r = v.rematch || {};
  const you = page.you();
  if (r.game) {
    return h('a', { class: 'button', id: 'rematch-link', href: `/game/${encodeURIComponent(r.game)}` },
      you.length ? 'Play the rematch' : 'Watch the rematch');
  }
  if (!you.length) {
    return r.offered_by ? h('span', { id: 'rematch-state' }, `${v.seats[r.offered_by].name} offers a rematch.`) : '';
  }
  const online = v.mode === 'online';
  const mine = r.offered_by && you.includes(r.offered_by);
  const other = online && you.length === 1 ? (you[0] === 'A' ? 'B' : 'A') : null;
  let label = 'Rematch (seats swapped)';
  if (online && mine) label = `Rematch offered: waiting for ${v.seats[other].name}`;
  else if (online && r.offered_by) label = `Accept ${v.seats[r.offered_by].name}'s rematch (seats swapped)`;
  else if (online) label = 'Offer a rematch (seats swapped)';
  return h('button', {
    type: 'button', id: 'rematch', disabled: Boolean(mine), 'data-offered': r.offered_by || '',
    onclick: async (e) => {
      clearError();
      e.target.disabled = true;
      try {
        page.takeSeats(await api.rematch(page.id, page.token));
      } catch (err) {
        showError(err.message);
        e.target.disabled = false;
      }
    },
  }, label);
}

/**
 * Once the rematch exists, a player goes to it, their token kept for it as for any game of
 * theirs (`nefer.games` in localStorage: the same token holds their new seat there).
 * Whether the page was left for it.
 */
export function goToRematch(id, view, you) {
  const next = view.rematch && view.rematch.game;
  const token = tokenFor(id);
  if (!next || !token || !you.length) return false;
  const kept = gameInfo(id) || {};
  rememberGame(next, { token, rules: view.rules, mode: view.mode, tutor: kept.tutor, rematchOf: id });
  location.assign(`/game/${encodeURIComponent(next)}`);
  return true;
}
