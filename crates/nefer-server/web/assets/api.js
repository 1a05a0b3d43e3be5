// The JSON API of docs/dev/api.md, and nothing else. Every failure becomes an ApiError carrying
// the server's `error` text, so the page can always tell the user what went wrong.

export class ApiError extends Error {
  constructor(message, status, body = {}) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

// Your games: each game this browser holds a seat of, with its token, kept in localStorage so
// that the seat survives a new tab, a closed browser and a restart (issue 16); the lobby lists
// them and can forget them. One entry per game, newest first, at most GAMES_MAX (the oldest
// goes): a token is a secret of 22 characters, so the list stays a few kilobytes.
const GAMES_KEY = 'nefer.games';
export const GAMES_MAX = 100;

/** Reads localStorage without failing where it is disabled (a private window, a policy). */
function readStore(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function writeStore(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch { return false; }
}

// The player's settings for the game page, kept in localStorage like the seats.
const SETTINGS_KEY = 'nefer.settings';
/** What a setting is until the player changes it: a lost throw passes by itself (after its
 * reason is shown), the only possible move waits for the player (one key plays it), the
 * computer's turn is played out step by step at a readable pace (`normal`, `fast`, `skip`). */
export const SETTINGS_DEFAULT = { autoPass: true, autoForced: false, pace: 'normal', throwMotion: true, throwSound: false };

/** The settings: the defaults with what the player changed. */
export function settings() {
  let kept = {};
  try { kept = JSON.parse(readStore(SETTINGS_KEY) || '{}') || {}; } catch { /* unreadable: the defaults */ }
  return { ...SETTINGS_DEFAULT, ...kept };
}

/** Changes one setting (kept in this browser). */
export function setSetting(name, value) {
  writeStore(SETTINGS_KEY, JSON.stringify({ ...settings(), [name]: value }));
}

/** Your games, newest first: [{id, token, saved, rules, mode, tutor, links}]. */
export function myGames() {
  try {
    const list = JSON.parse(readStore(GAMES_KEY) || '[]');
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
  } catch { return []; }
}

function saveGames(list) {
  writeStore(GAMES_KEY, JSON.stringify(list.slice(0, GAMES_MAX)));
}

/** What this browser keeps of game `id`, or null. */
export function gameInfo(id) {
  return myGames().find((g) => g.id === id) || null;
}

/** Keeps (or updates) game `id` with `fields`; a new game goes first. */
export function rememberGame(id, fields) {
  const list = myGames();
  const i = list.findIndex((g) => g.id === id);
  if (i >= 0) list[i] = { ...list[i], ...fields };
  else list.unshift({ id, saved: new Date().toISOString(), ...fields });
  saveGames(list);
}

/** Forgets game `id` (its token goes: the seat can only come back through its link). */
export function forgetGame(id) {
  saveGames(myGames().filter((g) => g.id !== id));
  try { sessionStorage.removeItem(`nefer.token.${id}`); } catch { /* none kept */ }
}

/** Forgets every game. */
export function forgetAllGames() {
  for (const g of myGames()) forgetGame(g.id);
  writeStore(GAMES_KEY, null);
}

/** The seat token of game `id`: the one kept with your games, else an older tab's session one. */
export function tokenFor(gameId) {
  const g = gameInfo(gameId);
  if (g && g.token) return g.token;
  try { return sessionStorage.getItem(`nefer.token.${gameId}`); } catch { return null; }
}
export function saveToken(gameId, token, fields = {}) {
  if (token) rememberGame(gameId, { ...fields, token });
}
/** Invite/watch links of an online game, kept from the create response (the view lacks them). */
export function linksFor(gameId) {
  const g = gameInfo(gameId);
  return (g && g.links) || null;
}
export function saveLinks(gameId, links) {
  if (links && gameInfo(gameId)) rememberGame(gameId, { links });
}

/** fetch with JSON in and out; `token` goes in the Authorization header. */
export async function request(method, path, { body, token, text = false } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload;
  if (body !== undefined) {
    if (typeof body === 'string') {
      headers['content-type'] = 'text/plain; charset=utf-8';
      payload = body;
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: payload });
  } catch (e) {
    throw new ApiError(`Cannot reach the server (${e.message}).`, 0);
  }
  const raw = await res.text();
  let data = null;
  if (!text || !res.ok) {
    try { data = raw ? JSON.parse(raw) : null; } catch { data = null; }
  }
  if (!res.ok) {
    const msg = (data && data.error) || `The server answered ${res.status} ${res.statusText}${raw && !data ? `: ${raw.slice(0, 200)}` : ''}.`;
    throw new ApiError(msg, res.status, data || {});
  }
  if (text) return raw;
  if (data === null && raw) throw new ApiError('The server sent something that is not JSON.', res.status);
  return data;
}

/**
 * A streamed review (GET /api/games/{id}/review/stream, POST /api/review/stream): reads its
 * lines (one JSON object each) as they come, hands each `progress` line to `onProgress`, and
 * resolves to the `review` line's review. An error before the stream is the server's JSON
 * error; an `error` line, or a stream cut before its review, throws too.
 */
async function reviewStream(method, path, body, onProgress) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'text/plain; charset=utf-8';
  let res;
  try {
    res = await fetch(path, { method, headers, body });
  } catch (e) {
    throw new ApiError(`Cannot reach the server (${e.message}).`, 0);
  }
  if (!res.ok || !res.body) {
    const raw = await res.text();
    let data = null;
    try { data = raw ? JSON.parse(raw) : null; } catch { data = null; }
    throw new ApiError((data && data.error) || `The server answered ${res.status} ${res.statusText}.`, res.status, data || {});
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (e) {
      throw new ApiError(`The review was cut off (${e.message}).`, 0);
    }
    if (chunk.done) break;
    rest += chunk.value;
    let nl;
    while ((nl = rest.indexOf('\n')) >= 0) {
      const line = rest.slice(0, nl).trim();
      rest = rest.slice(nl + 1);
      if (!line) continue;
      const msg = JSON.parse(line);
      if (msg.kind === 'progress') onProgress(msg);
      else if (msg.kind === 'review') return msg.review;
      else if (msg.kind === 'error') throw new ApiError(msg.error, msg.status, msg);
    }
  }
  throw new ApiError('The review stopped before its end.', 0);
}

/** `?depth=D`, or nothing for the server's default depth. */
const depthQuery = (depth) => (depth === undefined ? '' : `?depth=${depth}`);

/**
 * Whether `e` is the server's "the review took too long" (its `code`; a busy server's 503 is
 * `busy`, and asking again at once would not help there).
 */
export const reviewTooSlow = (e) => e instanceof ApiError && e.status === 503 && e.body && e.body.code === 'review_too_slow';

export const api = {
  rules: () => request('GET', '/api/rules'),
  levels: () => request('GET', '/api/levels'),
  create: (spec) => request('POST', '/api/games', { body: spec }),
  game: (id, token) => request('GET', `/api/games/${enc(id)}`, { token }),
  throw: (id, token, version) => request('POST', `/api/games/${enc(id)}/throw`, { token, body: version === undefined ? {} : { version } }),
  move: (id, token, move, version) => request('POST', `/api/games/${enc(id)}/move`, { token, body: { move, version } }),
  undo: (id, token) => request('POST', `/api/games/${enc(id)}/undo`, { token, body: {} }),
  /** Names a seat the token holds (`seat` only where it holds both). */
  name: (id, token, name, seat) => request('POST', `/api/games/${enc(id)}/name`, { token, body: seat ? { name, seat } : { name } }),
  /** Offers or accepts a rematch of a finished game (seats swapped). */
  rematch: (id, token) => request('POST', `/api/games/${enc(id)}/rematch`, { token, body: {} }),
  hint: (id, token) => request('GET', `/api/games/${enc(id)}/hint`, { token }),
  review: (id) => request('GET', `/api/games/${enc(id)}/review`),
  reviewRecord: (ngr) => request('POST', '/api/review', { body: ngr }),
  /**
   * The review of game `id` as it is made: `onProgress` gets each progress line. `depth`: the
   * decisions searched for each value; the server's default (3) when undefined.
   */
  reviewStream: (id, onProgress, depth) => reviewStream('GET', `/api/games/${enc(id)}/review/stream${depthQuery(depth)}`, undefined, onProgress),
  /** The review of a record as it is made. */
  reviewRecordStream: (ngr, onProgress, depth) => reviewStream('POST', `/api/review/stream${depthQuery(depth)}`, ngr, onProgress),
  recordText: (id) => request('GET', `/api/games/${enc(id)}/record`, { text: true }),
  /** One page of a record's replay: the frames from `from`. */
  replayPage: (ngr, from) => request('POST', `/api/replay?from=${from}`, { body: ngr }),
  replay: async (ngr) => {
    // The frames come a page at a time: ask for the rest until every one is here.
    const r = await request('POST', '/api/replay', { body: ngr });
    while (r.frames.length && r.frames.length < r.total) {
      const more = await request('POST', `/api/replay?from=${r.frames.length}`, { body: ngr });
      if (!more.frames.length) break;
      r.frames.push(...more.frames);
    }
    return r;
  },
  // The record needs no token (and an address never carries one: addresses are logged).
  recordUrl: (id) => `/api/games/${enc(id)}/record`,
};

/**
 * Follows the game's server-sent events; `onState(view)` gets every new view. EventSource
 * reconnects by itself; `onStatus(text|null)` hears about lost and regained connections.
 */
export function follow(id, token, onState, onStatus = () => {}) {
  // EventSource cannot send a header and an address never carries a token: the stream is the
  // spectators' (`you` is []), and the page keeps the seats its own requests were told.
  const url = `/api/games/${enc(id)}/events`;
  const es = new EventSource(url);
  es.addEventListener('state', (e) => {
    try { onState(JSON.parse(e.data)); } catch (err) { onStatus(`A live update could not be read: ${err.message}`); }
  });
  es.addEventListener('open', () => onStatus(null));
  es.addEventListener('error', () => onStatus('Live updates interrupted; reconnecting…'));
  return es;
}

function enc(s) {
  return encodeURIComponent(s);
}
