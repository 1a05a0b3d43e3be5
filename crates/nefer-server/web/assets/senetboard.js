// The Senet board of SPEC §7: 3 rows × 10 squares walked boustrophedon (1–10 left to right,
// 11–20 right to left, 21–30 left to right), with the marked squares drawn with signs like those
// on the boards of Amenhotep III: ankh on 15, nefer on 26, water on 27, then three, two and one
// strokes on 28, 29 and 30 (the throws that bear a piece off from there).
import { s, title } from './svg.js';

const U = 10; // one square, in SVG units

/** Row and column of square n (1..30), SPEC §7. */
export function senetCell(n) {
  const r = Math.floor((n - 1) / 10);
  const c = r === 1 ? 9 - ((n - 1) % 10) : (n - 1) % 10;
  return [r, c];
}

/** Every square with its SVG centre: '1'..'30'. */
export function senetPlaces() {
  const places = new Map();
  for (let n = 1; n <= 30; n++) {
    const [r, c] = senetCell(n);
    places.set(String(n), { x: c * U + U / 2, y: r * U + U / 2, n });
  }
  return places;
}

const C = {
  ebony: '#2a1a10', ivory: '#efe1c0', ivory2: '#e6d3aa', line: '#3a2414', num: '#6b4a2b',
  faience: '#1d5f8a', faienceLight: '#3b86b3', gold: '#c98f1b',
};

/** Names of the marked squares per rule set (titles and the legend). */
export function senetMarks(rules) {
  const common = [
    { n: 26, label: rules === 'senet.kendall' ? 'House of Happiness (nefer): every piece must land here' : 'marked square: every piece must land here' },
    { n: 27, label: 'House of Waters: a piece here must throw a 4 to leave' },
    { n: 28, label: rules === 'senet.kendall' ? 'House of Three Truths: bears off with a 3' : 'bears off with a 3' },
    { n: 29, label: rules === 'senet.kendall' ? 'House of Re-Atoum: bears off with a 2' : 'bears off with a 2' },
    { n: 30, label: rules === 'senet.kendall' ? 'House of Re-Horakhty: bears off with any throw' : 'bears off with a 1' },
  ];
  if (rules === 'senet.kendall') return [{ n: 15, label: 'House of Re-birth (ankh): where a piece given up from the Waters returns' }, ...common];
  return common;
}

/** The sign of marked square n, centred in its square. */
function glyph(n, cx, cy) {
  const g = s('g', { transform: `translate(${cx} ${cy})`, fill: 'none', stroke: C.faience, 'stroke-width': 0.9, 'stroke-linecap': 'round', 'aria-hidden': 'true' });
  switch (n) {
    case 15: // ankh
      g.append(s('ellipse', { cx: 0, cy: -2, rx: 1.4, ry: 1.9 }), s('path', { d: 'M0,0 V3.8 M-2.4,0.2 H2.4' }));
      break;
    case 26: // nefer: heart with windpipe, three times like on ancient boards
      for (const dx of [-2.6, 0, 2.6]) {
        g.append(s('ellipse', { cx: dx, cy: 1.2, rx: 0.95, ry: 1.4, fill: C.faience, stroke: 'none' }),
          s('path', { d: `M${dx},0 V-3 M${dx - 0.7},-2 H${dx + 0.7}`, 'stroke-width': 0.6 }));
      }
      break;
    case 27: // water: three zigzag lines
      for (const dy of [-2, 0, 2]) {
        let d = `M-3.6,${dy}`;
        for (let i = 0; i < 6; i++) d += ` l0.6,${i % 2 ? 0.8 : -0.8}`;
        g.append(s('path', { d: d + ` l0.6,0.8`, 'stroke-width': 0.6, transform: 'scale(1.1 1)' }));
      }
      break;
    default: { // 28, 29, 30: three, two, one strokes
      const k = 31 - n;
      for (let i = 0; i < k; i++) g.append(s('path', { d: `M${(i - (k - 1) / 2) * 1.8},-2.6 V2.6`, 'stroke-width': 1 }));
    }
  }
  return g;
}

/** Draws the static Senet board for a rule set; same shape of result as drawHjBoard. */
export function drawSenetBoard(rules) {
  const places = senetPlaces();
  const marks = new Map(senetMarks(rules).map((m) => [String(m.n), m.label]));
  const board = s('g', { class: 'senet-board' });
  // Ebony box with an inner ivory field.
  board.append(s('rect', { x: -2.2, y: -2.2, width: 104.4, height: 34.4, rx: 1.6, fill: C.ebony }));
  board.append(s('rect', { x: -0.5, y: -0.5, width: 101, height: 31, fill: C.line }));
  const titles = new Map();
  for (const [place, p] of places) {
    const x = p.x - U / 2, y = p.y - U / 2;
    const mark = marks.get(place);
    titles.set(place, mark ? `Square ${p.n}: ${mark}` : `Square ${p.n}`);
    board.append(s('rect', {
      x: x + 0.3, y: y + 0.3, width: U - 0.6, height: U - 0.6,
      fill: mark ? '#f3e7cc' : (Math.floor((p.n - 1) / 10) % 2 ? C.ivory2 : C.ivory),
    }, title(titles.get(place))));
    if (mark) board.append(glyph(p.n, p.x, p.y));
    board.append(s('text', { x: x + 1, y: y + 2.6, class: 'sq-num', 'font-size': 2.1, fill: C.num }, String(p.n)));
  }
  // The path direction: a small chevron at the foot of each square and the turns at the row ends.
  const dir = s('g', { fill: 'none', stroke: C.gold, 'stroke-width': 0.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true' });
  for (const [, p] of places) {
    const right = Math.floor((p.n - 1) / 10) !== 1;
    const bx = p.x + 3.4, by = p.y + 3.6;
    dir.append(s('path', { d: right ? `M${bx - 0.6},${by - 0.8} l0.8,0.8 l-0.8,0.8` : `M${bx + 0.2},${by - 0.8} l-0.8,0.8 l0.8,0.8` }));
  }
  // Turn 10 → 11 on the right edge, 20 → 21 on the left edge, drawn on the ebony frame.
  dir.append(s('path', { d: 'M100.9,3 C102.6,5 102.6,13 100.9,15 M100.1,14 l0.8,1 l1.1,-0.6', stroke: '#e8c66a' }));
  dir.append(s('path', { d: 'M-0.9,15 C-2.6,17 -2.6,25 -0.9,27 M-1.9,26.4 l1,0.6 l-0.1,-1.2', stroke: '#e8c66a' }));
  board.append(dir);
  const trays = {
    A: { x: 0, y: 34.5, w: 48.5, h: 8.5 },
    B: { x: 51.5, y: 34.5, w: 48.5, h: 8.5 },
  };
  return { family: 'senet', viewBox: '-3.4 -3.4 106.8 47.4', places, titles, trays, pieceSize: 7.4, hitRadius: 4.8, board };
}
