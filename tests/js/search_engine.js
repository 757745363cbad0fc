// Runs site/static/search/engine.js under node over a published search folder.
// usage: node tests/js/search_engine.js <site dir> < requests.jsonl > answers.jsonl
// Each request is {"op": <one of ops below>, "q": text, ...} on one line; each answer is the
// engine's result (or {"error": message}) on one line, written as soon as its request is read.
'use strict';
const fs = require('fs');
const path = require('path');

const site = process.argv[2];
const dir = path.join(site, 'search');
const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
const engine = require(path.resolve(dir, 'engine.js'));

const t0 = process.hrtime.bigint();
engine.init(JSON.parse(read('index.json')), JSON.parse(read('lemmas.json')));
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;

const ops = {
  search: (r) => {
    const t0 = process.hrtime.bigint();
    const results = engine.search(r.q, r.options || {});
    return { results, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
  },
  cite: (r) => engine.cite(r.q),
  parse: (r) => engine.internals.parseQuery(r.q),
  split: (r) => engine.internals.splitQuery(r.q),
  citeTerms: (r) => engine.internals.citeTerms(r.q),
  fold: (r) => engine.internals.fold(r.q),
  srToLatin: (r) => engine.internals.srToLatin(r.q),
  tokens: (r) => engine.internals.tokens(r.lang, r.q),
  cut: (r) => engine.internals.split(r.lang, r.q),
  languages: (r) => engine.internals.detectLanguages(r.q),
  postings: (r) => engine.internals.postings(r.lang, r.field, r.q),
  phoneticKey: (r) => engine.internals.phoneticKey(r.q),
  load: () => ({ ms: loadMs }),
  analyses: (r) => engine.internals.analyses(r.q),
  suggested: (r) => engine.internals.suggested(r.q),
  leaning: (r) => engine.internals.leaning(r.q),
  spell: (r) => engine.internals.spell(r.q),
  spelling: () => engine.internals.spellingVocabularies(),
};

const lines = require('readline').createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let answer;
  try {
    const r = JSON.parse(line);
    answer = ops[r.op](r);
  } catch (e) {
    answer = { error: String(e && e.message ? e.message : e) };
  }
  process.stdout.write(JSON.stringify(answer === undefined ? null : answer) + '\n');
});
