// The Hounds & Jackals ("58 holes") board drawn from SPEC §2.2: the shield outline, the palm
// tree between the inner columns, 29 holes a side, the big shared hole S, the two connecting
// lines per side as cubic Béziers, and the holes marked by the chosen rule set (SPEC §2.4).
// Graph coordinates have y up; the SVG uses X = x + 12.5, Y = 37.5 − y (SPEC's transform, k = 1).
import { s, title } from './svg.js';

const X = (x) => x + 12.5;
const Y = (y) => 37.5 - y;

/** Graph coordinates of hole n (1..29) on side factor sd (−1 left, +1 right); SPEC §2.2. */
function holeXY(n, sd) {
  if (n <= 10) return [3 * sd, 27 - 3 * (n - 1)];
  if (n <= 25) return [9 * sd, 2 * (n - 11)];
  return [[8, 6, 4, 2][n - 26] * sd, 30 + (n - 26)];
}

/** Every place of the board with its SVG centre: 'L1'..'L29', 'R1'..'R29', 'S'. */
export function hjPlaces() {
  const places = new Map();
  for (const [side, sd] of [['L', -1], ['R', 1]]) {
    for (let n = 1; n <= 29; n++) {
      const [x, y] = holeXY(n, sd);
      places.set(`${side}${n}`, { x: X(x), y: Y(y), n, side });
    }
  }
  places.set('S', { x: X(0), y: Y(34), n: 30, side: null });
  return places;
}

// Meaning of the marked holes per rule set, SPEC §2.4. `kind` picks the drawing.
const MARKS = {
  'hj.skiryuk': [
    { kind: 'start', holes: [1], label: 'start: pieces are loaded here' },
    { kind: 'nefer', holes: [15, 25], label: 'nefer: crossing loads a piece, landing throws again' },
  ],
  'hj.washburne': [
    { kind: 'home', holes: [1, 2, 3, 4, 5], label: 'home box, safe (red left, blue right)' },
    { kind: 'orange', holes: [5, 10, 15, 20, 25], label: 'orange: landing throws again' },
    { kind: 'ankh', holes: [15, 25], label: 'ankh: safe hole' },
  ],
  'hj.walker': [
    { kind: 'start', holes: [1], label: 'entry point' },
    { kind: 'block', holes: [10, 15, 20, 25], label: 'blocking point: no piece may pass it' },
  ],
  'hj.french': [
    { kind: 'rethrow', holes: [1, 15, 25], label: '"rejoue": the same piece throws again' },
  ],
};
// Boards of unknown rule sets highlight the usual holes, like hj-board.svg.
const DEFAULT_MARKS = [{ kind: 'rethrow', holes: [1, 6, 8, 10, 15, 20, 25], label: 'marked hole' }];

/** The marks of a rule set, for the legend beside the board. */
export function hjMarks(rules, options = '') {
  const lines = {
    forward_only: { kind: 'line', holes: [6, 8], label: 'lines 6 → 20 and 8 → 10, one way (the arrows)' },
    backward_only: { kind: 'line', holes: [10, 20], label: 'lines 20 → 6 and 10 → 8, one way (the arrows)' },
  }[lineDirection(rules, options)] || { kind: 'line', holes: [6, 8, 10, 20], label: 'lines 6 ↔ 20 and 8 ↔ 10, both ways' };
  return [...(MARKS[rules] || DEFAULT_MARKS), lines];
}

// Colours: an acacia-wood panel framed in ebony, ivory inlay for the holes' rims.
const C = {
  ebony: '#2a1a10', wood: '#c99a5b', woodLight: '#dcb57c', groove: '#4a2d17', pit: '#2e1c10',
  rim: '#f3e6c8', gold: '#e0a526', faience: '#1f6f8b', red: '#b3321f', blue: '#2455a4', orange: '#e07b1f',
};

/** The nefer sign (heart and windpipe), centred on (x, y), about 1.6 units tall. */
function neferGlyph(x, y) {
  return s('g', { transform: `translate(${x} ${y})`, fill: 'none', stroke: C.ebony, 'stroke-width': 0.18, 'stroke-linecap': 'round' },
    s('ellipse', { cx: 0, cy: 0.35, rx: 0.38, ry: 0.45, fill: C.ebony }),
    s('path', { d: 'M0,-0.1 V-0.85 M-0.3,-0.55 H0.3' }));
}

/** The ankh, centred on (x, y). */
function ankhGlyph(x, y) {
  return s('g', { transform: `translate(${x} ${y})`, fill: 'none', stroke: C.ebony, 'stroke-width': 0.18, 'stroke-linecap': 'round' },
    s('ellipse', { cx: 0, cy: -0.5, rx: 0.25, ry: 0.33 }),
    s('path', { d: 'M0,-0.17 V0.85 M-0.45,-0.05 H0.45' }));
}

/** Which way the lines are followed: the option `hj.lines`, else the rule set's default. */
function lineDirection(rules, options) {
  const m = /hj\.lines\s*=\s*(\w+)/.exec(options || '');
  if (m) return m[1];
  return rules === 'hj.french' ? 'forward_only' : 'both';
}

/** A small arrowhead at (x, y) pointing away from (fx, fy). */
function arrowhead(x, y, fx, fy) {
  const len = Math.hypot(x - fx, y - fy) || 1;
  const ux = (x - fx) / len, uy = (y - fy) / len;
  const bx = x - ux * 0.7, by = y - uy * 0.7;
  const pts = [[x + ux * 0.1, y + uy * 0.1], [bx - uy * 0.4, by + ux * 0.4], [bx + uy * 0.4, by - ux * 0.4]];
  return s('path', { d: `M${pts.map((p) => p.join(',')).join(' L')} Z`, fill: C.groove, class: 'line-arrow' });
}

/** The palm tree between the inner columns (|x| < 2.5), trunk y 0..27, crown y 27..33. */
function palm() {
  const g = s('g', { class: 'palm', 'aria-hidden': 'true' });
  // Tapering trunk with the chevron scales of a date palm.
  g.append(s('path', { d: `M${X(-0.8)},${Y(-0.5)} L${X(-0.5)},${Y(27.5)} L${X(0.5)},${Y(27.5)} L${X(0.8)},${Y(-0.5)} Z`, fill: C.groove, opacity: 0.9 }));
  let d = '';
  for (let y = 0.4; y < 27; y += 1.1) {
    const w = 0.78 - (0.28 * y) / 27;
    d += `M${X(-w)},${Y(y)} L${X(0)},${Y(y + 0.55)} L${X(w)},${Y(y)} `;
  }
  g.append(s('path', { d, fill: 'none', stroke: C.woodLight, 'stroke-width': 0.12, opacity: 0.8 }));
  // Fronds: leaves from the top of the trunk, drooping outwards and rising to the shen hole.
  const fronds = [[-2.4, 27.6], [-2.4, 29.7], [-1.7, 31.8], [-0.6, 32.6], [0.6, 32.6], [1.7, 31.8], [2.4, 29.7], [2.4, 27.6]];
  for (const [fx, fy] of fronds) {
    const mx = fx * 0.5, my = (fy + 28) / 2 + 0.7;
    g.append(s('path', {
      d: `M${X(0)},${Y(28)} Q${X(mx - 0.35)},${Y(my + 0.5)} ${X(fx)},${Y(fy)} Q${X(mx + 0.35)},${Y(my - 0.5)} ${X(0)},${Y(28)} Z`,
      fill: '#3d5a2a', stroke: C.ebony, 'stroke-width': 0.06,
    }));
  }
  // Date clusters under the crown.
  g.append(s('circle', { cx: X(-0.45), cy: Y(27.6), r: 0.28, fill: C.red }));
  g.append(s('circle', { cx: X(0.45), cy: Y(27.6), r: 0.28, fill: C.red }));
  return g;
}

/**
 * Draws the static board (everything but the pieces) for a rule set.
 * Returns { family, viewBox, places, trays, pieceSize, board } where `board` is an SVG group.
 */
export function drawHjBoard(rules, options = '') {
  const places = hjPlaces();
  const board = s('g', { class: 'hj-board' });
  const shield = `M${X(-11.7)},${Y(-2.7)} L${X(-11.7)},${Y(26)} C${X(-11.7)},${Y(35)} ${X(-3)},${Y(36.7)} ${X(0)},${Y(36.7)} ` +
    `C${X(3)},${Y(36.7)} ${X(11.7)},${Y(35)} ${X(11.7)},${Y(26)} L${X(11.7)},${Y(-2.7)} Z`;
  // Ebony frame behind, then the wooden panel with a faint grain.
  board.append(s('defs', {},
    s('linearGradient', { id: 'hj-grain', x1: 0, y1: 0, x2: 1, y2: 0.15 },
      s('stop', { offset: 0, 'stop-color': C.woodLight }),
      s('stop', { offset: 0.45, 'stop-color': C.wood }),
      s('stop', { offset: 0.7, 'stop-color': C.woodLight }),
      s('stop', { offset: 1, 'stop-color': '#c08f50' })),
    s('radialGradient', { id: 'hj-pit' },
      s('stop', { offset: 0, 'stop-color': '#120a05' }),
      s('stop', { offset: 1, 'stop-color': C.pit }))));
  board.append(s('path', { d: shield, fill: C.ebony, stroke: C.ebony, 'stroke-width': 1.1, 'stroke-linejoin': 'round' }));
  board.append(s('path', { d: shield, fill: 'url(#hj-grain)', stroke: C.rim, 'stroke-width': 0.18 }));
  board.append(palm());

  // Connecting lines: grooves cut into the wood, per SPEC §2.2's Béziers. Where the rule set
  // follows them one way only, an arrowhead says which way.
  const dir = lineDirection(rules, options);
  for (const sd of [-1, 1]) {
    // [start, control 1, control 2, end, hole at the start, hole at the end]
    for (const [a, b, c, d, ha, hb] of [[[4, 12], [7, 12], [5, 18], [8, 18], 6, 20], [[4, 0], [7, 0], [7, 6], [4, 6], 10, 8]]) {
      const p = `M${X(a[0] * sd)},${Y(a[1])} C${X(b[0] * sd)},${Y(b[1])} ${X(c[0] * sd)},${Y(c[1])} ${X(d[0] * sd)},${Y(d[1])}`;
      board.append(s('path', { d: p, fill: 'none', stroke: C.groove, 'stroke-width': 0.32, 'stroke-linecap': 'round', class: 'line-groove' }));
      board.append(s('path', { d: p, fill: 'none', stroke: C.woodLight, 'stroke-width': 0.08, 'stroke-linecap': 'round', opacity: 0.7 }));
      if (dir === 'both') continue;
      // Forward is up the path: 6 → 20 and 8 → 10.
      const towardEnd = dir === 'forward_only' ? hb > ha : hb < ha;
      const [tip, from] = towardEnd ? [d, c] : [a, b];
      board.append(arrowhead(X(tip[0] * sd), Y(tip[1]), X(from[0] * sd), Y(from[1])));
    }
  }

  // Marks of the rule set, under the holes.
  const marks = MARKS[rules] || DEFAULT_MARKS;
  const marksG = s('g', { class: 'marks' });
  const markTitles = new Map();
  for (const m of marks) {
    for (const n of m.holes) {
      for (const side of ['L', 'R']) {
        const p = places.get(`${side}${n}`);
        const key = `${side}${n}`;
        markTitles.set(key, [...(markTitles.get(key) || []), m.label]);
        const inward = side === 'L' ? 1 : -1;
        switch (m.kind) {
          case 'home':
            marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.95, fill: side === 'L' ? C.red : C.blue, opacity: 0.85 }));
            break;
          case 'orange':
            marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.8, fill: 'none', stroke: C.orange, 'stroke-width': 0.3 }));
            break;
          case 'block':
            marksG.append(s('rect', { x: p.x - 0.95, y: p.y - 0.95, width: 1.9, height: 1.9, rx: 0.3, fill: C.ebony, opacity: 0.9 }));
            break;
          case 'nefer':
            marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.9, fill: C.gold }));
            marksG.append(neferGlyph(p.x + 2.3 * inward, p.y));
            break;
          case 'ankh':
            marksG.append(ankhGlyph(p.x + 2.3 * inward, p.y));
            break;
          default: // start, rethrow: an inlaid gold ring
            marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.9, fill: C.gold }));
        }
      }
    }
  }
  board.append(marksG);

  // The holes, each with a tooltip naming it, and a small number shown on demand.
  const holes = s('g', { class: 'holes' });
  const titles = new Map();
  for (const [place, p] of places) {
    const big = place === 'S';
    const r = big ? 1.2 : 0.5;
    const extra = markTitles.get(place);
    const name = big ? 'S — the shared hole (30)' : `${place} — hole ${p.n} of the ${p.side === 'L' ? 'left' : 'right'} side`;
    holes.append(s('circle', { cx: p.x, cy: p.y, r: r + 0.14, fill: C.rim }));
    titles.set(place, extra ? `${name}: ${extra.join('; ')}` : name);
    holes.append(s('circle', { cx: p.x, cy: p.y, r, fill: 'url(#hj-pit)' }, title(titles.get(place))));
    if (!big) {
      // Numbers sit between the columns, clear of the lines' ends: toward the palm for the inner
      // column, inward of the outer column, under the arc.
      const sd = p.side === 'L' ? -1 : 1;
      let tx = p.x, ty = p.y + 1.25;
      if (p.n <= 10) { tx = p.x - 1.2 * sd; ty = p.y + 0.2; }
      else if (p.n <= 25) { tx = p.x - 1.25 * sd; ty = p.y + 0.2; }
      holes.append(s('text', { x: tx, y: ty, class: 'hole-num', 'text-anchor': 'middle', 'font-size': 0.62 }, String(p.n)));
    }
  }
  // The shen ring's tie below the shared hole (Skiryuk's "shen" hole).
  const sp = places.get('S');
  holes.append(s('rect', { x: sp.x - 1.3, y: sp.y + 1.45, width: 2.6, height: 0.3, rx: 0.12, fill: C.rim }));
  board.append(holes);

  // Trays under the shield: seat A (left side) on the left, seat B on the right.
  const trays = {
    A: { x: 0.3, y: 41.2, w: 11.9, h: 5.3 },
    B: { x: 12.8, y: 41.2, w: 11.9, h: 5.3 },
  };
  return { family: 'hj', viewBox: '-0.3 -0.4 25.6 47.2', places, titles, trays, pieceSize: 2.3, hitRadius: 1.0, board };
}

/** The Bézier of the line that joins `place` to its partner, for previews of line jumps. */
export function hjLinePath(a, b) {
  const side = a[0];
  const sd = side === 'L' ? -1 : 1;
  const pair = [Number(a.slice(1)), Number(b.slice(1))].sort((u, v) => u - v).join('-');
  const curve = { '6-20': [[4, 12], [7, 12], [5, 18], [8, 18]], '8-10': [[4, 0], [7, 0], [7, 6], [4, 6]] }[pair];
  if (!curve || side !== b[0]) return null;
  const [p, q, r, t] = curve;
  return `M${X(p[0] * sd)},${Y(p[1])} C${X(q[0] * sd)},${Y(q[1])} ${X(r[0] * sd)},${Y(r[1])} ${X(t[0] * sd)},${Y(t[1])}`;
}
