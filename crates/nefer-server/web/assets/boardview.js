// A board on the page: the static drawing of either family, the pieces of a layout, the trays
// (hand, off, trophies) beside it, and the "spots" a player can click or reach with the keyboard.
// It knows nothing of the rules: the board it draws is the server's description (places,
// marks, lines, pieces), and game.js tells it which spots are movable pieces and targets.
import { s, title } from './svg.js';
import { drawHjBoard, linePath } from './hjboard.js';
import { drawSenetBoard } from './senetboard.js';
import { piece } from './pieces.js';

/** Spot id of a seat's tray cell: 'hand:A', 'off:B'. Board places are their own ids. */
export const traySpot = (pool, seat) => `${pool}:${seat}`;

let boardCount = 0;

/** The least size of a live spot on screen, in CSS pixels (the usual touch target, 44 px). */
export const MIN_TARGET_PX = 44;

export class BoardView {
  /**
   * @param {HTMLElement} container where the SVG goes (emptied first)
   * @param {object} board the board as the server describes it (a view's `board`)
   * @param {{onActivate?: (spot: string) => void, seatLabel?: (seat: string) => string}} opts
   */
  constructor(container, board, opts = {}) {
    this.facts = board;
    this.family = board.family;
    this.geo = this.family === 'hj' ? drawHjBoard(board) : drawSenetBoard(board);
    this.onActivate = opts.onActivate || (() => {});
    this.seatLabel = opts.seatLabel || ((seat) => `Seat ${seat}`);
    this.svg = s('svg', {
      viewBox: this.geo.viewBox, class: `board board-${this.family}`, role: 'group',
      'aria-label': this.family === 'hj' ? 'Hounds and Jackals board' : 'Senet board',
      preserveAspectRatio: 'xMidYMid meet',
    });
    this.lastLayer = s('g', { class: 'last-move' });
    this.trayLayer = s('g', { class: 'trays' });
    this.pieceLayer = s('g', { class: 'pieces' });
    this.overLayer = s('g', { class: 'overlay' });
    this.spotLayer = s('g', { class: 'spots' });
    // Place numbers go over everything (pieces, rings), shown when asked for ("show hole and
    // square numbers"), so that neither a piece nor a highlight hides them.
    this.numLayer = s('g', { class: 'numbers', 'aria-hidden': 'true' },
      ...(this.geo.numbers || []).map((q) => s('text', {
        x: q.x, y: q.y, 'font-size': q.size, 'text-anchor': q.anchor || 'middle', class: 'place-num', 'data-place': q.place,
      }, String(q.n))));
    this.svg.append(this.geo.board, this.lastLayer, this.trayLayer, this.pieceLayer, this.overLayer, this.spotLayer, this.numLayer);
    this.spots = new Map();
    // Ids inside this SVG (clip paths) must not clash with another board's on the same page.
    this.uid = `board${++boardCount}`;
    this.makeSpots();
    container.replaceChildren(this.svg);
    // Live spots are kept at least a finger wide whatever the board's size on screen.
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.sizeHits()).observe(this.svg);
  }

  /**
   * How a seat's tray is laid out, in board units: its label (where it starts, its baseline,
   * font size and the room it has) and its cells. With two pools (hand and off) the label runs
   * along the top and the cells share the row under it; with one (Senet's off) the label takes
   * the tray's whole height on the left and the cell stands at the right, so that the label can
   * be written large enough to read on a phone, where a Senet board is 390 px wide.
   */
  trayLook(seat) {
    const t = this.geo.trays[seat];
    const k = t.h / 5.3;
    const pools = this.pools();
    if (pools.length === 1) {
      const fs = t.h * 0.38;
      const cw = t.w * 0.34;
      return {
        k, fs, x: t.x + 0.3 * k, y: t.y + t.h / 2 + fs * 0.36, room: t.w - cw - 0.9 * k,
        cells: [{ x: t.x + t.w - cw - 0.3 * k, y: t.y + 0.3 * k, w: cw, h: t.h - 0.6 * k, k }],
      };
    }
    // The label as large as the row above the cells allows: on a phone, with the play panel
    // under the board, a 58-hole board is drawn small and its labels must stay ≥ 10 px.
    const fs = 1.45 * k;
    const top = 2 * k;
    const w = (t.w - 0.3 * k * (pools.length + 1)) / pools.length;
    return {
      k, fs, x: t.x + 0.4 * k, y: t.y + 1.55 * k, room: t.w - 0.8 * k,
      cells: pools.map((_, i) => ({ x: t.x + 0.3 * k + i * (w + 0.3 * k), y: t.y + top, w, h: t.h - top - 0.3 * k, k })),
    };
  }

  /** Rectangle of one tray cell ('hand', 'off') of a seat, in board units. */
  cellRect(seat, pool) {
    return this.trayLook(seat).cells[this.pools().indexOf(pool)];
  }

  /** The tray cells the board shows (Senet pieces never wait in a hand). */
  pools() {
    return this.facts.pools;
  }

  /** Invisible hit areas over every place and tray cell, with a ring shown when highlighted. */
  makeSpots() {
    const r = this.geo.hitRadius;
    const add = (id, shape, ring, label) => {
      // What the hit area is drawn as, to grow it back from when it was made finger-sized.
      shape.dataset.base = JSON.stringify(shape.dataset.circle ? JSON.parse(shape.dataset.circle)
        : { x: Number(shape.getAttribute('x')), y: Number(shape.getAttribute('y')), w: Number(shape.getAttribute('width')), h: Number(shape.getAttribute('height')) });
      const g = s('g', { class: 'spot', 'data-spot': id }, shape, ring, title(label));
      g.addEventListener('click', () => { if (g.classList.contains('active')) this.onActivate(id); });
      g.addEventListener('keydown', (e) => {
        if ((e.key === 'Enter' || e.key === ' ') && g.classList.contains('active')) {
          e.preventDefault();
          this.onActivate(id);
        }
      });
      this.spots.set(id, g);
      this.spotLayer.append(g);
    };
    for (const [place, p] of this.geo.places) {
      if (this.geo.cell) {
        // A square board: the square is the spot, its ring along the square's edge.
        const u = this.geo.cell;
        add(place, s('rect', { x: p.x - u / 2, y: p.y - u / 2, width: u, height: u, class: 'hit' }),
          s('rect', { x: p.x - u / 2 + 0.4, y: p.y - u / 2 + 0.4, width: u - 0.8, height: u - 0.8, rx: 0.6, class: 'ring' }),
          this.geo.titles.get(place) || place);
        continue;
      }
      const rr = p.shared ? r * 1.6 : r;
      // The ring goes round the piece, not across it.
      const ring = p.shared ? rr * 0.92 : Math.max(rr * 0.92, this.geo.pieceSize * 0.56);
      const hit = s('path', { d: disc(p.x, p.y, rr), class: 'hit' });
      hit.dataset.circle = JSON.stringify({ cx: p.x, cy: p.y, r: rr });
      add(place, hit,
        s('circle', { cx: p.x, cy: p.y, r: ring, class: 'ring' }),
        // The spot lies over the hole, so it carries the hole's full tooltip (name and mark).
        this.geo.titles.get(place) || place);
    }
    for (const seat of ['A', 'B']) {
      for (const pool of this.pools()) {
        const c = this.cellRect(seat, pool);
        add(traySpot(pool, seat), s('rect', { x: c.x, y: c.y, width: c.w, height: c.h, rx: 0.3 * c.k, class: 'hit' }),
          s('rect', { x: c.x + 0.1 * c.k, y: c.y + 0.1 * c.k, width: c.w - 0.2 * c.k, height: c.h - 0.2 * c.k, rx: 0.3 * c.k, class: 'ring' }),
          `${this.seatLabel(seat)}: pieces ${pool === 'hand' ? 'in hand' : 'borne off'}`);
      }
    }
  }

  /** Draws the pieces of `layout` ({A: {board, hand, off, trophies}, B: …}). */
  render(layout, { lastMove = null, animate = false } = {}) {
    // Pieces are only redrawn when they changed: the page re-renders for many reasons (a
    // selection, a pending request) and a redraw would cut a sliding piece short.
    const key = JSON.stringify(layout);
    const same = key === this.layoutKey && !this.previewing;
    this.layout = layout;
    this.layoutKey = key;
    if (same && !animate) {
      this.lastLayer.replaceChildren();
      if (lastMove) this.markLast(lastMove);
      return;
    }
    // Whatever a preview drew goes with it.
    this.previewing = false;
    this.overLayer.replaceChildren();
    this.pieceLayer.replaceChildren(...this.pieceNodes(layout, false));
    this.drawTrays(layout);
    this.lastLayer.replaceChildren();
    if (lastMove) this.markLast(lastMove);
    if (animate && lastMove) this.slide(lastMove);
  }

  /** Centre of a move end: a place on the board, or the middle of the mover's tray cell. */
  pointOf(place, seat) {
    const p = this.geo.places.get(place);
    if (p) return p;
    if ((place === 'hand' || place === 'off') && this.pools().includes(place)) {
      const c = this.cellRect(seat, place);
      return { x: c.x + c.w / 2, y: c.y + c.h / 2 };
    }
    return null;
  }

  /**
   * Slides the piece that just moved from its start to where it stands (a quarter of a second),
   * so that a move that arrives from the opponent or the computer is seen, not just found.
   * Not for people who asked for reduced motion.
   */
  slide({ seat, from, to }) {
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const a = this.pointOf(from, seat), b = this.pointOf(to, seat);
    const node = this.pieceLayer.querySelector(`[data-seat="${seat}"][data-place="${CSS.escape(to)}"]`);
    if (!a || !b || !node) return;
    const wrap = s('g', {});
    node.replaceWith(wrap);
    wrap.append(node);
    const anim = s('animateTransform', {
      attributeName: 'transform', type: 'translate', from: `${a.x - b.x} ${a.y - b.y}`, to: '0 0',
      dur: '0.25s', begin: 'indefinite', fill: 'freeze', calcMode: 'spline', keySplines: '0.3 0 0.2 1', keyTimes: '0;1',
    });
    wrap.append(anim);
    anim.beginElement();
  }

  /** SVG nodes for the pieces of a layout; several pieces on one place are stacked with a count. */
  pieceNodes(layout, ghost, only = null) {
    const nodes = [];
    const badges = [];
    const size = this.geo.pieceSize;
    for (const seat of ['A', 'B']) {
      const counts = new Map();
      for (const place of layout[seat].board) counts.set(place, (counts.get(place) || 0) + 1);
      for (const [place, n] of counts) {
        if (only && !only.has(`${seat}@${place}`)) continue;
        const p = this.geo.places.get(place);
        if (!p) continue;
        // In the shared hole both seats can stand: A to the left, B to the right, each stack
        // leaning outwards and its count on its outer shoulder, so that neither covers the other.
        const shared = p.shared && layout.A.board.includes(place) && layout.B.board.includes(place);
        const out = shared && seat === 'A' ? -1 : 1;
        const dx = shared ? out * size * 0.5 : 0;
        for (let i = Math.min(n, 3) - 1; i >= 0; i--) {
          const node = piece(this.facts.pieces[seat].kind, seat, p.x + dx + out * i * 0.25, p.y - i * 0.35, size, { ghost });
          node.dataset.seat = seat;
          node.dataset.place = place;
          nodes.push(node);
        }
        if (n > 1) {
          // At most three pieces are drawn; the badge says how many stand there (and says so
          // to tests too, through its data attributes).
          const b = this.badge(p.x + dx + out * size * 0.45, p.y - size * 0.45, n);
          Object.assign(b.dataset, { seat, place, count: String(n) });
          badges.push(b);
        }
      }
    }
    // Counts go over every piece: the other seat's stack must not hide one.
    return [...nodes, ...badges];
  }

  /** A small round count badge. */
  badge(x, y, n) {
    const r = this.geo.pieceSize * 0.26;
    return s('g', { class: 'badge' },
      s('circle', { cx: x, cy: y, r, fill: '#7a1f12', stroke: '#fff3df', 'stroke-width': r * 0.18 }),
      s('text', { x, y: y + r * 0.42, 'text-anchor': 'middle', 'font-size': r * 1.25, fill: '#fff', 'font-weight': 700 }, String(n)));
  }

  /** The trays: for each seat a labelled box with its hand and off cells (and trophies). */
  drawTrays(layout) {
    const nodes = [];
    const fits = [];
    for (const seat of ['A', 'B']) {
      const t = this.geo.trays[seat];
      const look = this.trayLook(seat);
      const k = look.k;
      const l = layout[seat];
      nodes.push(s('rect', { x: t.x, y: t.y, width: t.w, height: t.h, rx: 0.4 * k, class: 'tray' }));
      // The captured count stands on its own at the right, so that a long name (up to 40
      // characters) cannot push it out of the tray; the name is cut at the tray's edge (or
      // before the count) and its full text is the label's tooltip.
      const fs = look.fs;
      const room = look.room;
      let cap = null;
      if (l.trophies) {
        const words = `${l.trophies} captured`;
        cap = s('text', { x: look.x + room, y: look.y, 'font-size': fs, 'text-anchor': 'end', class: 'tray-label tray-trophies', 'data-seat': seat }, words);
        nodes.push(cap);
      }
      const clip = `${this.uid}-tray-${seat}`;
      const text = `${this.seatLabel(seat)} (${this.facts.pieces[seat].plural})`;
      // Until the count is measured (below), a generous guess of its width.
      const clipRect = s('rect', { x: look.x, y: look.y - fs * 1.1, width: Math.max(room - (cap ? cap.textContent.length * fs * 0.62 + 0.5 * k : 0), 0), height: fs * 1.5 });
      if (cap) fits.push({ cap, clipRect, room, gap: 0.5 * k });
      nodes.push(s('clipPath', { id: clip }, clipRect));
      nodes.push(s('text', { x: look.x, y: look.y, 'font-size': fs, class: 'tray-label', 'data-seat': seat, 'clip-path': `url(#${clip})` }, text, title(text)));
      for (const pool of this.pools()) {
        const c = this.cellRect(seat, pool);
        const n = l[pool];
        nodes.push(s('rect', { x: c.x, y: c.y, width: c.w, height: c.h, rx: 0.3 * k, class: 'tray-cell' }));
        // The piece on the left, the pool's name at the top right, the count under it.
        const ps = Math.min(c.h * 0.75, 2.4 * k);
        if (n > 0) nodes.push(piece(this.facts.pieces[seat].kind, seat, c.x + 0.2 * k + ps / 2, c.y + c.h / 2, ps));
        nodes.push(s('text', { x: c.x + c.w - 0.3 * k, y: c.y + 0.25 * k + Math.min(0.85 * k, c.h * 0.28), 'font-size': Math.min(0.85 * k, c.h * 0.28), 'text-anchor': 'end', class: 'tray-caption' }, pool === 'hand' ? 'hand' : 'off'));
        nodes.push(s('text', { x: c.x + c.w - 0.3 * k, y: c.y + c.h - 0.35 * k, 'font-size': Math.min(1.3 * k, c.h * 0.45), 'text-anchor': 'end', class: 'tray-count', 'data-seat': seat, 'data-pool': pool }, `×${n}`));
      }
    }
    this.trayLayer.replaceChildren(...nodes);
    // On the page the count's real width is known: the name gets all the room left.
    if (this.svg.isConnected) {
      for (const f of fits) {
        const w = f.cap.getComputedTextLength();
        if (w > 0) f.clipRect.setAttribute('width', String(Math.max(f.room - w - f.gap, 0)));
      }
    }
  }

  /** Marks the last move's start and end (e.g. the opponent's move that just arrived). */
  markLast({ seat, from, to }) {
    for (const [id, cls] of [[this.spotFor(from, seat), 'last-from'], [this.spotFor(to, seat), 'last-to']]) {
      const g = this.spots.get(id);
      if (!g) continue;
      const shape = g.querySelector('.ring').cloneNode();
      shape.setAttribute('class', cls);
      this.lastLayer.append(shape);
    }
  }

  /**
   * Draws moves as arrows from their start to their end (`[{seat, from, to, cls}]`: the review's
   * move played and better move), replacing the arrows drawn before; ends the board does not
   * have are skipped.
   */
  arrows(list) {
    if (!this.arrowLayer) {
      this.arrowLayer = s('g', { class: 'arrows' });
      this.spotLayer.before(this.arrowLayer);
    }
    const r = this.geo.pieceSize * 0.5;
    const nodes = [];
    for (const { seat, from, to, cls } of list) {
      const a = this.pointOf(from, seat), b = this.pointOf(to, seat);
      if (!a || !b) continue;
      const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
      const ux = dx / len, uy = dy / len;
      // The arrow stops short of the end's centre, its head a third of a piece wide.
      const ex = b.x - ux * r * 0.6, ey = b.y - uy * r * 0.6, hw = r * 0.5;
      nodes.push(s('g', { class: `move-arrow ${cls}`, 'data-from': from, 'data-to': to },
        s('line', { x1: a.x, y1: a.y, x2: ex - ux * hw, y2: ey - uy * hw }),
        s('path', { d: `M${ex},${ey} L${ex - ux * hw * 2 - uy * hw},${ey - uy * hw * 2 + ux * hw} L${ex - ux * hw * 2 + uy * hw},${ey - uy * hw * 2 - ux * hw} Z` })));
    }
    this.arrowLayer.replaceChildren(...nodes);
  }

  /** The spot of a move end: a board place, or the mover's tray for 'hand' and 'off'. */
  spotFor(place, seat) {
    return place === 'hand' || place === 'off' ? traySpot(place, seat) : place;
  }

  /**
   * Which spots are live: `movable` and `targets` map spot id → accessible label; `selected` is
   * the chosen piece; `hint` a spot to point at. Everything else is inert and out of the tab order.
   */
  setMarks({ movable = new Map(), targets = new Map(), selected = null, hint = [] } = {}) {
    for (const [id, g] of this.spots) {
      const label = targets.get(id) || movable.get(id);
      g.classList.toggle('movable', movable.has(id));
      g.classList.toggle('target', targets.has(id));
      g.classList.toggle('selected', id === selected);
      g.classList.toggle('hint', hint.includes(id));
      g.classList.toggle('active', Boolean(label));
      g.dataset.kind = targets.has(id) ? 'target' : movable.has(id) ? 'movable' : '';
      if (label) {
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-label', label);
      } else {
        g.removeAttribute('tabindex');
        g.removeAttribute('role');
        g.removeAttribute('aria-label');
      }
    }

    this.sizeHits();
  }

  /**
   * Makes every live spot's hit area at least MIN_TARGET_PX across on screen (a finger's width:
   * on a phone a hole is under 30 px), and gives the others back their own size. Inert spots
   * take no clicks (CSS), so a grown spot cannot be shadowed by the holes around it. Two live
   * holes closer than a finger share the ground between them at its middle: a grown disc is cut
   * where it would reach past halfway to a live neighbour, so a tap on a hole always picks that
   * hole, never the one drawn after it.
   */
  sizeHits() {
    const ctm = this.svg.isConnected && this.svg.getScreenCTM();
    const min = ctm && ctm.a > 0 ? MIN_TARGET_PX / ctm.a : 0;
    const discs = [];
    for (const g of this.spots.values()) {
      const hit = g.firstChild;
      const base = JSON.parse(hit.dataset.base);
      const grow = g.classList.contains('active') ? min : 0;
      if ('r' in base) {
        discs.push({ hit, live: grow > 0, cx: base.cx, cy: base.cy, r: Math.max(base.r, grow / 2) });
      } else {
        const w = Math.max(base.w, grow), hh = Math.max(base.h, grow);
        hit.setAttribute('x', String(base.x - (w - base.w) / 2));
        hit.setAttribute('y', String(base.y - (hh - base.h) / 2));
        hit.setAttribute('width', String(w));
        hit.setAttribute('height', String(hh));
      }
    }
    const live = discs.filter((d) => d.live);
    for (const d of discs) {
      const near = d.live ? live.filter((o) => o !== d && Math.hypot(o.cx - d.cx, o.cy - d.cy) < d.r + o.r) : [];
      d.hit.setAttribute('d', near.length ? cutDisc(d, near) : disc(d.cx, d.cy, d.r));
    }
  }

  /** Focuses a live spot (keeps keyboard play flowing from piece to target). */
  focus(id) {
    const g = this.spots.get(id);
    if (g) g.focus();
  }

  /**
   * Shows the result of a move before it is committed: the `after` layout with the pieces that
   * change drawn as ghosts at their new places, the ones that leave struck out, and the line
   * followed by a line jump (`line`: the places it joins, e.g. the count's landing and the end).
   */
  preview(after, { line = null } = {}) {
    const before = this.layout;
    const key = (l, seat) => {
      const m = new Map();
      for (const p of l[seat].board) m.set(p, (m.get(p) || 0) + 1);
      return m;
    };
    const arrive = new Set(), leave = new Set();
    for (const seat of ['A', 'B']) {
      const b = key(before, seat), a = key(after, seat);
      for (const [p, n] of a) if ((b.get(p) || 0) < n) arrive.add(`${seat}@${p}`);
      for (const [p, n] of b) if ((a.get(p) || 0) < n) leave.add(`${seat}@${p}`);
    }
    // The pieces as they will stand; halos under the ones that move, crosses where a piece
    // leaves and nothing takes its place, and the line a jump follows.
    const under = [], over = [];
    const arrivePlaces = new Set([...arrive].map((id) => id.split('@')[1]));
    for (const id of arrive) {
      const p = this.geo.places.get(id.split('@')[1]);
      under.push(s('circle', { cx: p.x, cy: p.y, r: this.geo.pieceSize * 0.62, class: 'arrive' }));
    }
    for (const id of leave) {
      const place = id.split('@')[1];
      if (arrivePlaces.has(place)) continue;
      const p = this.geo.places.get(place);
      const r = this.geo.pieceSize * 0.4;
      over.push(s('path', { d: `M${p.x - r},${p.y - r} L${p.x + r},${p.y + r} M${p.x + r},${p.y - r} L${p.x - r},${p.y + r}`, class: 'leave' }));
    }
    const drawn = line && this.geo.lines.find((l) => l.ends.includes(line[0]) && l.ends.includes(line[1]));
    if (drawn) over.push(s('path', { d: linePath(drawn), class: 'line-jump' }));
    this.pieceLayer.replaceChildren(...under, ...this.pieceNodes(after, false));
    this.overLayer.replaceChildren(...over);
    this.drawTrays(after);
    this.previewing = true;
  }

  /** Removes a preview and shows the current layout's trays again. */
  clearPreview() {
    if (!this.previewing) return;
    this.previewing = false;
    this.overLayer.replaceChildren();
    if (this.layout) {
      this.pieceLayer.replaceChildren(...this.pieceNodes(this.layout, false));
      this.drawTrays(this.layout);
    }
  }
}

/** An SVG path drawing a disc (a path, not a circle, so that a hit area can be cut). */
function disc(cx, cy, r) {
  return `M${cx - r},${cy} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`;
}

/**
 * The disc `d` ({cx, cy, r}) as a polygon cut by the perpendicular bisector between its centre
 * and each disc of `near` (Sutherland–Hodgman against each half-plane): the part of the disc
 * nearer to its own centre than to any of theirs.
 */
function cutDisc(d, near) {
  const n = 48;
  let poly = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    poly.push([d.cx + d.r * Math.cos(a), d.cy + d.r * Math.sin(a)]);
  }
  for (const o of near) {
    // Keep the points p with (p − m)·u ≤ 0, m the midpoint and u the way to the neighbour.
    const ux = o.cx - d.cx, uy = o.cy - d.cy;
    const mx = (o.cx + d.cx) / 2, my = (o.cy + d.cy) / 2;
    const side = ([x, y]) => (x - mx) * ux + (y - my) * uy;
    const out = [];
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i], q = poly[(i + 1) % poly.length];
      const sp = side(p), sq = side(q);
      if (sp <= 0) out.push(p);
      if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
        const t = sp / (sp - sq);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
    poly = out;
  }
  return `M${poly.map(([x, y]) => `${x},${y}`).join(' L')} Z`;
}

/** The board's marks in words, one line each ("15 and 25: nefer hole — …"), for legends. */
export function legend(board) {
  return board.marks.map((m) => `${m.numbers}: ${m.name} — ${m.meaning}`);
}
