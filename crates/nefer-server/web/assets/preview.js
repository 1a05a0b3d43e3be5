// An empty board of a rule set with what its marks mean: the lobby shows the chosen one, the
// rules pages show theirs.
import { h } from './svg.js';
import { BoardView } from './boardview.js';
import { hjMarks } from './hjboard.js';
import { senetMarks } from './senetboard.js';
import { familyOf, PIECES } from './pieces.js';

/** Draws the board of `key` into `boardBox` and its legend into `textBox`. */
export function showPreview(key, boardBox, textBox, options = '') {
  const fam = familyOf(key);
  const board = new BoardView(boardBox, key, { options });
  const empty = { board: [], hand: 0, off: 0, trophies: 0 };
  board.render({ A: empty, B: empty });
  const marks = fam === 'hj'
    ? hjMarks(key, options).map((m) => `${m.holes.join(', ')}: ${m.label}`)
    : senetMarks(key).map((m) => `${m.n}: ${m.label}`);
  textBox.replaceChildren(
    h('p', {}, `Seat A plays the ${PIECES[fam].A.plural}, seat B the ${PIECES[fam].B.plural}.`),
    h('ul', { class: 'legend' }, marks.map((m) => h('li', {}, m))));
}
