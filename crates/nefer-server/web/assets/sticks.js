// The four throw sticks drawn as they fell: a counted face is the flat, plain ivory side; the
// other is the rounded, ebony side with its incised chevrons. From the view's `sticks` (four
// booleans, true = counted face up); the score is the number of counted faces, 5 when none.
import { s, title } from './svg.js';

/** The value of a throw from its sticks (SPEC §1.1). */
export function throwValue(sticks) {
  const k = sticks.filter(Boolean).length;
  return k === 0 ? 5 : k;
}

/** An SVG of the sticks; `null` draws them greyed, not yet thrown. */
export function drawSticks(sticks) {
  const svg = s('svg', { viewBox: '0 0 64 42', class: 'sticks', role: 'img' });
  const list = sticks || [false, false, false, false];
  // A fixed, slight scatter so the sticks look cast, not laid out with a ruler.
  const tilt = [-4, 3, -2, 5];
  const dx = [0, 3, -2, 2];
  list.forEach((flat, i) => {
    const y = 6 + i * 9.5;
    const g = s('g', { transform: `rotate(${tilt[i]} 32 ${y}) translate(${dx[i]} 0)`, class: sticks ? '' : 'unthrown' });
    if (flat) {
      g.append(s('rect', { x: 6, y: y - 3, width: 52, height: 6, rx: 3, fill: '#f3e6c8', stroke: '#5a3a1e', 'stroke-width': 0.8 }));
    } else {
      g.append(s('rect', { x: 6, y: y - 3, width: 52, height: 6, rx: 3, fill: '#3a2414', stroke: '#1a0f08', 'stroke-width': 0.8 }));
      // The rounded side's decoration: chevrons at both ends and a highlight along the curve.
      g.append(s('path', { d: `M12,${y - 2} l3,2 l-3,2 M15,${y - 2} l3,2 l-3,2 M52,${y - 2} l-3,2 l3,2 M49,${y - 2} l-3,2 l3,2`, fill: 'none', stroke: '#d9b36b', 'stroke-width': 0.7 }));
      g.append(s('path', { d: `M10,${y - 1.6} H54`, stroke: '#7a5230', 'stroke-width': 0.7, 'stroke-linecap': 'round' }));
    }
    svg.append(g);
  });
  if (sticks) {
    const v = throwValue(sticks);
    const flats = sticks.filter(Boolean).length;
    svg.setAttribute('aria-label', `Sticks: ${flats} flat side${flats === 1 ? '' : 's'} up, a throw of ${v}`);
    svg.append(title(`${flats} flat side${flats === 1 ? '' : 's'} up: ${v}`));
  } else {
    svg.setAttribute('aria-label', 'Sticks not thrown yet');
  }
  return svg;
}
