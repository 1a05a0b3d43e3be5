// An empty board of a rule set with what its marks mean: the lobby shows the chosen one, the
// rules pages show theirs. The board is the one `GET /api/rules` describes (default options).
import { h } from './svg.js';
import { BoardView, legend } from './boardview.js';

/** Draws the board of rule set `r` (from `GET /api/rules`) into `boardBox` and its legend into `textBox`. */
export function showPreview(r, boardBox, textBox) {
  const board = new BoardView(boardBox, r.board);
  const empty = { board: [], hand: 0, off: 0, trophies: 0 };
  board.render({ A: empty, B: empty });
  textBox.replaceChildren(
    h('p', {}, `Seat A plays the ${r.board.pieces.A.plural}, seat B the ${r.board.pieces.B.plural}.`),
    h('ul', { class: 'legend' }, legend(r.board).map((m) => h('li', {}, m))));
}
