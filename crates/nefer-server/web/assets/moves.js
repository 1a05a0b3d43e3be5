// Pure helpers about legal moves and layouts (no DOM): what a move does beyond moving one
// piece, where a line jump happens, and the history written in notation.

const SEATS = ['A', 'B'];

/** Counts of places in a seat's board list. */
function counts(list) {
  const m = new Map();
  for (const p of list) m.set(p, (m.get(p) || 0) + 1);
  return m;
}

function sameCounts(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** The layout when only the moved piece changes: from FROM (or hand) to TO (or off/hand). */
export function plainAfter(layout, seat, from, to) {
  const out = JSON.parse(JSON.stringify(layout));
  const l = out[seat];
  if (from === 'hand') l.hand -= 1;
  else {
    const i = l.board.indexOf(from);
    if (i >= 0) l.board.splice(i, 1);
  }
  if (to === 'off') l.off += 1;
  else if (to === 'hand') l.hand += 1;
  else l.board.push(to);
  return out;
}

/** True when two layouts hold the same pieces in the same places and pools. */
export function sameLayout(a, b) {
  return SEATS.every((s) => a[s].hand === b[s].hand && a[s].off === b[s].off &&
    (a[s].trophies || 0) === (b[s].trophies || 0) && sameCounts(counts(a[s].board), counts(b[s].board)));
}

/** Circuit path rule sets run round the opponent's side (SPEC §2.5). */
export function isCircuit(rules, options = '') {
  return rules === 'hj.washburne' || (rules === 'hj.walker' && /hj\.walker\.variation\s*=\s*true/.test(options || ''));
}

/** Path index of an H&J place for a seat (A's home side is L); null for pools. */
function pathIndex(place, seat) {
  const home = seat === 'A' ? 'L' : 'R';
  if (place === 'S') return 30;
  const m = /^([LR])(\d+)$/.exec(place);
  if (!m) return null;
  const n = Number(m[2]);
  return m[1] === home ? n : 60 - n;
}

function placeAt(i, seat, circuit) {
  const home = seat === 'A' ? 'L' : 'R', away = seat === 'A' ? 'R' : 'L';
  if (i >= 1 && i <= 29) return `${home}${i}`;
  if (i === 30) return 'S';
  if (circuit && i >= 31 && i <= 59) return `${away}${60 - i}`;
  return null;
}

/**
 * For an H&J move, the hole the throw counted to when a line then carried the piece elsewhere:
 * [landing, final] (e.g. ['L6', 'L20'] for L4-L20 on a 2), else null.
 */
export function lineJump(rules, options, seat, from, to, t) {
  if (!rules.startsWith('hj.') || !t || from === 'hand' || to === 'off' || to === 'hand') return null;
  const i = pathIndex(from, seat);
  if (i === null) return null;
  const landing = placeAt(i + t, seat, isCircuit(rules, options));
  if (!landing || landing === to) return null;
  const n = Number(landing.slice(1));
  return [6, 8, 10, 20].includes(n) && landing[0] === to[0] ? [landing, to] : null;
}

/**
 * What a move does beyond moving its piece, in words (for the confirmation before committing):
 * exchanges, knock-offs, captures, loads. Empty when nothing else happens.
 */
export function sideEffects(before, after, seat, from, to, names) {
  const plain = plainAfter(before, seat, from, to);
  if (sameLayout(plain, after)) return [];
  const words = [];
  for (const s of SEATS) {
    const who = s === seat ? 'your' : `${names[s]}'s`;
    const b = counts(plain[s].board), a = counts(after[s].board);
    const gone = [], came = [];
    for (const [p, n] of b) for (let k = (a.get(p) || 0); k < n; k++) gone.push(p);
    for (const [p, n] of a) for (let k = (b.get(p) || 0); k < n; k++) came.push(p);
    while (gone.length && came.length) words.push(`${who} piece on ${gone.shift()} goes to ${came.shift()}`);
    const dh = after[s].hand - plain[s].hand;
    for (const p of gone) words.push(dh > 0 ? `${who} piece on ${p} goes back to hand` : `${who} piece on ${p} is taken off the board`);
    for (const p of came) words.push(dh < 0 ? `a piece from ${s === seat ? 'your' : `${names[s]}'s`} hand is placed on ${p}` : `${who} piece arrives on ${p}`);
    const dt = (after[s].trophies || 0) - (plain[s].trophies || 0);
    if (dt > 0) words.push(`${s === seat ? 'you capture' : `${names[s]} captures`} ${dt} piece${dt > 1 ? 's' : ''}`);
    const doff = after[s].off - plain[s].off;
    if (doff > 0) words.push(`${doff} more of ${who === 'your' ? 'your' : who} pieces go off`);
  }
  return words;
}

/** The history as lines of notation: one line per run of one seat's actions. */
export function historyLines(history) {
  const lines = [];
  let cur = null;
  for (const h of history) {
    if (h.kind === 'seat') {
      lines.push({ seat: null, text: `${h.token} throws first (drawn)` });
      cur = null;
      continue;
    }
    if (!cur || cur.seat !== h.seat) {
      cur = { seat: h.seat, tokens: [] };
      lines.push(cur);
    }
    cur.tokens.push(h.token);
  }
  return lines.map((l) => (l.tokens ? { seat: l.seat, text: `${l.seat}: ${l.tokens.join(' ')}` } : l));
}

/** The last move on the board ({seat, from, to}) for marking it, or null. */
export function lastMove(history) {
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.kind === 'move' && h.token.includes('-')) {
      const [from, to] = h.token.split('-');
      return { seat: h.seat, from, to };
    }
  }
  return null;
}
