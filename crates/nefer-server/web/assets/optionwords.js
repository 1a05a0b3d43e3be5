// A rule set's options in people's words, grouped by topic (the server's `topics`, `topic` and
// `words`: the core says what each value means); the option's key, its SPEC clause and its
// one-line help only inside a "For the curious" detail. The lobby's controls and the rules
// page's list both use it.
import { h } from './svg.js';

/** The sentence for `value` of option `o`, as the server words it. */
export function sentence(o, value) {
  const w = (o.words || []).find((x) => x.value === value);
  return w ? w.text : value;
}

/** The detail for the curious: the option's key, clause and help, and its values as written. */
export function curious(o) {
  return h('details', { class: 'curious' }, h('summary', {}, 'For the curious'),
    h('p', {}, h('code', {}, o.name), ` = ${(o.values || []).join(' | ')}`,
      o.clause ? ` (SPEC ${o.clause})` : '', o.help ? `: ${o.help}.` : '.',
      (o.not_implemented || []).length ? ` Not playable yet: ${o.not_implemented.join(', ')}.` : ''));
}

/**
 * The options of rule set `r` grouped by topic: `row(o)` makes each option's element (null
 * leaves it out); each topic with at least one row becomes a section with its heading.
 */
export function byTopic(r, row) {
  const topics = r.topics && r.topics.length ? r.topics : [...new Set((r.options || []).map((o) => o.topic))];
  return topics.map((t) => {
    const rows = (r.options || []).filter((o) => o.topic === t).map(row).filter(Boolean);
    return rows.length ? h('section', { class: 'option-topic', 'data-topic': t }, h('h3', {}, t), rows) : null;
  }).filter(Boolean);
}
