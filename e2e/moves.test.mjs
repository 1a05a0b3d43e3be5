// Unit tests of the page's pure move helpers (web/assets/moves.js), run in Node without a
// browser: line jumps on single and circuit paths, what a move does besides moving its piece,
// and the history in notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// Loaded from its text so that Node does not need to be told the file is an ES module (the web
// directory has no package.json); moves.js imports nothing.
const src = readFileSync(new URL('../crates/nefer-server/web/assets/moves.js', import.meta.url), 'utf8');
const { lineJump, sideEffects, historyLines, lastMove, sameLayout, plainAfter } =
  await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`);

const seatL = (board, hand = 0, off = 0, trophies = 0) => ({ board, hand, off, trophies });
const names = { A: 'Ahmose', B: 'Nefertari' };

test('line jumps: counted landing on a line end, then the final hole', () => {
  assert.deepEqual(lineJump('hj.walker', '', 'A', 'L4', 'L20', 2), ['L6', 'L20']);
  assert.deepEqual(lineJump('hj.walker', '', 'B', 'R18', 'R6', 2), ['R20', 'R6']);
  assert.deepEqual(lineJump('hj.french', '', 'A', 'L7', 'L10', 1), ['L8', 'L10']);
  assert.equal(lineJump('hj.walker', '', 'A', 'L4', 'L6', 2), null, 'blocked line: no jump');
  assert.equal(lineJump('hj.walker', '', 'A', 'hand', 'L1', 1), null);
  assert.equal(lineJump('senet.kendall', '', 'A', '4', '6', 2), null);
  // Washburne's circuit: A goes L1..L29, S, R29..R1; R20 → R6 is a forward jump there.
  assert.deepEqual(lineJump('hj.washburne', '', 'A', 'R22', 'R6', 2), ['R20', 'R6']);
  assert.deepEqual(lineJump('hj.walker', 'hj.walker.variation=true', 'A', 'S', 'R20', 4), null, 'S + 4 = R26, no line');
  assert.deepEqual(lineJump('hj.walker', 'hj.walker.variation=true', 'B', 'L12', 'L8', 2), ['L10', 'L8']);
});

test('side effects: none for a plain move, words for exchanges, knock-offs, captures and loads', () => {
  const before = { A: seatL(['12', '14']), B: seatL(['13', '15']) };
  const plain = plainAfter(before, 'A', '12', '16');
  assert.deepEqual(sideEffects(before, plain, 'A', '12', '16', names), []);
  assert.ok(sameLayout(plain, { A: seatL(['14', '16']), B: seatL(['15', '13']) }));
  // Senet exchange: A 12 → 15, B's piece on 15 goes to 12.
  const ex = { A: seatL(['14', '15']), B: seatL(['13', '12']) };
  assert.deepEqual(sideEffects(before, ex, 'A', '12', '15', names), ["Nefertari's piece on 15 goes to 12"]);
  // Washburne knock-off: B's piece on R25 leaves for B's hand.
  const hj = { A: seatL(['R23']), B: seatL(['R25', 'R2']) };
  const ko = { A: seatL(['R25']), B: seatL(['R2'], 1) };
  assert.deepEqual(sideEffects(hj, ko, 'A', 'R23', 'R25', names), ["Nefertari's piece on R25 goes back to hand"]);
  // Skiryuk: arrival in S captures B's rearmost piece and loads one of A's on L1.
  const sk = { A: seatL(['L26', 'L10'], 2), B: seatL(['R3', 'R17']) };
  const cap = { A: seatL(['S', 'L10', 'L1'], 1, 0, 1), B: seatL(['R17']) };
  assert.deepEqual(sideEffects(sk, cap, 'A', 'L26', 'S', names), [
    'a piece from your hand is placed on L1',
    'you capture 1 piece',
    "Nefertari's piece on R3 is taken off the board",
  ]);
});

test('history in notation: one line per run of a seat, seat draws on their own', () => {
  const h = [
    { i: 0, seat: null, kind: 'seat', token: 'B' },
    { i: 1, seat: 'B', kind: 'throw', token: '1' },
    { i: 2, seat: 'B', kind: 'move', token: 'hand-R1' },
    { i: 3, seat: 'B', kind: 'throw', token: '3' },
    { i: 4, seat: 'B', kind: 'move', token: 'R1-R4' },
    { i: 5, seat: 'A', kind: 'throw', token: '2' },
    { i: 6, seat: 'A', kind: 'move', token: 'pass' },
  ];
  assert.deepEqual(historyLines(h).map((l) => l.text), ['B throws first (drawn)', 'B: 1 hand-R1 3 R1-R4', 'A: 2 pass']);
  assert.deepEqual(lastMove(h), { seat: 'B', from: 'R1', to: 'R4' });
  assert.equal(lastMove([]), null);
});
