// The Hounds & Jackals ("58 holes") board, drawn from the board the server describes (the core's
// rule facts): each hole where its coordinates put it, the marks with their signs, the lines as
// their Béziers with an arrowhead where they go one way only, and around them the shield outline
// and the palm tree between the inner columns (SPEC §2.2's decoration). Graph coordinates have
// y up; the SVG uses X = x + 12.5, Y = 37.5 − y (SPEC's transform, k = 1).
import { s, title } from './svg.js';

const X = (x) => x + 12.5;
const Y = (y) => 37.5 - y;

// Colours: an acacia-wood panel framed in ebony, ivory inlay for the holes' rims.
const C = {
  ebony: '#2a1a10', wood: '#c99a5b', woodLight: '#dcb57c', groove: '#4a2d17', pit: '#2e1c10',
  rim: '#f3e6c8', gold: '#e0a526', faience: '#1f6f8b', red: '#b3321f', blue: '#2455a4', orange: '#e07b1f',
};
// A home box takes its owner's colour (seat A red, seat B blue, as Washburne's sheet has them).
const OWNER = { A: C.red, B: C.blue };

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

/** The SVG path of a line of the board (its Bézier). */
export function linePath(line) {
  const [p, q, r, t] = line.curve;
  return `M${X(p[0])},${Y(p[1])} C${X(q[0])},${Y(q[1])} ${X(r[0])},${Y(r[1])} ${X(t[0])},${Y(t[1])}`;
}

/**
 * Draws the static board (everything but the pieces) from the server's description.
 * Returns { viewBox, places, titles, trays, pieceSize, hitRadius, board, lines, numbers } where `board`
 * is an SVG group and `places` maps each place to its SVG centre.
 */
export function drawHjBoard(facts) {
  const places = new Map(facts.places.map((p) => [p.place, { x: X(p.x), y: Y(p.y), gx: p.x, gy: p.y, n: p.number, shared: p.shared, name: p.name }]));
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

  // Connecting lines: grooves cut into the wood. Where they may be followed one way only, an
  // arrowhead says which way.
  for (const line of facts.lines) {
    const d = linePath(line);
    board.append(s('path', { d, fill: 'none', stroke: C.groove, 'stroke-width': 0.32, 'stroke-linecap': 'round', class: 'line-groove' }));
    board.append(s('path', { d, fill: 'none', stroke: C.woodLight, 'stroke-width': 0.08, 'stroke-linecap': 'round', opacity: 0.7 }));
    if (line.forth === line.back) continue;
    const [a, b, c, e] = line.curve;
    const [tip, from] = line.forth ? [e, c] : [a, b];
    board.append(arrowhead(X(tip[0]), Y(tip[1]), X(from[0]), Y(from[1])));
  }

  // Marks, under the holes, each place's titles naming what its marks mean.
  const marksG = s('g', { class: 'marks' });
  const markTitles = new Map();
  for (const m of facts.marks) {
    for (const place of m.places) {
      const p = places.get(place);
      if (!p) continue;
      markTitles.set(place, [...(markTitles.get(place) || []), `${m.name}: ${m.meaning}`]);
      // Glyphs stand beside their hole, towards the palm.
      const inward = p.gx < 0 ? 1 : -1;
      switch (m.sign) {
        case 'home':
          marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.95, fill: OWNER[m.owner] || C.gold, opacity: 0.85 }));
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
        case 'ring': // an inlaid gold ring
          marksG.append(s('circle', { cx: p.x, cy: p.y, r: 0.9, fill: C.gold }));
          break;
        default: // told in words only
      }
    }
  }
  board.append(marksG);

  // The holes, each with a tooltip naming it, and where its small number goes (shown on demand).
  const holes = s('g', { class: 'holes' });
  const titles = new Map();
  const numbers = [];
  for (const [place, p] of places) {
    const r = p.shared ? 1.2 : 0.5;
    const extra = markTitles.get(place);
    const name = `${place} — ${p.name}`;
    holes.append(s('circle', { cx: p.x, cy: p.y, r: r + 0.14, fill: C.rim }));
    titles.set(place, extra ? `${name}: ${extra.join('; ')}` : name);
    holes.append(s('circle', { cx: p.x, cy: p.y, r, fill: 'url(#hj-pit)' }, title(titles.get(place))));
    if (!p.shared) {
      // Numbers sit clear of the lines' ends: beside a hole of the columns, towards the palm
      // (closer for the inner column), and under a hole of the arc at the top.
      const sd = p.gx < 0 ? -1 : 1;
      let tx = p.x, ty = p.y + 1.25;
      if (p.gy < 29.5) { tx = p.x - (Math.abs(p.gx) < 6 ? 1.2 : 1.25) * sd; ty = p.y + 0.2; }
      // (drawn by the board view above the pieces and rings, where nothing covers them)
      numbers.push({ place, x: tx, y: ty, n: p.n, size: 0.62 });
    } else {
      // The shen ring's tie below the shared hole.
      holes.append(s('rect', { x: p.x - 1.3, y: p.y + 1.45, width: 2.6, height: 0.3, rx: 0.12, fill: C.rim }));
    }
  }
  board.append(holes);

  // Trays under the shield: seat A (left side) on the left, seat B on the right.
  const trays = {
    A: { x: 0.3, y: 41.2, w: 11.9, h: 5.3 },
    B: { x: 12.8, y: 41.2, w: 11.9, h: 5.3 },
  };
  return { viewBox: '-0.3 -0.4 25.6 47.2', places, titles, trays, pieceSize: 2.3, hitRadius: 1.0, board, lines: facts.lines, numbers };
}
