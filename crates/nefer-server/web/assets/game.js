// The game page: board, sticks, status, legal moves, history, ranked hints, the tutor, undo,
// rules, links and the game-over banner (with the review). The server owns the game; this page only shows its views and sends the
// player's choices. Live updates come over server-sent events, so online opponents' moves and
// spectators' boards arrive without reloading.
import { h } from './svg.js';
import { api, follow, tokenFor, saveToken, linksFor, gameInfo, rememberGame, settings, setSetting } from './api.js';
import { BoardView, legend } from './boardview.js';
import { drawSticks } from './sticks.js';
import { tumble, clatter } from './throwfx.js';
import { historyLines, lastMove } from './moves.js';
import { showError, clearError } from './app.js';
import { keepPresent, renderPlayers, namesPanel, rematchControls, goToRematch } from './players.js';

export async function gamePage(root, id) {
  // A seat token arrives once in the link's fragment (#token=, never sent to a server; older
  // links: ?token=); keep it with your games (localStorage: it survives a new tab and a closed
  // browser) and clean the address bar, so a screenshot or a copied address does not give the
  // seat away.
  const given = new URLSearchParams(location.hash.slice(1)).get('token') || new URLSearchParams(location.search).get('token');
  if (given) {
    saveToken(id, given);
    history.replaceState(null, '', `/game/${encodeURIComponent(id)}`);
  }
  const token = tokenFor(id);
  const view = await api.game(id, token);
  // What the lobby lists of it (a game opened from a link has no rule set kept yet).
  if (token && (view.you || []).length) rememberGame(id, { rules: view.rules, mode: view.mode });
  const g = new GamePage(root, id, token, view);
  api.rules().then((r) => g.setRules(r)).catch((e) => showError(`Rules not available: ${e.message}`));
  return g;
}

class GamePage {
  constructor(root, id, token, view) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.view = view;
    this.family = view.board.family;
    this.selected = null; // spot of the chosen piece
    this.pending = null; // a move waiting for confirmation after its preview
    this.hint = null;
    this.ranked = null; // the hint's ranked moves, for this view's version
    this.warning = null; // the tutor's warning about a move: {move, entry, best}
    this.tutor = Boolean((gameInfo(id) || {}).tutor) && view.mode !== 'online';
    this.busy = false;
    this.queued = null; // the newest view come while the computer's turn is played out
    this.queuedUndo = false; // whether an undo came among those views
    this.saidFrom = view.version; // the actions from here on are said in words (tell)
    this.build();
    this.render();
    this.lastEvent = -1; // version of the last view the event stream sent
    this.events = follow(id, token, (v) => this.onEvent(v), (msg) => this.setLive(msg));
    // Your seat shows as connected to the other player while this page is open.
    if (token && this.you().length) this.stopPresence = keepPresent(id, token);
  }

  /**
   * Takes the seats' names and presence and the rematch from view `v` (the stream brings them
   * without a new version: a name given, a player come or gone, a rematch offered); once the
   * rematch exists, a player goes to it.
   */
  takeSeats(v) {
    const had = this.view.rematch && this.view.rematch.game;
    const renamed = JSON.stringify(['A', 'B'].map((s) => v.seats[s].name)) !== JSON.stringify(['A', 'B'].map((s) => this.view.seats[s].name));
    this.view = { ...this.view, seats: v.seats, rematch: v.rematch };
    if (!had && goToRematch(this.id, this.view, this.you())) return;
    if (renamed) this.board.drawTrays(this.view.layout);
    this.render();
  }

  /** Display name of a seat, as the server names it (the player's name or the level). */
  seatName(seat) {
    const s = this.view.seats && this.view.seats[seat];
    return (s && s.name) || `Seat ${seat}`;
  }

  you() {
    return this.view.you || [];
  }

  build() {
    const v = this.view;
    this.board = new BoardView(h('div'), v.board, {
      onActivate: (spot) => this.activate(spot),
      // "Player A" already names its seat; other names get the seat letter added.
      seatLabel: (seat) => (this.seatName(seat).endsWith(` ${seat}`) ? this.seatName(seat) : `${this.seatName(seat)} · ${seat}`),
    });
    this.banner = h('div', { class: 'banner hidden', role: 'status', 'aria-live': 'polite', id: 'banner' });
    this.status = h('p', { class: 'status', id: 'status', 'aria-live': 'polite' });
    this.live = h('p', { class: 'notice hidden', id: 'live' });
    // What the last actions did, in the server's words (the core's event descriptions): why a
    // throw was lost, that a throw earns another, a line, a capture, an exchange…
    this.said = h('p', { class: 'said', id: 'said', 'aria-live': 'polite' });
    this.sticksBox = h('div', { class: 'sticks-box' });
    this.throwBtn = h('button', { id: 'throw', type: 'button', onclick: () => this.doThrow() }, 'Throw the sticks');
    this.movesBox = h('div', { class: 'moves-list', id: 'moves', role: 'group', 'aria-label': 'Legal moves' });
    this.confirmBox = h('div', { class: 'notice hidden', id: 'confirm', role: 'group', 'aria-label': 'Confirm the move' });
    this.hintBtn = h('button', { id: 'hint', type: 'button', class: 'secondary', onclick: () => this.doHint() }, 'Hint');
    this.undoBtn = h('button', { id: 'undo', type: 'button', class: 'secondary', onclick: () => this.doUndo() }, 'Undo');
    this.hintText = h('p', { id: 'hint-text', class: 'hidden', 'aria-live': 'polite' });
    this.hintList = h('ol', { id: 'hint-list', class: 'hint-list hidden', 'aria-label': 'Every legal move, best first' });
    this.tutorBox = h('div', { id: 'tutor', class: 'notice tutor hidden', role: 'alertdialog', 'aria-label': 'The tutor' });
    this.reviewLink = h('a', { class: 'button', id: 'review-link', href: `/review/${encodeURIComponent(this.id)}` }, 'Review the game');
    // A scrolling list: focusable, so that a keyboard can scroll it too (axe: scrollable-region-focusable).
    this.historyList = h('ol', { class: 'history', id: 'history', tabindex: '0', 'aria-label': 'Moves so far' });
    this.rulesBox = h('div', { class: 'rules-text' }, 'Loading the rules…');
    this.rulesTitle = h('span', {}, v.title || v.rules);
    const numbersToggle = h('input', { type: 'checkbox', id: 'numbers', onchange: (e) => wrap.classList.toggle('show-numbers', e.target.checked) });

    const marks = legend(v.board);
    const wrap = h('div', { class: `board-wrap ${this.family}` }, this.board.svg);
    // The trays in words: readable on a phone, where the trays' SVG text is small, and for
    // screen readers.
    this.pools = h('p', { class: 'pools', id: 'pools', 'aria-live': 'off' });
    // Both seats' names and presence, under the title (players.js).
    this.playersEl = h('p', { class: 'players', id: 'players' });
    this.seatsLine = h('p', { class: 'seats' });

    // The board and what a turn needs (status, sticks, the buttons, the moves, the confirmation)
    // come first and are sized to be on the screen together without scrolling (fit()); the
    // rest (the trays in words, numbers, legend, links, history) follows them.
    this.playPanel = h('section', { class: 'panel play', id: 'play', 'aria-label': 'Play' },
      this.status,
      this.said,
      this.live,
      h('div', { class: 'row turn-row' }, this.sticksBox, this.throwBtn, this.hintBtn, this.undoBtn),
      this.confirmBox,
      this.tutorBox,
      this.movesBox,
      this.hintText,
      this.hintList);
    this.gameEl = h('div', { class: `game playing ${this.family}` },
      h('div', { class: 'board-col' },
        this.banner,
        wrap),
      h('div', { class: 'side' },
        this.playPanel,
        h('section', { class: 'panel', 'aria-label': 'The board' },
          this.seatsLine,
          this.pools,
          h('div', { class: 'row' }, h('label', { for: 'numbers' }, numbersToggle, ' Show hole and square numbers')),
          h('details', {}, h('summary', {}, 'What the marks on the board mean'), h('ul', { class: 'legend' }, marks.map((m) => h('li', {}, m))))),
        namesPanel(this, (nv) => this.takeSeats(nv)),
        this.settingsPanel(),
        this.linksPanel(),
          h('section', { class: 'panel' }, h('h2', {}, 'Moves so far'), this.historyList),
          h('section', { class: 'panel' },
            h('h2', {}, 'Game'),
            h('div', { class: 'row' },
              h('a', { class: 'button secondary', id: 'download', href: api.recordUrl(this.id, this.token), download: `nefer-${this.id}.ngr` }, 'Download .ngr'),
              h('a', { class: 'button secondary', id: 'replay-link', href: `/replay?game=${encodeURIComponent(this.id)}` }, 'Replay this game'),
              h('a', { class: 'button secondary', id: 'review-now', href: `/review/${encodeURIComponent(this.id)}` }, 'Review so far'),
              h('a', { class: 'button secondary', href: '/' }, 'New game')),
            h('details', { id: 'rules' }, h('summary', {}, 'Rules of ', this.rulesTitle), this.rulesBox))));
    this.root.replaceChildren(
      h('h1', { class: 'game-head' }, h('span', { id: 'game-title' }, `${v.title || v.rules} · ${modeName(v.mode)}`)),
      this.playersEl,
      // (replaceChildren would write a null as the text "null")
      this.tutor ? h('p', { class: 'tutor-on', id: 'tutor-on' }, 'Tutor on: before a mistake you are warned and shown the better move.') : '',
      this.gameEl);
    this.wrap = wrap;
    // The board follows the window's size (a phone turned, a window resized).
    this.onResize = () => this.fit();
    window.addEventListener('resize', this.onResize);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && (this.pending || this.selected || this.warning)) {
        this.pending = null;
        this.warning = null;
        this.selected = null;
        this.render();
      }
    });
  }

  /** The player's settings (kept in this browser): what goes on without a click. */
  settingsPanel() {
    const box = (name, text) => {
      const input = h('input', {
        type: 'checkbox', id: `set-${name}`, checked: settings()[name],
        onchange: (e) => { setSetting(name, e.target.checked); this.autoVersion = null; this.autoStep(); },
      });
      return h('div', { class: 'check' }, h('label', { for: `set-${name}` }, input, ` ${text}`));
    };
    return h('section', { class: 'panel', id: 'settings', 'aria-label': 'Settings' },
      h('h2', {}, 'Settings'),
      box('autoPass', `A lost throw passes by itself, ${AUTO_DELAY_MS / 1000} s after saying why`),
      box('autoForced', `The only possible move is played by itself, ${AUTO_DELAY_MS / 1000} s after it is shown (else Enter plays it)`),
      h('div', {},
        h('label', { for: 'set-pace' }, "The computer's turn, step by step: "),
        h('select', {
          id: 'set-pace', onchange: (e) => setSetting('pace', e.target.value),
        }, Object.entries(PACES).map(([k, p]) => h('option', { value: k, selected: settings().pace === k }, p.name)))),
      // The throw's motion (never under the system's reduced motion) and sound (throwfx.js).
      box('throwMotion', 'Animate the throw of the sticks'),
      box('throwSound', 'Sound of the sticks (made by the browser, off at first)'));
  }

  /**
   * What goes on without a click, per the settings: a lost throw's pass, the only possible
   * move. Each waits AUTO_DELAY_MS so that the status (why the throw is lost, which move it is)
   * is read first, and is dropped if anything changes meanwhile (a new view, a request, an
   * undo).
   */
  autoStep() {
    const v = this.view;
    if (this.autoVersion === v.version) return;
    this.autoVersion = v.version;
    clearTimeout(this.autoTimer);
    const legal = v.legal || [];
    if (!this.mine() || v.status.kind !== 'decide' || legal.length !== 1) return;
    const m = legal[0];
    const s = settings();
    if (!(m.kind === 'pass' ? s.autoPass : s.autoForced)) return;
    this.root.dataset.auto = m.move;
    this.autoTimer = setTimeout(() => {
      delete this.root.dataset.auto;
      if (this.view.version === v.version && !this.busy && !this.pending && !this.warning && this.mine()) this.commit(m.move);
    }, AUTO_DELAY_MS);
  }

  /** Invite and watch links for online games, to copy. */
  linksPanel() {
    const links = linksFor(this.id) || {};
    const abs = (p) => new URL(p, location.origin).href;
    const rows = [];
    if (links.invite) rows.push(['Invite your opponent (this link plays the other seat)', abs(links.invite), 'invite-link']);
    rows.push(['Spectators watch here', abs(links.watch || `/game/${encodeURIComponent(this.id)}`), 'watch-link']);
    if (links.self) rows.push(['Your own seat (to continue in another tab or device)', abs(links.self), 'self-link']);
    const online = this.view.mode === 'online';
    // Online the invite is the point; in the other modes the links are extras, folded away.
    const wrapIn = (body) => (online ? h('section', { class: 'panel links' }, h('h2', {}, 'Links'), body)
      : h('section', { class: 'panel links' }, h('details', {}, h('summary', {}, 'Links to watch or continue this game'), body)));
    return wrapIn(

      rows.map(([label, url, id]) => {
        const input = h('input', { type: 'text', readonly: true, value: url, id, 'aria-label': label });
        const btn = h('button', { type: 'button', class: 'secondary', onclick: () => copy(input, btn) }, 'Copy');
        return h('div', {}, h('label', { for: id }, label), h('div', { class: 'row' }, input, btn));
      }));
  }

  setRules(list) {
    const r = list.find((x) => x.key === this.view.rules);
    if (!r) { this.rulesBox.textContent = 'No rules text for this rule set.'; return; }
    this.rulesTitle.textContent = r.title;
    const opts = (r.options || []).map((o) => h('li', {}, h('code', {}, o.name), `: ${(o.values || []).join(' / ')} (default ${o.default})`));
    this.rulesBox.replaceChildren(
      h('p', {}, h('em', {}, r.source || '')),
      h('p', {}, r.rules),
      // (replaceChildren writes a null as the text "null": absent parts are empty strings)
      this.view.options ? h('p', {}, 'Options of this game: ', h('code', {}, this.view.options)) : '',
      opts.length ? h('details', {}, h('summary', {}, 'All options'), h('ul', {}, opts)) : '',
      h('p', {}, h('a', { href: `/rules/${encodeURIComponent(r.key)}` }, 'The rules on their own page')));
  }

  setLive(msg) {
    this.live.textContent = msg || '';
    this.live.classList.toggle('hidden', !msg);
  }

  /**
   * A view from the event stream. Events come in the server's order, so one with a lower version
   * than the event before it is an undo and is taken; otherwise only a view newer than the one
   * shown is (the response to our own request may already have brought it, or a later one).
   */
  onEvent(v) {
    const undone = v.version < this.lastEvent;
    this.lastEvent = v.version;
    // The same version: only the seats (names, presence) or the rematch can have changed.
    if (!undone && v.version === this.view.version && !this.playing) { this.takeSeats(v); return; }
    if (undone || v.version > this.view.version) this.setView(v, undone);
  }

  /** Shows a view: a newer one, or any one when `force` (an undo lowers the version). */
  setView(v, force = false) {
    // While the computer's turn is played out, the newest view waits for its end; whether an
    // undo came among them is kept apart, since a version lower than the one played out may
    // equally be a late event of the stream (not to be shown) or an undo (to be shown).
    if (this.playing) {
      if (force || !this.queued || v.version >= this.queued.version) this.queued = v;
      this.queuedUndo = this.queuedUndo || force;
      return;
    }
    if (!force && v.version < this.view.version) return;
    if (!force && this.computerSteps(v).length) {
      this.playOut(v);
      return;
    }
    this.applyView(v, force);
  }

  /** The computer's actions between the view shown and `v` (none when they are not played out). */
  computerSteps(v) {
    const old = this.view;
    if (v.mode !== 'computer' || v.version <= old.version || !this.you().length || PACES[settings().pace].step === 0) return [];
    const fresh = (v.history || []).filter((e) => e.i >= old.version);
    // Only where the view carries every action in between (it carries the newest ones).
    if (!fresh.length || fresh[0].i !== old.version) return [];
    return fresh.some((e) => e.seat && !this.you().includes(e.seat)) ? fresh : [];
  }

  /**
   * Plays the actions between the view shown and `v` out one by one (the computer's turn, which
   * the server answers with at once): each throw's sticks and words, then each move's position
   * with its piece sliding, at the pace the settings ask for; then shows `v`. The positions
   * between are the server's replay of the game's record (POST /api/replay from the version
   * shown): the page works out no move. Controls stay off meanwhile.
   */
  async playOut(v) {
    const steps = this.computerSteps(v);
    const from = this.view.version;
    this.playing = true;
    this.busy = true;
    this.busyWhat = 'playing';
    this.render();
    let frames = new Map();
    try {
      const r = await api.replayPage(await api.recordText(this.id), from);
      frames = new Map(r.frames.map((f) => [f.i, f]));
    } catch {
      // Without the positions the words and the sticks are still told, step by step.
    }
    const pace = PACES[settings().pace].step;
    const said = [];
    for (const e of steps) {
      said.push(e.text);
      this.said.textContent = said.join(' ');
      this.status.textContent = e.text;
      this.root.dataset.step = String(e.i);
      const frame = frames.get(e.i + 1);
      if (e.kind === 'throw' && e.sticks) this.showSticks(e.sticks, e.seat, e.throw_value, e.i);
      if (frame && e.kind === 'move') {
        const [a, b] = e.token.split('-');
        this.board.render(frame.layout, { lastMove: b ? { seat: e.seat, from: a, to: b } : null, animate: Boolean(b) });
      }
      await new Promise((r) => setTimeout(r, pace));
    }
    delete this.root.dataset.step;
    const queued = this.queued;
    const undo = this.queuedUndo;
    this.queued = null;
    this.queuedUndo = false;
    this.playing = false;
    this.busy = false;
    this.saidFrom = from;
    // The last step is already drawn: the view does not slide its last move again.
    this.shownActions = v.version;
    this.applyView(v, true);
    // A view that came meanwhile: after an undo the last one is shown, whatever its version; else
    // a newer one is played out in turn (the stream can bring the computer's turn in parts), and
    // an older one, the stream's late word of what `v` already shows, is dropped.
    if (queued && (undo || queued.version > v.version)) this.setView(queued, undo);
    else this.focusNext();
  }

  /** Shows `v` (after setView's checks). */
  applyView(v, force) {
    const changed = v.version !== this.view.version;
    // A spectator's stream view says you = []; keep the seats this page's token holds.
    if (this.token && (!v.you || v.you.length === 0) && this.view.you && this.view.you.length) v = { ...v, you: this.view.you };
    const old = this.view;
    this.view = v;
    if (changed) {
      this.tell(v, v.version < old.version);
      this.selected = null;
      this.pending = null;
      this.hint = null;
      this.ranked = null;
      this.warning = null;
      this.hintText.classList.add('hidden');
      this.hintList.classList.add('hidden');
    }
    this.render();
    // An opponent's move that hands us the turn: keyboard players land on what to do next.
    if (changed && !this.busy && this.mine() && (!document.activeElement || document.activeElement === document.body)) this.focusNext();
  }

  /**
   * Says what the actions since this page's own last request did, in the server's words (views
   * can arrive one action at a time over the stream: the words add up until the player acts
   * again); after an undo, that it was undone.
   */
  tell(v, undone) {
    if (undone) {
      this.said.textContent = 'Undone.';
      this.saidFrom = v.version;
      return;
    }
    if (this.saidFrom > v.version) this.saidFrom = v.version;
    const fresh = (v.history || []).filter((e) => e.i >= this.saidFrom && e.text);
    this.said.textContent = fresh.map((e) => e.text).join(' ');
  }

  mine() {
    const st = this.view.status;
    return st.kind !== 'over' && st.seat !== null && this.you().includes(st.seat);
  }

  /** The legal moves that are drawn on the board (they have a from and a to). */
  boardMoves() {
    if (!this.mine() || this.view.status.kind !== 'decide') return [];
    return (this.view.legal || []).filter((m) => m.from && m.to);
  }

  render() {
    const v = this.view;
    const st = v.status;
    const seat = st.seat;
    this.root.dataset.version = v.version;
    this.root.dataset.status = st.kind;
    this.root.dataset.mine = this.mine() ? '1' : '0';
    this.root.dataset.busy = this.busy ? '1' : '0';
    renderPlayers(this.playersEl, v, this.you());
    const mark = (s) => (this.you().includes(s) && v.mode !== 'local' && this.seatName(s) !== 'You' ? ', you' : '');
    this.seatsLine.textContent = ['A', 'B'].map((s) => `${this.seatName(s)} (${s}, ${v.board.pieces[s].plural}${mark(s)})`).join(' against ');
    // A tab in the background shows in its title when it is this player's turn.
    document.title = `${this.mine() && v.mode === 'online' ? '(your turn) ' : ''}nefer · ${v.title || v.rules}`;
    // A new move (ours, the opponent's, the computer's) slides into place once.
    const last = lastMove(v.history || []);
    // The view carries the newest actions only: the version counts them all.
    const moves = v.version;
    const newest = (v.history || []).length ? v.history[v.history.length - 1] : null;
    const fresh = last && this.shownActions !== undefined && moves > this.shownActions && newest.kind === 'move' && newest.token.includes('-');
    this.shownActions = moves;
    // (while the computer's turn is played out, the board shows its steps)
    if (!this.playing) this.board.render(v.layout, { lastMove: last, animate: Boolean(fresh) });
    this.pools.textContent = ['A', 'B'].map((s) => {
      const l = v.layout[s];
      const parts = [];
      if (v.board.pools.includes('hand')) parts.push(`${l.hand} in hand`);
      parts.push(`${l.off} off`);
      if (l.trophies) parts.push(`${l.trophies} captured`);
      return `${this.seatName(s)} (${v.board.pieces[s].plural}): ${l.board.length} on the board, ${parts.join(', ')}`;
    }).join(' · ');

    // Sticks, the value of the last throw and whose throw it was.
    const lastThrow = [...(v.history || [])].reverse().find((e) => e.kind === 'throw');
    if (!this.playing) this.showSticks(v.sticks, lastThrow ? lastThrow.seat : null, v.throw_value, lastThrow ? lastThrow.i : -1);

    // Status line and the game-over banner.
    this.status.classList.toggle('yours', this.mine());
    this.status.textContent = this.statusText();
    if (st.kind === 'over') {
      const who = st.result === 'draw' ? 'A draw' : `${this.seatName(st.result)} (${st.result}) wins`;
      const youWon = st.result !== 'draw' && this.you().includes(st.result) && v.mode !== 'local';
      const youLost = st.result !== 'draw' && this.you().length === 1 && !this.you().includes(st.result);
      // The server's reason already names the winner ("… (seat B) wins: every piece is home").
      this.banner.replaceChildren(h('strong', {}, 'Game over. '), youWon ? 'You win! ' : youLost ? 'You lose. ' : '',
        h('span', { id: 'reason' }, st.reason || `${who}.`),
        // What next: a rematch (seats swapped), the review, the replay of this game, a new game.
        h('div', { class: 'row banner-actions' }, rematchControls(this), this.reviewLink,
          h('a', { class: 'button secondary', id: 'replay-game', href: `/replay?game=${encodeURIComponent(this.id)}` }, 'Replay'),
          h('a', { class: 'button secondary', id: 'new-game', href: newGameHref(v) }, 'New game')));
      this.banner.classList.remove('hidden');
    } else {
      this.banner.classList.add('hidden');
    }

    // Controls.
    const canThrow = this.mine() && st.kind === 'throw';
    this.throwBtn.disabled = !canThrow || this.busy;
    const over = st.kind === 'over';
    // While a move is chosen there is nothing to throw: a greyed throw button beside the
    // choices (the water turn's "Throw for a 4") would only confuse.
    this.throwBtn.classList.toggle('hidden', this.you().length === 0 || over || (this.mine() && st.kind === 'decide'));
    this.hintBtn.disabled = !(this.mine() && st.kind === 'decide') || this.busy;
    this.hintBtn.classList.toggle('hidden', this.you().length === 0 || over);
    // Undo works after the game is over too (docs/dev/api.md), so it stays.
    this.undoBtn.classList.toggle('hidden', v.mode !== 'computer' || this.you().length === 0);
    this.undoBtn.disabled = !v.can_undo || this.busy;
    this.renderMoves();
    this.renderMarks();
    this.renderConfirm();
    this.renderTutor();
    this.renderHistory();
    this.fit();
    if (!this.busy) this.autoStep();
  }

  /**
   * Sizes the board so that it, its trays and the play panel (status, sticks, buttons, moves)
   * are on the screen together without scrolling: beside the panel on a wide screen, above it
   * on a narrow one (where the panel's height comes off the board's). The board keeps its
   * proportions; its width is what the height and the column allow.
   */
  fit() {
    const svg = this.board.svg;
    if (!svg.isConnected) return;
    const vb = svg.viewBox.baseVal;
    const stacked = window.matchMedia('(max-width: 700px)').matches;
    const pad = 2 * parseFloat(getComputedStyle(this.wrap).paddingTop || '0');
    const top = this.wrap.getBoundingClientRect().top + window.scrollY;
    let room = window.innerHeight - top - pad - 6;
    if (stacked) room -= this.playPanel.getBoundingClientRect().height + 10;
    const across = stacked ? this.gameEl.clientWidth : this.gameEl.clientWidth - SIDE_MIN_PX - 16;
    let width = Math.max(MIN_BOARD_PX, Math.min(across - pad, room * vb.width / vb.height));
    if (svg.style.width !== `${width}px`) svg.style.width = `${width}px`;
    if (stacked) return;
    // Beside the board the panel's column takes the width the board leaves: many moves with long
    // labels wrap in a narrow column and can run below the screen (a wide Senet board leaves
    // about 270 px at 1366×768). The board then gives up width, a sixth at a time, until the
    // panel fits, down to three fifths of what it would take.
    const floor = Math.max(MIN_BOARD_PX, 0.6 * width);
    while (this.playPanel.getBoundingClientRect().bottom > window.innerHeight - 4 && width > floor) {
      width = Math.max(floor, width * (5 / 6));
      svg.style.width = `${width}px`;
    }
  }

  /**
   * The sticks as they fell, their value (the server's), and whose throw they show; a throw
   * not shown before (`i`, its index in the history) tumbles in, with its sound if the
   * settings ask for it (throwfx.js). The throws there when the page opens do not.
   */
  showSticks(sticks, seat, value, i) {
    const who = sticks && seat ? `${this.seatName(seat)} (${seat})` : '';
    const whoText = who ? `${who} threw` : 'No throw yet';
    // The same throw drawn again (a re-render) keeps its drawing, so its tumble is not cut.
    const whoEl = this.sticksBox.querySelector('#sticks-who');
    if (whoEl && i === this.shownThrow) {
      whoEl.textContent = whoText;
      return;
    }
    const fresh = Boolean(sticks) && this.shownThrow !== undefined && i > this.shownThrow;
    this.shownThrow = i;
    const svg = drawSticks(sticks, value);
    this.sticksBox.replaceChildren(svg,
      h('span', { class: 'throw-value', 'aria-hidden': 'true' }, value ? String(value) : '–'),
      h('span', { class: 'sticks-who', id: 'sticks-who' }, whoText));
    if (fresh) {
      tumble(svg);
      clatter();
    }
  }

  statusText() {
    const st = this.view.status;
    const v = this.view;
    if (st.kind === 'over') return 'The game is over.';
    // While a request is out, say so: against a strong computer the answer can take seconds.
    if (this.busy && this.busyWhat === 'tutor') return 'The tutor looks at your move…';
    if (this.busy && this.busyWhat === 'playing') return "The computer's turn…";
    if (this.busy) return v.mode === 'computer' && this.busyWhat === 'move' ? 'The computer is thinking…' : 'Sending…';
    const name = this.seatName(st.seat);
    const who = v.mode === 'local' ? `${name} (${st.seat})` : 'You';
    if (!this.mine()) {
      if (this.you().length === 0) return `You are watching. ${name} (${st.seat}) is to ${st.kind === 'throw' ? 'throw' : 'move'}.`;
      return `Waiting for ${name} (${st.seat}) to ${st.kind === 'throw' ? 'throw the sticks' : `move${st.throw ? ` a ${st.throw}` : ''}`}…`;
    }
    if (st.kind === 'throw') return `${who}: throw the sticks.`;
    const legal = v.legal || [];
    // A lost throw says why, in the server's words.
    if (legal.length === 1 && legal[0].kind === 'pass') {
      const lost = legal[0].effects.find((e) => e.kind === 'throw_lost');
      const on = settings().autoPass ? ' (it passes by itself)' : '';
      return `${who} threw ${st.throw}: ${lost ? lost.text : 'no move is possible'}. Pass${on}.`;
    }
    // A decision before any throw (the water turn): the choices in words.
    if (st.throw === null || st.throw === undefined) return `${who}: ${legal.map((m) => m.text).join(', or ')}.`;
    if (legal.length === 1) {
      const how = settings().autoForced ? 'it is played by itself' : 'Enter plays it';
      return `${who} threw ${st.throw}: one move is possible, ${legal[0].text}; ${how}.`;
    }
    return `${who} threw ${st.throw}: choose a piece, then where it goes.`;
  }

  /** Buttons for every legal move (keyboard and small screens), and for pass/throw choices. */
  renderMoves() {
    const legal = this.mine() && this.view.status.kind === 'decide' ? this.view.legal || [] : [];
    // Each button says its move in the server's few words (`label`: "Move 14 → 16, exchanging
    // with Red's piece", "Give up the piece on 27 (to 15)"); the whole text is its tooltip, and
    // its accessible name is both, the visible words first (a screen reader's user says what
    // they see: WCAG 2.5.3, axe's label-content-name-mismatch).
    // A render redraws the buttons (the stream's view of the same version comes after or
    // before the response to the player's own request): the focused move keeps the focus.
    const active = document.activeElement;
    const focused = active && this.movesBox.contains(active) ? active.dataset.move : null;
    this.movesBox.replaceChildren(...legal.map((m) => h('button', {
      type: 'button', class: m.from && m.to && legal.length > 1 ? 'secondary' : '', 'data-move': m.move,
      disabled: this.busy, onclick: () => this.choose(m), title: capital(m.text),
      'aria-label': m.label ? `${m.label}: ${m.text}` : capital(m.text),
    }, m.label || capital(m.text))));
    if (focused) {
      const again = [...this.movesBox.querySelectorAll('button')].find((b) => b.dataset.move === focused);
      if (again) again.focus();
    }
  }

  /** Highlights: movable pieces, the chosen piece's targets, the hint. */
  renderMarks() {
    const moves = this.boardMoves();
    const seat = this.view.status.seat;
    const pname = seat ? this.view.board.pieces[seat].name : 'piece';
    const froms = new Map();
    for (const m of moves) {
      const spot = this.board.spotFor(m.from, seat);
      if (!froms.has(spot)) froms.set(spot, []);
      froms.get(spot).push(m);
    }
    // One piece to move: select it at once so the next click is the target.
    if (!this.selected && froms.size === 1) this.selected = [...froms.keys()][0];
    const movable = new Map();
    for (const [spot, ms] of froms) {
      const where = ms[0].from === 'hand' ? `${pname} in hand` : `${pname} on ${ms[0].from}`;
      movable.set(spot, `${where}, moves to ${ms.map((m) => m.to).join(' or ')}`);
    }
    const targets = new Map();
    if (this.selected && froms.has(this.selected) && !this.pending) {
      for (const m of froms.get(this.selected)) targets.set(this.board.spotFor(m.to, seat), `move ${m.move}: to ${m.to}`);
    }
    const hint = this.hint ? [this.board.spotFor(this.hint.from, seat), this.board.spotFor(this.hint.to, seat)].filter(Boolean) : [];
    this.board.setMarks({ movable: this.busy || this.pending || this.warning ? new Map() : movable, targets: this.busy ? new Map() : targets, selected: this.selected, hint });
  }

  /** A click or Enter on a spot: choose a piece, or a target of the chosen piece. */
  activate(spot) {
    if (this.busy || this.pending || this.warning) return;
    const seat = this.view.status.seat;
    const moves = this.boardMoves();
    if (this.selected) {
      const m = moves.find((x) => this.board.spotFor(x.from, seat) === this.selected && this.board.spotFor(x.to, seat) === spot);
      if (m) { this.choose(m); return; }
    }
    if (moves.some((x) => this.board.spotFor(x.from, seat) === spot)) {
      this.selected = spot;
      this.renderMarks();
      // Keyboard players continue from the piece to its first target.
      const first = moves.find((x) => this.board.spotFor(x.from, seat) === spot);
      if (document.activeElement && document.activeElement.closest && document.activeElement.closest('svg')) this.board.focus(this.board.spotFor(first.to, seat));
    }
  }

  /**
   * A chosen move: committed at once, unless it does more than move one piece (the server says
   * which: a line, an exchange, a capture, a load…); then it is previewed first.
   */
  choose(m, preview = false) {
    this.warning = null;
    if (m.from && m.to && m.after && (preview || !m.plain)) {
      const jump = (m.effects || []).find((e) => e.kind === 'line');
      this.pending = { move: m, line: jump ? [jump.landing, jump.to] : null };
      this.render();
      return;
    }
    this.commit(m.move);
  }

  renderConfirm() {
    const p = this.pending;
    if (!p) {
      this.confirmBox.classList.add('hidden');
      if (!this.warning) this.board.clearPreview();
      return;
    }
    this.board.preview(p.move.after, { line: p.line });
    const what = p.move.effects.map((e) => e.text);
    // The move as its button says it (places as the board numbers them); its notation only as
    // data.
    const ok = h('button', { type: 'button', id: 'confirm-move', 'data-move': p.move.move, onclick: () => this.commit(p.move.move) }, 'Play it');
    const cancel = h('button', { type: 'button', class: 'secondary', id: 'cancel-move', onclick: () => { this.pending = null; this.render(); } }, 'Cancel');
    this.confirmBox.replaceChildren(h('p', {}, h('strong', {}, `${said(p.move)}: `), `${what.join('; ')}. The board shows the result.`), h('div', { class: 'row' }, ok, cancel));
    this.confirmBox.classList.remove('hidden');
    ok.focus();
  }

  renderHistory() {
    const lines = historyLines(this.view.history || []);
    // Each line says what happened in the server's words, then the same in notation, small (the
    // record's tokens, for those who read records).
    this.historyList.replaceChildren(...lines.map((l) => h('li', { class: l.seat && this.you().includes(l.seat) && this.view.mode !== 'local' ? 'mine' : '' },
      l.says ? `${l.says} ` : '', h('small', { class: 'notation' }, l.text))));
    this.historyList.scrollTop = this.historyList.scrollHeight;
  }

  /** Runs one request with the controls disabled; errors are shown, and a stale view reloaded. */
  async act(fn, force = false, what = 'move') {
    if (this.busy) return;
    this.busy = true;
    this.busyWhat = what;
    // The words shown from now on are those of this request's actions and what follows.
    this.saidFrom = this.view.version;
    clearError();
    this.render();
    try {
      const v = await fn();
      // (while the computer's turn is played out the controls stay off until its end)
      this.busy = this.playing;
      if (v && v.status) this.setView(v, force);
      else this.render();
      this.focusNext();
    } catch (e) {
      this.busy = false;
      showError(e.message);
      if (e.status === 409 || e.status === 422) {
        try { this.setView(await api.game(this.id, this.token)); } catch { /* the error above is shown */ }
      }
      this.render();
    }
  }

  /** After an action, put the keyboard focus where the next action is. */
  focusNext() {
    const active = document.activeElement;
    if (active && active !== document.body && !this.root.contains(active)) return;
    if (!this.throwBtn.disabled) { this.throwBtn.focus(); return; }
    // The only possible move: its button, so that one key (Enter) plays it.
    const legal = this.mine() && this.view.status.kind === 'decide' ? this.view.legal || [] : [];
    const only = legal.length === 1 && this.movesBox.querySelector('button');
    if (only) { only.focus(); return; }
    const first = this.root.querySelector('.spot.movable[tabindex]') || this.movesBox.querySelector('button');
    if (first) first.focus();
  }

  doThrow() {
    return this.act(() => api.throw(this.id, this.token, this.view.version), false, 'throw');
  }

  /**
   * Plays `move`; with the tutor on, first asks whether it is a mistake (its mark in the ranked
   * hint is `mistake` or `blunder`) and if so warns instead (`checked`: the player chose to
   * play on).
   */
  async commit(move, checked = false) {
    this.pending = null;
    if (this.tutor && !checked && (this.view.legal || []).length > 1) {
      const warned = await this.tutorCheck(move);
      if (warned) return undefined;
    }
    this.warning = null;
    return this.act(() => api.move(this.id, this.token, move, this.view.version));
  }

  /** The ranked moves of the position shown (one hint request per version). */
  async rankedMoves() {
    const version = this.view.version;
    if (this.ranked && this.ranked.version === version) return this.ranked.hint;
    const r = await api.hint(this.id, this.token);
    if (this.view.version === version) this.ranked = { version, hint: r };
    return r;
  }

  /** Whether the tutor warns about `move` (and shows its warning); false when in doubt. */
  async tutorCheck(move) {
    this.busy = true;
    this.busyWhat = 'tutor';
    this.render();
    let r;
    try {
      r = await this.rankedMoves();
    } catch (e) {
      // The tutor is advice: without it the move is played, and why is said.
      this.busy = false;
      showError(`The tutor could not look at this move (${e.message}); it is played.`);
      return false;
    }
    this.busy = false;
    const entry = (r.moves || []).find((x) => x.move === move);
    const best = (r.moves || [])[0];
    if (!entry || !best || !TUTOR_MARKS.includes(entry.mark) || best.move === move) {
      this.render();
      return false;
    }
    this.warning = { move, entry, best, calibrated: r.calibrated };
    this.render();
    const back = this.tutorBox.querySelector('#tutor-back');
    if (back) back.focus();
    return true;
  }

  /** The tutor's warning: what the move gives up, the better move on the board, the choice. */
  renderTutor() {
    const w = this.warning;
    if (!w) {
      this.tutorBox.classList.add('hidden');
      return;
    }
    const legal = this.view.legal || [];
    const better = legal.find((m) => m.move === w.best.move);
    const played = legal.find((m) => m.move === w.move);
    // The better move's result on the board, where it is a board move (else its words say it).
    if (better && better.after) {
      const jump = (better.effects || []).find((e) => e.kind === 'line');
      this.board.preview(better.after, { line: jump ? [jump.landing, jump.to] : null });
    } else {
      this.board.clearPreview();
    }
    const pts = (w.entry.loss * 100).toFixed(1);
    const chance = (x) => (w.calibrated ? ` (win chance ${(x * 100).toFixed(1)} %)` : '');
    this.tutorBox.dataset.mark = w.entry.mark;
    this.tutorBox.dataset.move = w.move;
    this.tutorBox.dataset.better = w.best.move;
    this.tutorBox.replaceChildren(
      h('p', {}, h('strong', {}, `Tutor: ${played ? said(played) : w.move} would be a ${w.entry.mark}. `),
        `It gives up ${pts} points of win chance${chance(w.entry.win_chance)} against ${better ? uncapital(said(better)) : w.best.move}${chance(w.best.win_chance)}. `,
        better && better.after ? 'The board shows the better move.' : ''),
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'tutor-back', onclick: () => { this.warning = null; this.render(); this.focusNext(); } }, 'Take it back'),
        h('button', { type: 'button', class: 'secondary', id: 'tutor-best', 'data-move': w.best.move, onclick: () => this.commit(w.best.move, true) }, 'Play the better move'),
        h('button', { type: 'button', class: 'secondary', id: 'tutor-play', 'data-move': w.move, onclick: () => this.commit(w.move, true) }, 'Play mine anyway')));
    this.tutorBox.classList.remove('hidden');
  }

  doUndo() {
    // The undo's view has a lower version than the one shown: take it anyway.
    return this.act(() => api.undo(this.id, this.token), true, 'undo');
  }

  /**
   * The hint: every legal move, best first, with its win chance and what it gives up against the
   * best (the server's analysis: no rule is worked out here). Pointing at an entry previews it
   * on the board; choosing it previews it with "Play …" to confirm.
   */
  async doHint() {
    clearError();
    this.hintBtn.disabled = true;
    this.hintText.textContent = 'Thinking…';
    this.hintText.classList.remove('hidden');
    try {
      const r = await this.rankedMoves();
      const legal = this.view.legal || [];
      const m = legal.find((x) => x.move === r.move);
      this.hint = m && m.from ? m : null;
      const chance = typeof r.win_chance === 'number' ? ` — your win chance with it: ${(r.win_chance * 100).toFixed(1)} %` : '';
      // The move in the server's few words; its notation and the player that chose it only
      // as data (the page shows no player spec).
      this.hintText.dataset.move = r.move;
      this.hintText.title = `from ${r.player}`;
      this.hintText.textContent = `Hint: ${m ? m.label || capital(m.text) : r.move}${chance}.${r.calibrated ? '' : ' The figures below only rank the moves (no calibrated evaluator for this game).'}`;
      if (this.hint) this.selected = this.board.spotFor(this.hint.from, this.view.status.seat);
      this.renderHintList(r, legal);
    } catch (e) {
      this.hintText.classList.add('hidden');
      showError(e.message);
    }
    this.render();
  }

  renderHintList(r, legal) {
    const restore = () => { if (!this.pending && !this.warning) this.board.clearPreview(); };
    const items = (r.moves || []).map((x, i) => {
      const m = legal.find((l) => l.move === x.move);
      const show = () => { if (m && m.after && !this.pending && !this.warning) this.board.preview(m.after, {}); };
      const what = m ? capital(m.text) : x.move;
      const loss = x.loss > 0.0005 ? `−${(x.loss * 100).toFixed(1)} points` : 'no loss';
      const btn = h('button', {
        type: 'button', class: `hint-move mark-${x.mark}`, 'data-move': x.move, 'data-loss': String(x.loss),
        'data-win-chance': String(x.win_chance), 'data-mark': x.mark,
        'aria-label': `${i + 1}. ${x.move}: ${what}; win chance ${(x.win_chance * 100).toFixed(1)} %, ${loss}, ${x.mark}`,
        onmouseenter: show, onfocus: show, onmouseleave: restore, onblur: restore,
        onclick: () => { if (m && this.mine() && !this.busy) this.choose(m, true); },
      }, h('span', { class: 'hm-move' }, m ? m.label || capital(m.text) : x.move), h('span', { class: 'hm-chance' }, `${(x.win_chance * 100).toFixed(1)} %`),
      h('span', { class: 'hm-loss' }, loss), h('span', { class: 'hm-mark' }, x.mark));
      return h('li', {}, btn);
    });
    this.hintList.replaceChildren(...items);
    this.hintList.classList.toggle('hidden', items.length === 0);
  }
}

/** The paces of the computer's turn played out: how long each of its steps is shown. */
const PACES = {
  normal: { name: 'at a readable pace', step: 900 },
  fast: { name: 'fast', step: 350 },
  skip: { name: 'skipped (shown at once)', step: 0 },
};

/** How long a pass or the only move is shown before it goes on by itself (settings). */
const AUTO_DELAY_MS = 1500;

/** The play panel's least width beside the board, and the least width of the board itself. */
const SIDE_MIN_PX = 300;
const MIN_BOARD_PX = 160;

/** The marks the tutor warns about: the review's `mistake` and `blunder` (a loss of 5 points of
 * win chance or more, docs/dev/review.md), taken from the server's ranked hint. */
export const TUTOR_MARKS = ['mistake', 'blunder'];

/** A legal move as its button says it: the server's few words, or its full words. */
function said(m) {
  return m.label || capital(m.text);
}

/** The text with its first letter in lower case, for words inside a sentence ("against move 20 → 21"). */
function uncapital(text) {
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The text with its first letter in capitals. */
function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The lobby, with this game's rule set chosen. */
function newGameHref(v) {
  return `/?rules=${encodeURIComponent(v.rules)}`;
}

function modeName(mode) {
  return { computer: 'against the computer', local: 'two players, one screen', online: 'online' }[mode] || mode;
}

/** Copies a link; falls back to selecting it where the clipboard API is unavailable (http). */
async function copy(input, btn) {
  try {
    await navigator.clipboard.writeText(input.value);
    btn.textContent = 'Copied';
  } catch {
    input.select();
    const ok = document.execCommand && document.execCommand('copy');
    btn.textContent = ok ? 'Copied' : 'Select and copy';
  }
  setTimeout(() => { btn.textContent = 'Copy'; }, 2000);
}

