// The playing pieces as SVG: hound and jackal heads for Hounds & Jackals (like the pins of the
// Metropolitan Museum's board), cones and spools for Senet. Every shape is drawn in a 10×10 box
// centred on (0, 0) and scaled to the size the board asks for, so both boards share them.
import { s } from './svg.js';

// Heads face left, towards the middle of the board for the left side's pieces.
const HOUND = 'M3,5 L-1.5,5 C-1.5,3 -1.8,1.5 -2.5,0.8 L-4.6,0.2 C-5.1,0 -5.1,-1 -4.6,-1.2 ' +
  'L-1.5,-2.6 C-0.8,-3.6 0.8,-4 2,-3.4 C3.5,-2.6 4,-0.5 3.6,1.5 C3.3,3 3,4 3,5 Z';
// The hound's lop ear hangs down behind the eye: the one clear difference from the jackal.
const HOUND_EAR = 'M0.9,-3.1 C2.7,-3.1 3.3,-1.4 2.9,0.9 C2.5,2 1.3,1.8 1.2,0.7 C1.1,-0.6 0.5,-1.8 0.9,-3.1 Z';
// The jackal: long thin snout and two tall pointed ears.
const JACKAL = 'M3,5 L-1,5 C-1,3 -1.5,1.5 -2.2,0.9 L-4.9,-0.3 L-5.2,-0.9 L-1.8,-2.3 ' +
  'C-1.3,-2.8 -0.7,-3 -0.3,-3.1 L0,-5.4 L1.2,-3.1 L2.1,-5.6 L2.7,-2.6 C3.7,-1.5 3.8,0.5 3.4,2 C3.2,3 3,4 3,5 Z';
const CONE = 'M-3.4,4.2 L-1,-3.8 C-0.6,-4.9 0.6,-4.9 1,-3.8 L3.4,4.2 C2,5 -2,5 -3.4,4.2 Z';
const SPOOL = 'M-3.4,-4.2 L3.4,-4.2 C1.4,-1.8 1.4,1.8 3.4,4.2 C1.5,5 -1.5,5 -3.4,4.2 C-1.4,1.8 -1.4,-1.8 -3.4,-4.2 Z';

/** The colours of each kind of piece (the board's `pieces` say which a seat plays). */
const COLOURS = {
  jackal: { fill: '#24170f', stroke: '#f6ecd6', detail: '#8a6a45' },
  hound: { fill: '#f6ecd6', stroke: '#2a1a10', detail: '#b98b52' },
  cone: { fill: '#17735a', stroke: '#f6ecd6', detail: '#7cc7a8' },
  spool: { fill: '#a3361f', stroke: '#fff3df', detail: '#e59a74' },
};

/**
 * One piece of `kind` (jackal, hound, cone, spool) of `seat` as an SVG group centred on (x, y),
 * `size` units tall. `ghost` draws it translucent and dashed (a preview of where a piece would go).
 */
export function piece(kind, seat, x, y, size, { ghost = false } = {}) {
  const p = COLOURS[kind];
  const k = size / 10;
  // The shapes face left; the jackals play the left side, so theirs are mirrored to face the palm.
  const flip = kind === 'jackal' ? -1 : 1;
  const g = s('g', {
    class: `piece piece-${seat}${ghost ? ' ghost' : ''}`,
    transform: `translate(${x} ${y}) scale(${k * flip} ${k})`,
  });
  const common = { fill: p.fill, stroke: p.stroke, 'stroke-width': 0.7, 'stroke-linejoin': 'round',
    'vector-effect': null };
  if (ghost) Object.assign(common, { 'fill-opacity': 0.45, 'stroke-dasharray': '1.2 0.8' });
  // A soft shadow under the piece lifts it off the board.
  g.append(s('ellipse', { cx: 0.4, cy: 4.9, rx: 3.8, ry: 1, fill: '#000', opacity: ghost ? 0.1 : 0.28 }));
  if (kind === 'hound' || kind === 'jackal') {
    if (kind === 'hound') {
      g.append(s('path', { d: HOUND, ...common }));
      g.append(s('path', { d: HOUND_EAR, fill: p.detail, stroke: p.stroke, 'stroke-width': 0.45 }));
    } else {
      g.append(s('path', { d: JACKAL, ...common }));
      // Inner ear lines give the jackal's ears depth.
      g.append(s('path', { d: 'M0.3,-3.3 L0.1,-4.6 M1.7,-3.2 L2,-4.7', stroke: p.detail, 'stroke-width': 0.45, fill: 'none' }));
    }
    g.append(s('circle', { cx: kind === 'hound' ? -1.4 : -1.35, cy: kind === 'hound' ? -2 : -1.75, r: 0.4, fill: p.stroke }));
  } else if (kind === 'cone') {
    g.append(s('path', { d: CONE, ...common }));
    g.append(s('path', { d: 'M-2.4,1.2 C-1,1.8 1,1.8 2.4,1.2', stroke: p.detail, 'stroke-width': 0.5, fill: 'none' }));
  } else {
    g.append(s('path', { d: SPOOL, ...common }));
    g.append(s('ellipse', { cx: 0, cy: -4.2, rx: 3.4, ry: 0.8, fill: p.detail, stroke: p.stroke, 'stroke-width': 0.5 }));
  }
  return g;
}
