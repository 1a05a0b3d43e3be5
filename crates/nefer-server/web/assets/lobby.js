// The lobby at /: your games (in progress and finished, from the seats this browser keeps),
// then a new game: pick a rule set (and its options), an opponent (the computer at a level, a
// friend on this screen, a friend online), a seat and the tutor, then POST /api/games and go to
// the game.
import { h } from './svg.js';
import { api, saveToken, myGames, forgetGame, forgetAllGames } from './api.js';
import { showError, clearError } from './app.js';
import { showPreview } from './preview.js';
import { sentence, curious, byTopic } from './optionwords.js';

export async function lobbyPage(root) {
  document.title = 'nefer · new game';
  root.replaceChildren(h('p', {}, 'Loading the rule sets…'));
  const [rules, levels] = await Promise.all([api.rules(), api.levels()]);
  const wanted = new URLSearchParams(location.search).get('rules');

  const rulesSel = h('select', { id: 'rules', name: 'rules' },
    ['senet', 'hj'].map((fam) => h('optgroup', { label: fam === 'senet' ? 'Senet' : 'Hounds & Jackals' },
      rules.filter((r) => r.family === fam).map((r) => h('option', { value: r.key, selected: r.key === wanted }, r.title)))));
  const optionsBox = h('div', { id: 'options' });
  const summary = h('p', { id: 'rules-summary' });
  const levelSel = h('select', { id: 'level', name: 'level' });
  const seatSel = h('select', { id: 'seat', name: 'seat' },
    h('option', { value: '' }, 'either (drawn at random)'),
    h('option', { value: 'A' }, 'A (moves first where the rules say so)'),
    h('option', { value: 'B' }, 'B'));
  const nameA = h('input', { type: 'text', id: 'name', name: 'name', autocomplete: 'nickname', placeholder: 'You' });
  const nameB = h('input', { type: 'text', id: 'name-b', name: 'name-b', placeholder: 'Friend' });
  const modes = [
    ['computer', 'The computer'],
    ['local', 'A friend on this screen'],
    ['online', 'A friend online (invite link)'],
  ];
  const modeBox = h('fieldset', { id: 'mode' }, h('legend', {}, 'Opponent'),
    modes.map(([value, label], i) => h('div', {}, h('label', {},
      h('input', { type: 'radio', name: 'mode', value, checked: i === 0, onchange: () => sync() }), ' ', label))));
  const levelWhat = h('small', { id: 'level-what' });
  levelSel.addEventListener('change', () => describeLevel());
  const levelRow = h('div', {}, h('label', { for: 'level' }, 'Computer level'), levelSel, levelWhat);
  const seatRow = h('div', {}, h('label', { for: 'seat' }, 'Your seat'), seatSel);
  const nameBRow = h('div', {}, h('label', { for: 'name-b' }, 'Second player\'s name (optional)'), nameB);
  const createBtn = h('button', { type: 'submit', id: 'create' }, 'Start the game');
  // The tutor warns before a mistake (docs/dev/web.md); not online, where it would help one
  // player against the other.
  const tutorBox = h('input', { type: 'checkbox', id: 'tutor', name: 'tutor' });
  const tutorRow = h('div', { class: 'check' }, h('label', { for: 'tutor' }, tutorBox,
    ' Tutor: warn me before a mistake, show the better move and let me choose again'));

  // The chosen rule set's board, empty, with what its marks mean.
  const previewBox = h('div', { class: 'board-wrap lobby-board', 'aria-hidden': 'true' });
  const previewText = h('div', { class: 'panel' });
  const preview = (r) => showPreview(r, previewBox, previewText);

  const mode = () => root.querySelector('input[name=mode]:checked').value;
  const current = () => rules.find((r) => r.key === rulesSel.value);

  // Options, in people's words by topic: a select of the values' sentences where the playable
  // values are a list, a text field where one of them is a pattern (`N`, `(0,1)`: a number;
  // `{...}`: a set), labelled with the pattern's sentence; an option with a single playable
  // value is not shown. Defaults are not sent, and the server checks what is typed (its error
  // is shown). The key and clause are in each option's detail for the curious.
  const isPattern = (v) => /^N$|^[([]|^\{\.\.\.\}$/.test(v);
  const patternShape = (v) => (v === 'N' ? 'a number' : v === '{...}' ? 'a set such as {10,15,25}' : `a number in ${v}`);
  function optionControl(o, id) {
    const playable = o.implemented || o.values || [];
    const common = { id, 'data-option': o.name, 'data-default': o.default };
    if (playable.some(isPattern)) {
      const literal = playable.filter((v) => !isPattern(v));
      const shape = [...literal, ...playable.filter(isPattern).map(patternShape)].join(' or ');
      const numeric = !playable.includes('{...}');
      return h('input', { type: 'text', value: o.default, size: 8, inputmode: numeric ? 'decimal' : 'text', placeholder: shape, ...common });
    }
    if (playable.length < 2) return null;
    return h('select', common, playable.map((v) => h('option', { value: v, selected: v === o.default }, v === o.default ? `${sentence(o, v)} (usual)` : sentence(o, v))));
  }
  function optionRow(o, i) {
    const id = `opt-${i}`;
    const c = optionControl(o, id);
    if (!c) return null;
    // A list: the chosen value's sentence is what the select shows (its name says what it is
    // about); a pattern: its sentence labels the field, with the usual value's.
    const pattern = (o.implemented || o.values || []).find(isPattern);
    const label = pattern
      ? h('label', { for: id }, `${sentence(o, pattern)} Usually: ${sentence(o, o.default)} `)
      : null;
    if (!pattern) c.setAttribute('aria-label', `${o.topic}: ${o.help}`);
    return h('div', { class: 'option', 'data-name': o.name }, label, c, curious(o));
  }
  function describeLevel() {
    const l = levels.find((x) => x.name === levelSel.value);
    levelWhat.textContent = l && l.description ? ` ${l.title}: ${l.description}.` : '';
  }
  function syncOptions() {
    const r = current();
    summary.replaceChildren(h('a', { href: `/rules/${encodeURIComponent(r.key)}` }, 'Read the rules'),
      h('details', { class: 'curious' }, h('summary', {}, 'For the curious'),
        h('p', {}, 'Rule set ', h('code', {}, r.key), `. Source: ${r.source || ''}`)));
    let n = 0;
    const index = new Map((r.options || []).map((o, i) => [o.name, i]));
    const groups = byTopic(r, (o) => {
      const row = optionRow(o, index.get(o.name));
      if (row) n++;
      return row;
    });
    optionsBox.replaceChildren(n
      ? h('details', {}, h('summary', {}, `Rule options (${n})`),
        h('p', { class: 'small' }, 'Each choice says how that rule goes; the usual one is the rule set\'s own.'), groups)
      : h('p', {}, 'This rule set has no options to choose.'));
    preview(r);
    // "perfect" only plays the pure races it has tables for.
    const prev = levelSel.value || 'medium';
    levelSel.replaceChildren(...levels.filter((l) => !l.rules || l.rules.includes(r.key))
      .map((l) => h('option', { value: l.name, selected: l.name === prev }, `${l.title || l.name}${l.description ? ` — ${l.description}` : ''}`)));
    describeLevel();
  }
  function sync() {
    const m = mode();
    levelRow.classList.toggle('hidden', m !== 'computer');
    seatRow.classList.toggle('hidden', m === 'local');
    nameBRow.classList.toggle('hidden', m !== 'local');
    tutorRow.classList.toggle('hidden', m === 'online');
  }
  rulesSel.addEventListener('change', syncOptions);

  const form = h('form', { class: 'panel', id: 'new-game' },
    h('div', {}, h('label', { for: 'rules' }, 'Rule set'), rulesSel, summary),
    optionsBox, modeBox, levelRow, seatRow,
    h('div', {}, h('label', { for: 'name' }, 'Your name (optional)'), nameA),
    nameBRow, tutorRow, h('div', {}, createBtn));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearError();
    createBtn.disabled = true;
    const m = mode();
    const options = {};
    for (const el of form.querySelectorAll('[data-option]')) {
      const value = el.value.trim();
      if (value && value !== el.dataset.default) options[el.dataset.option] = value;
    }
    const body = { rules: rulesSel.value, options, mode: m };
    if (m === 'computer') body.level = levelSel.value;
    // "Either" seat is drawn here rather than by the server, so that the name goes to the right seat.
    if (m !== 'local') body.seat = seatSel.value || (Math.random() < 0.5 ? 'A' : 'B');
    const names = {};
    if (nameA.value.trim()) names[m === 'local' ? 'A' : body.seat] = nameA.value.trim();
    if (m === 'local' && nameB.value.trim()) names.B = nameB.value.trim();
    if (Object.keys(names).length) body.names = names;
    try {
      const g = await api.create(body);
      const tokens = g.tokens || {};
      const token = Object.values(tokens).find(Boolean);
      saveToken(g.id, token, { rules: g.rules, mode: m, links: g.links, tutor: m !== 'online' && tutorBox.checked });
      location.assign(`/game/${encodeURIComponent(g.id)}`);
    } catch (err) {
      showError(`The game could not be created: ${err.message}`);
      createBtn.disabled = false;
    }
  });

  root.replaceChildren(
    h('div', { class: 'lobby' },
      h('h1', {}, 'Play Senet or Hounds & Jackals'),
      h('p', {}, 'The race games of ancient Egypt, in their modern reconstructions. Pick a rule set and an opponent.'),
      yourGames(),
      h('div', { class: 'lobby-grid' },
        h('div', {}, form, h('p', {}, h('a', { href: '/replay' }, 'Open a game record (.ngr) to replay it'))),
        h('div', {}, previewBox, previewText))));
  syncOptions();
  sync();
}

/** Words for a game's state as its view says it, for one of your games. */
function stateWords(v) {
  const st = v.status;
  const you = v.you || [];
  if (st.kind === 'over') {
    if (st.result === 'draw') return 'a draw';
    if (you.length === 1) return you.includes(st.result) ? 'you won' : 'you lost';
    const who = v.seats && v.seats[st.result] ? v.seats[st.result].name : st.result;
    return `${who} (${st.result}) won`;
  }
  if (you.includes(st.seat)) return v.mode === 'local' ? `${v.seats[st.seat].name} (${st.seat}) to play` : 'your turn';
  return 'waiting for the other side';
}

/**
 * "Your games": every game this browser keeps a seat of, asking the server for each one's state;
 * in progress first, then finished (with a Review link), each with a link that reopens it in
 * your seat (the token stays in this browser, never in the link) and a way to forget it.
 */
function yourGames() {
  const games = myGames();
  const box = h('section', { class: 'panel your-games', id: 'your-games', 'aria-label': 'Your games' });
  if (!games.length) return box;
  const going = h('ul', { id: 'games-going', class: 'game-list' });
  const done = h('ul', { id: 'games-done', class: 'game-list' });
  const forgetAll = h('button', { type: 'button', class: 'secondary', id: 'forget-all', onclick: () => {
    if (!confirm('Forget every game this browser keeps? Their seats can then only be reopened from their links.')) return;
    forgetAllGames();
    box.replaceChildren();
  } }, 'Forget all');
  box.append(h('h2', {}, 'Your games'),
    h('p', {}, 'The games this browser keeps your seat of, until you forget them.'),
    h('h3', {}, 'In progress'), going, h('h3', {}, 'Finished'), done, h('div', { class: 'row' }, forgetAll));
  const row = (g) => {
    const li = h('li', { 'data-game': g.id }, h('span', {}, `A game (${g.id}): looking…`));
    going.append(li);
    return li;
  };
  const rows = games.map((g) => [g, row(g)]);
  // A few at a time: a browser with many games does not flood the server (it limits requests).
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const [g, li] = rows[next++];
      const forget = h('button', { type: 'button', class: 'secondary small', 'data-forget': g.id, onclick: () => { forgetGame(g.id); li.remove(); } }, 'Forget');
      try {
        const v = await api.game(g.id, g.token);
        const over = v.status.kind === 'over';
        const names = ['A', 'B'].map((s) => (v.seats && v.seats[s] ? v.seats[s].name : s)).join(' against ');
        const href = `/game/${encodeURIComponent(g.id)}`;
        li.dataset.status = v.status.kind;
        li.replaceChildren(...[
          h('a', { href, class: 'game-link' }, `${v.title || v.rules}: ${names}`),
          h('span', { class: 'game-state' }, ` — ${stateWords(v)}, ${v.version} action${v.version === 1 ? '' : 's'}${g.tutor ? ', tutor on' : ''} `),
          over ? h('a', { class: 'button secondary small review-link', href: `/review/${encodeURIComponent(g.id)}` }, 'Review') : null,
          ' ', forget].filter(Boolean));
        if (over) done.append(li);
      } catch (e) {
        li.dataset.status = 'unknown';
        li.replaceChildren(h('span', {}, `A game (${g.id}): ${e.status === 404 ? 'no longer on this server' : e.message} `), forget);
      }
    }
  };
  Promise.all([worker(), worker(), worker()]).then(() => { box.dataset.ready = '1'; });
  return box;
}
