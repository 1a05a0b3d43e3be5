// Unit tests of the page's pure history helpers (web/assets/moves.js), run in Node without a
// browser: the history in notation with the server's words, and the last move. What a move
// does is the core's to say (crates/nefer-core/tests/facts.rs tests it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// Loaded from its text so that Node does not need to be told the file is an ES module (the web
// directory has no package.json); moves.js imports nothing.
const src = readFileSync(new URL('../crates/nefer-server/web/assets/moves.js', import.meta.url), 'utf8');
const { historyLines, lastMove } =
  await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`);

test('history in notation: one line per run of a seat, seat draws on their own, with words', () => {
  const h = [
    { i: 0, seat: null, kind: 'seat', token: 'B', text: 'Nefertari is drawn to throw first.' },
    { i: 1, seat: 'B', kind: 'throw', token: '1', text: 'Nefertari throws 1.' },
    { i: 2, seat: 'B', kind: 'move', token: 'hand-R1', text: 'Nefertari enters a piece on 1.' },
    { i: 3, seat: 'B', kind: 'throw', token: '3' },
    { i: 4, seat: 'B', kind: 'move', token: 'R1-R4' },
    { i: 5, seat: 'A', kind: 'throw', token: '2' },
    { i: 6, seat: 'A', kind: 'move', token: 'pass' },
  ];
  assert.deepEqual(historyLines(h).map((l) => l.text), ['B throws first (drawn)', 'B: 1 hand-R1 3 R1-R4', 'A: 2 pass']);
  // Each line carries what its actions did, in the server's words.
  assert.deepEqual(historyLines(h).map((l) => l.says), ['Nefertari is drawn to throw first.', 'Nefertari throws 1. Nefertari enters a piece on 1.', '']);
  assert.deepEqual(lastMove(h), { seat: 'B', from: 'R1', to: 'R4' });
  assert.equal(lastMove([]), null);
});
