// The lobby at /: pick a rule set (and its options), an opponent (the computer at a level, a
// friend on this screen, a friend online) and a seat, then POST /api/games and go to the game.
import { h } from './svg.js';
import { api, saveToken, saveLinks } from './api.js';
import { showError, clearError } from './app.js';
import { showPreview } from './preview.js';

export async function lobbyPage(root) {
  document.title = 'nefer · new game';
  root.replaceChildren(h('p', {}, 'Loading the rule sets…'));
  const [rules, levels] = await Promise.all([api.rules(), api.levels()]);
  const wanted = new URLSearchParams(location.search).get('rules');

  const rulesSel = h('select', { id: 'rules', name: 'rules' },
    ['senet', 'hj'].map((fam) => h('optgroup', { label: fam === 'senet' ? 'Senet' : 'Hounds & Jackals' },
      rules.filter((r) => r.family === fam).map((r) => h('option', { value: r.key, selected: r.key === wanted }, `${r.title} (${r.key})`)))));
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
  const levelRow = h('div', {}, h('label', { for: 'level' }, 'Computer level'), levelSel);
  const seatRow = h('div', {}, h('label', { for: 'seat' }, 'Your seat'), seatSel);
  const nameBRow = h('div', {}, h('label', { for: 'name-b' }, 'Second player\'s name (optional)'), nameB);
  const createBtn = h('button', { type: 'submit', id: 'create' }, 'Start the game');

  // The chosen rule set's board, empty, with what its marks mean.
  const previewBox = h('div', { class: 'board-wrap lobby-board', 'aria-hidden': 'true' });
  const previewText = h('div', { class: 'panel' });
  const preview = (r) => showPreview(r, previewBox, previewText);

  const mode = () => root.querySelector('input[name=mode]:checked').value;
  const current = () => rules.find((r) => r.key === rulesSel.value);

  // Options: a select where the playable values are a list, a text field where one of them is
  // a pattern (`N`, `(0,1)`: a number; `{...}`: a set); an option with a single playable value is
  // not shown. Defaults are not sent, and the server checks what is typed (its error is shown).
  const isPattern = (v) => /^N$|^[([]|^\{\.\.\.\}$/.test(v);
  const patternShape = (v) => (v === 'N' ? 'a number' : v === '{...}' ? 'a set such as {10,15,25}' : `a number in ${v}`);
  function optionControl(o) {
    const playable = o.implemented || o.values || [];
    const common = { 'data-option': o.name, 'data-default': o.default, 'aria-describedby': `help-${o.name}` };
    if (playable.some(isPattern)) {
      const literal = playable.filter((v) => !isPattern(v));
      const shape = [...literal, ...playable.filter(isPattern).map(patternShape)].join(' or ');
      const numeric = !playable.includes('{...}');
      return h('input', { type: 'text', value: o.default, size: 8, inputmode: numeric ? 'decimal' : 'text', placeholder: shape, ...common });
    }
    if (playable.length < 2) return null;
    return h('select', common, playable.map((v) => h('option', { value: v, selected: v === o.default }, v === o.default ? `${v} (default)` : v)));
  }
  function syncOptions() {
    const r = current();
    summary.replaceChildren(h('em', {}, r.source || ''), ' ', h('a', { href: `/rules/${encodeURIComponent(r.key)}` }, 'Read the rules'));
    const rows = (r.options || []).map((o) => [o, optionControl(o)]).filter(([, c]) => c);
    optionsBox.replaceChildren(rows.length
      ? h('details', {}, h('summary', {}, `Rule options (${rows.length})`),
        rows.map(([o, c]) => h('div', { class: 'option' },
          h('label', {}, h('code', {}, o.name), ' ', c),
          h('small', { id: `help-${o.name}` }, ` ${o.help || ''}${o.clause ? ` (${o.clause})` : ''}`))))
      : h('p', {}, 'This rule set has no options to choose.'));
    preview(r);
    // "perfect" only plays the pure races it has tables for.
    const prev = levelSel.value || 'medium';
    levelSel.replaceChildren(...levels.filter((l) => !l.rules || l.rules.includes(r.key))
      .map((l) => h('option', { value: l.name, selected: l.name === prev }, `${l.name}${l.player ? ` (${l.player})` : ''}`)));
  }
  function sync() {
    const m = mode();
    levelRow.classList.toggle('hidden', m !== 'computer');
    seatRow.classList.toggle('hidden', m === 'local');
    nameBRow.classList.toggle('hidden', m !== 'local');
  }
  rulesSel.addEventListener('change', syncOptions);

  const form = h('form', { class: 'panel', id: 'new-game' },
    h('div', {}, h('label', { for: 'rules' }, 'Rule set'), rulesSel, summary),
    optionsBox, modeBox, levelRow, seatRow,
    h('div', {}, h('label', { for: 'name' }, 'Your name (optional)'), nameA),
    nameBRow, h('div', {}, createBtn));
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
      saveToken(g.id, token);
      saveLinks(g.id, g.links);
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
      h('div', { class: 'lobby-grid' },
        h('div', {}, form, h('p', {}, h('a', { href: '/replay' }, 'Open a game record (.ngr) to replay it'))),
        h('div', {}, previewBox, previewText))));
  syncOptions();
  sync();
}
