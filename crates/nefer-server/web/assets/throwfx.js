// The throw's motion and sound: the four sticks tumble (each shows its other side in turn) and
// land on the faces the server drew, and, if the player asks for it, a clatter made on the spot
// with WebAudio (no sound file). No motion under `prefers-reduced-motion` or when the setting
// "Animate the throw" is off; the sound is off unless the setting turns it on.
import { settings } from './api.js';

/** How long the tumble lasts, in ms (the sticks' animations in app.css). */
export const TUMBLE_MS = 700;

/** Whether the throw should move: the player's setting and the system's reduced motion. */
export function throwMotion() {
  const reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return settings().throwMotion !== false && !reduced;
}

/**
 * Makes the sticks drawn in `svg` tumble in; `data-tumbling` is on them while they move. Does
 * nothing when the throw should not move.
 */
export function tumble(svg) {
  if (!throwMotion()) return false;
  svg.classList.add('tumbling');
  svg.dataset.tumbling = '1';
  setTimeout(() => {
    svg.classList.remove('tumbling');
    delete svg.dataset.tumbling;
  }, TUMBLE_MS);
  return true;
}

let audio = null;

/**
 * The sticks' clatter when the setting asks for it: a few short knocks of filtered noise, as
 * wood on wood, one per stick. Silent where the browser has no WebAudio.
 */
export function clatter() {
  if (!settings().throwSound) return false;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return false;
  audio = audio || new Ctx();
  if (audio.state === 'suspended') audio.resume();
  const t0 = audio.currentTime + 0.02;
  const len = Math.floor(audio.sampleRate * 0.05);
  for (let i = 0; i < 4; i++) {
    const buf = audio.createBuffer(1, len, audio.sampleRate);
    const data = buf.getChannelData(0);
    for (let k = 0; k < len; k++) data[k] = (Math.random() * 2 - 1) * (1 - k / len) ** 3;
    const src = audio.createBufferSource();
    src.buffer = buf;
    const band = audio.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 900 + 500 * i;
    band.Q.value = 4;
    const gain = audio.createGain();
    gain.gain.value = 0.5;
    src.connect(band).connect(gain).connect(audio.destination);
    src.start(t0 + i * 0.07 + Math.random() * 0.03);
  }
  document.documentElement.dataset.clatter = String(Number(document.documentElement.dataset.clatter || 0) + 1);
  return true;
}
