// /rules and /rules/{key}: the rule sets' rules in words, from GET /api/rules.
import { h } from './svg.js';
import { api } from './api.js';
import { showPreview } from './preview.js';
import { showTutorial } from './tutorial.js';
import { sentence, curious, byTopic } from './optionwords.js';

export async function rulesPage(root, key) {
  const list = await api.rules();
  if (!key) {
    document.title = 'nefer · rules';
    root.replaceChildren(h('h1', {}, 'Rule sets'),
      h('ul', {}, list.map((r) => h('li', {}, h('a', { href: `/rules/${encodeURIComponent(r.key)}` }, r.title)))));
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
    h('details', { class: 'curious' }, h('summary', {}, 'For the curious'),
      h('p', {}, 'Rule set ', h('code', {}, r.key), `. Source: ${r.source || ''}`)),
    h('div', { class: 'lobby-grid' },
      h('div', { class: 'panel rules-text' }, r.rules),
      h('div', {}, boardBox, legend)),
    tutorial,
    (r.options || []).length
      // Each option by topic: how the rule usually goes, and the other ways a game may choose.
      ? h('section', { class: 'panel', 'aria-label': 'Options' }, h('h2', {}, 'Options'), byTopic(r, (o) => h('div', { class: 'option' },
        h('p', {}, sentence(o, o.default), ' ', h('span', { class: 'small' }, '(usual)')),
        (o.values || []).length > 1
          ? h('ul', {}, o.values.filter((x) => x !== o.default).map((x) => h('li', {}, `Or: ${sentence(o, x)}`)))
          : '',
        curious(o))))
      : null,
    h('p', {}, h('a', { class: 'button', href: `/?rules=${encodeURIComponent(r.key)}` }, 'Play this rule set')),
    // The server routes /rules/{key} only, so every rules page lists the others.
    h('nav', { class: 'panel', 'aria-label': 'Rule sets' }, h('h2', {}, 'All rule sets'),
      h('ul', {}, list.map((x) => h('li', {}, x.key === r.key ? h('strong', {}, x.title)
        : h('a', { href: `/rules/${encodeURIComponent(x.key)}` }, x.title))))));
}
