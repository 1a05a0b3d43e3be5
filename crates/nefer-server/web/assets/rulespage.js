// /rules and /rules/{key}: the rule sets' rules in words, from GET /api/rules.
import { h } from './svg.js';
import { api } from './api.js';
import { showPreview } from './preview.js';
import { showTutorial } from './tutorial.js';

export async function rulesPage(root, key) {
  const list = await api.rules();
  if (!key) {
    document.title = 'nefer · rules';
    root.replaceChildren(h('h1', {}, 'Rule sets'),
      h('ul', {}, list.map((r) => h('li', {}, h('a', { href: `/rules/${encodeURIComponent(r.key)}` }, r.title), ` (${r.key})`))));
    return;
  }
  const r = list.find((x) => x.key === key);
  if (!r) throw new Error(`No rule set is called ${key}. Known: ${list.map((x) => x.key).join(', ')}.`);
  document.title = `nefer · ${r.title}`;
  // Numbered (issue 16 item 8): the rules' words name holes and squares by their numbers.
  const boardBox = h('div', { class: 'board-wrap lobby-board show-numbers', 'aria-hidden': 'true' });
  const legend = h('div', { class: 'panel' });
  showPreview(r, boardBox, legend);
  // The rules on the board, step by step (tutorial.js).
  const tutorial = h('section', { class: 'panel tutorial', id: 'tutorial', 'aria-label': 'Learn on the board' }, 'Loading the tutorial…');
  showTutorial(tutorial, r);
  root.replaceChildren(
    h('h1', {}, r.title),
    h('p', {}, h('code', {}, r.key), ' · ', h('em', {}, r.source || '')),
    h('div', { class: 'lobby-grid' },
      h('div', { class: 'panel rules-text' }, r.rules),
      h('div', {}, boardBox, legend)),
    tutorial,
    (r.options || []).length
      ? h('section', { class: 'panel' }, h('h2', {}, 'Options'), h('ul', {}, r.options.map((o) => h('li', {},
        h('code', {}, o.name), o.help ? ` — ${o.help}: ` : ': ', `${(o.values || []).join(' / ')}; default ${o.default}`,
        (o.not_implemented || []).length ? ` (not playable yet: ${o.not_implemented.join(', ')})` : '',
        o.clause ? ` — ${o.clause}` : ''))))
      : null,
    h('p', {}, h('a', { class: 'button', href: `/?rules=${encodeURIComponent(r.key)}` }, 'Play this rule set')),
    // The server routes /rules/{key} only, so every rules page lists the others.
    h('nav', { class: 'panel', 'aria-label': 'Rule sets' }, h('h2', {}, 'All rule sets'),
      h('ul', {}, list.map((x) => h('li', {}, x.key === r.key ? h('strong', {}, x.title)
        : h('a', { href: `/rules/${encodeURIComponent(x.key)}` }, x.title), ` (${x.key})`)))));
}
