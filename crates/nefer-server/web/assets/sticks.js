// The four throw sticks drawn as they fell: a counted face is the flat, plain ivory side; the
// other is the rounded, ebony side with its incised chevrons. From the view's `sticks` (four
// booleans, true = counted face up) and `throw_value` (the server says what the throw is worth:
// the page knows no rule). A new throw can tumble in (`animate`, see throwfx.js).
import { s, title } from './svg.js';

/** One side of a stick at row `y`: the flat ivory face, or the rounded ebony one. */
function face(flat, y) {
  if (flat) return [s('rect', { x: 6, y: y - 3, width: 52, height: 6, rx: 3, fill: '#f3e6c8', stroke: '#5a3a1e', 'stroke-width': 0.8 })];
  return [
    s('rect', { x: 6, y: y - 3, width: 52, height: 6, rx: 3, fill: '#3a2414', stroke: '#1a0f08', 'stroke-width': 0.8 }),
    // The rounded side's decoration: chevrons at both ends and a highlight along the curve.
    s('path', { d: `M12,${y - 2} l3,2 l-3,2 M15,${y - 2} l3,2 l-3,2 M52,${y - 2} l-3,2 l3,2 M49,${y - 2} l-3,2 l3,2`, fill: 'none', stroke: '#d9b36b', 'stroke-width': 0.7 }),
    s('path', { d: `M10,${y - 1.6} H54`, stroke: '#7a5230', 'stroke-width': 0.7, 'stroke-linecap': 'round' }),
  ];
}

/**
 * An SVG of the sticks; `null` draws them greyed, not yet thrown. `value` is the throw's value
 * as the server gives it. Each stick also carries its other side, hidden: the throw's
 * animation shows it while the stick tumbles (`.tumbling` in app.css).
 */
export function drawSticks(sticks, value) {
  const svg = s('svg', { viewBox: '0 0 64 42', class: 'sticks', role: 'img' });
  const list = sticks || [false, false, false, false];
  // A fixed, slight scatter so the sticks look cast, not laid out with a ruler.
  const tilt = [-4, 3, -2, 5];
  const dx = [0, 3, -2, 2];
  list.forEach((flat, i) => {
    const y = 6 + i * 9.5;
    const g = s('g', { transform: `rotate(${tilt[i]} 32 ${y}) translate(${dx[i]} 0)`, class: sticks ? '' : 'unthrown' });
    const spin = s('g', { class: 'stick', style: `transform-origin: 32px ${y}px; animation-delay: ${i * 60}ms` });
    spin.append(...face(flat, y), s('g', { class: 'other-face', style: `animation-delay: ${i * 60}ms` }, ...face(!flat, y)));
    g.append(spin);
    svg.append(g);
  });
  if (sticks) {
    const flats = sticks.filter(Boolean).length;
    const worth = value ? `, a throw of ${value}` : '';
    svg.setAttribute('aria-label', `Sticks: ${flats} flat side${flats === 1 ? '' : 's'} up${worth}`);
    svg.append(title(`${flats} flat side${flats === 1 ? '' : 's'} up${value ? `: ${value}` : ''}`));
  } else {
    svg.setAttribute('aria-label', 'Sticks not thrown yet');
  }
  return svg;
}
