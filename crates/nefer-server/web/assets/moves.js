// Pure helpers about a game's history (no DOM): the history in notation, one line per run of a
// seat's actions with what happened in words, and the last move made. What a move does is not
// worked out here: every legal move and every history entry comes with the server's words.

/**
 * The history as lines of notation, one line per run of one seat's actions, each with the
 * server's description of its actions (`says`).
 */
export function historyLines(history) {
  const lines = [];
  let cur = null;
  for (const h of history) {
    if (h.kind === 'seat') {
      lines.push({ seat: null, text: `${h.token} throws first (drawn)`, says: h.text || '' });
      cur = null;
      continue;
    }
    if (!cur || cur.seat !== h.seat) {
      cur = { seat: h.seat, tokens: [], says: [] };
      lines.push(cur);
    }
    cur.tokens.push(h.token);
    if (h.text) cur.says.push(h.text);
  }
  return lines.map((l) => (l.tokens ? { seat: l.seat, text: `${l.seat}: ${l.tokens.join(' ')}`, says: l.says.join(' ') } : l));
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
