// The Senet board drawn from the board the server describes (the core's rule facts): each
// square at its column and row, the marked squares with their signs like those on the boards of
// Amenhotep III (ankh, nefer, water, strokes), and the path's direction — a chevron on each
// square pointing along the path and the turns where it changes rows.
import { s, title } from './svg.js';

const U = 10; // one square, in SVG units

const C = {
  ebony: '#2a1a10', ivory: '#efe1c0', ivory2: '#e6d3aa', line: '#3a2414', num: '#6b4a2b',
  faience: '#1d5f8a', faienceLight: '#3b86b3', gold: '#c98f1b',
};

/** The sign of a mark (ankh, nefer, water, strokes), centred in its square. */
function glyph(mark, cx, cy) {
  const g = s('g', { transform: `translate(${cx} ${cy})`, fill: 'none', stroke: C.faience, 'stroke-width': 0.9, 'stroke-linecap': 'round', 'aria-hidden': 'true' });
  switch (mark.sign) {
    case 'ankh':
      g.append(s('ellipse', { cx: 0, cy: -2, rx: 1.4, ry: 1.9 }), s('path', { d: 'M0,0 V3.8 M-2.4,0.2 H2.4' }));
      break;
    case 'nefer': // heart with windpipe, three times like on ancient boards
      for (const dx of [-2.6, 0, 2.6]) {
        g.append(s('ellipse', { cx: dx, cy: 1.2, rx: 0.95, ry: 1.4, fill: C.faience, stroke: 'none' }),
          s('path', { d: `M${dx},0 V-3 M${dx - 0.7},-2 H${dx + 0.7}`, 'stroke-width': 0.6 }));
      }
      break;
    case 'water': // three zigzag lines
      for (const dy of [-2, 0, 2]) {
        let d = `M-3.6,${dy}`;
        for (let i = 0; i < 6; i++) d += ` l0.6,${i % 2 ? 0.8 : -0.8}`;
        g.append(s('path', { d: d + ` l0.6,0.8`, 'stroke-width': 0.6, transform: 'scale(1.1 1)' }));
      }
      break;
    case 'strokes': {
      const k = mark.strokes;
      for (let i = 0; i < k; i++) g.append(s('path', { d: `M${(i - (k - 1) / 2) * 1.8},-2.6 V2.6`, 'stroke-width': 1 }));
      break;
    }
    default: // told in words only
      return null;
  }
  return g;
}

/** Draws the static Senet board from the server's description; same shape of result as drawHjBoard. */
export function drawSenetBoard(facts) {
  const places = new Map(facts.places.map((p) => [p.place, { x: p.x * U + U / 2, y: p.y * U + U / 2, row: p.y, col: p.x, n: p.number, name: p.name }]));
  const marks = new Map();
  for (const m of facts.marks) for (const place of m.places) marks.set(place, [...(marks.get(place) || []), m]);
  const board = s('g', { class: 'senet-board' });
  // Ebony box with an inner ivory field.
  board.append(s('rect', { x: -2.2, y: -2.2, width: 104.4, height: 34.4, rx: 1.6, fill: C.ebony }));
  board.append(s('rect', { x: -0.5, y: -0.5, width: 101, height: 31, fill: C.line }));
  const titles = new Map();
  // Each square's number as engraved (under the pieces), and where the board view writes it on
  // top when numbers are asked for.
  const numbers = [];
  const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
  for (const [place, p] of places) {
    const x = p.x - U / 2, y = p.y - U / 2;
    const ms = marks.get(place) || [];
    titles.set(place, ms.length ? `${cap(p.name)}: ${ms.map((m) => `${m.name}: ${m.meaning}`).join('; ')}` : cap(p.name));
    board.append(s('rect', {
      x: x + 0.3, y: y + 0.3, width: U - 0.6, height: U - 0.6,
      fill: ms.length ? '#f3e7cc' : (p.row % 2 ? C.ivory2 : C.ivory),
    }, title(titles.get(place))));
    for (const m of ms) {
      const g = glyph(m, p.x, p.y);
      if (g) board.append(g);
    }
    board.append(s('text', { x: x + 1, y: y + 2.8, class: 'sq-num', 'font-size': 2.1, fill: C.num }, String(p.n)));
    numbers.push({ place, x: x + 1, y: y + 2.8, n: p.n, size: 2.6, anchor: 'start' });
  }
  // The path's direction: a small chevron at the foot of each square, pointing to the next
  // square along the path (the last one as the square before it), and a turn drawn on the
  // frame where the path goes from one row to the next.
  const path = facts.paths.A.places.map((q) => places.get(q));
  const dir = s('g', { fill: 'none', stroke: C.gold, 'stroke-width': 0.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true' });
  path.forEach((p, i) => {
    const next = path[i + 1], prev = path[i - 1];
    const right = next && next.col !== p.col ? next.col > p.col : prev.col < p.col;
    const bx = p.x + 3.4, by = p.y + 3.6;
    dir.append(s('path', { d: right ? `M${bx - 0.6},${by - 0.8} l0.8,0.8 l-0.8,0.8` : `M${bx + 0.2},${by - 0.8} l-0.8,0.8 l0.8,0.8` }));
  });
  path.forEach((p, i) => {
    const next = path[i + 1];
    if (!next || next.col !== p.col) return;
    const r = 10 * Math.min(p.row, next.row);
    dir.append(s('path', {
      d: p.col > 0
        ? `M100.9,${r + 3} C102.6,${r + 5} 102.6,${r + 13} 100.9,${r + 15} M100.1,${r + 14} l0.8,1 l1.1,-0.6`
        : `M-0.9,${r + 5} C-2.6,${r + 7} -2.6,${r + 15} -0.9,${r + 17} M-1.9,${r + 16.4} l1,0.6 l-0.1,-1.2`,
      stroke: '#e8c66a',
    }));
  });
  board.append(dir);
  const trays = {
    A: { x: 0, y: 34.5, w: 48.5, h: 8.5 },
    B: { x: 51.5, y: 34.5, w: 48.5, h: 8.5 },
  };
  // A square is its own target: spots are squares (`cell`), their rings along the square's edge,
  // clear of the number in its corner and the sign in its middle.
  return { viewBox: '-3.4 -3.4 106.8 47.4', places, titles, trays, pieceSize: 7.4, hitRadius: 4.8, cell: U, board, lines: [], numbers };
}
