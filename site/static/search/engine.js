/* lawdesk search in the browser, without the API.
 *
 * A port of the server's query side (kb/search/query.py, analyze.py, intent.py, cite.py, route.py)
 * over data written at build time by kb/publish/search_index.py: a prebuilt MiniSearch index per
 * language over the server's units, the word form -> lemma tables made by lawdesk's analyzers,
 * stop words, synonyms, intents, vocabulary routes and the citation patterns. The ranking
 * constants come from the server's modules, so both read a query the same way.
 *
 *   await LawdeskSearch.load(siteRoot)       // fetches search/*.json relative to the site root
 *   LawdeskSearch.search(query, {limit, doc}) // [{id, doc, law, cite, kind, title, snippet,
 *                                             //   score, url: {path, anchor}}], best first
 *   LawdeskSearch.cite(query)                 // {id, url} | null for a query that is a citation
 *
 * Snippets mark matched words as [word] (as the API does): render them as text, never as HTML.
 */
(function (root) {
  'use strict';

  const FORMAT = 1; // of the data files (kb/publish/search_index.py FORMAT)
  const MAX_QUERY_CHARS = 500; // as the API's LIMITS.query_chars
  const LETTER = /^\p{L}+$/u;
  const EDGE_PUNCT = /[^\p{L}\p{N}]/u;

  let S = null; // the loaded state

  // ---------------------------------------------------------------- text
  function clean(text) {
    return text.normalize('NFC').replace(/[\u00a0\u202f]/g, ' ').replace(/\u00ad/g, '');
  }

  const foldMemo = new Map();
  function fold(word) {
    let out = foldMemo.get(word);
    if (out !== undefined) return out;
    const special = S.text.foldSpecial;
    const keep = S.text.foldKeep;
    out = Array.from(word, (c) => (c in special ? special[c] : c)).join('');
    out = out.normalize('NFD').replace(/\p{Mn}/gu, (m) => (m === keep ? m : '')).normalize('NFC');
    if (foldMemo.size < 50000) foldMemo.set(word, out);
    return out;
  }

  const CYRILLIC = /[\u0400-\u04ff]/u;
  function srToLatin(text) {
    if (!CYRILLIC.test(text)) return text;
    const table = S.text.srLatin;
    return Array.from(text, (c) => (c in table ? table[c] : c)).join('');
  }

  function translate(text, table) {
    return Array.from(text, (c) => (c in table ? table[c] : c)).join('');
  }

  function isDigit(c) {
    return c !== undefined && c >= '0' && c <= '9';
  }

  function stripChars(text, chars) {
    let a = 0;
    let b = text.length;
    while (a < b && chars.includes(text[a])) a++;
    while (b > a && chars.includes(text[b - 1])) b--;
    return text.slice(a, b);
  }

  // Words as spaCy's blank tokenizers cut them: whitespace, then punctuation at the edges of a
  // chunk, slashes, and (where the language's tokenizer does) hyphens, dashes and apostrophes
  // inside it; only all-letter pieces are words. Offsets are into ``text``.
  function words(text, flags) {
    const out = [];
    const chunk = /\S+/gu;
    let m;
    while ((m = chunk.exec(text)) !== null) {
      let a = m.index;
      let b = a + m[0].length;
      while (a < b && EDGE_PUNCT.test(text[a])) a++;
      while (b > a && EDGE_PUNCT.test(text[b - 1])) b--;
      if (a >= b) continue;
      let pieces = [[a, b]];
      const splitAt = (test, dropAfter) => {
        const next = [];
        for (const [s, e] of pieces) {
          let start = s;
          let skip = false;
          for (let i = s; i < e; i++) {
            if (test(text, i)) {
              if (!skip) next.push([start, i]);
              skip = dropAfter;
              start = i + 1;
            }
          }
          if (!skip) next.push([start, e]);
        }
        pieces = next;
      };
      splitAt((t, i) => t[i] === '/', false);
      const hyphen = (t, i) => t[i] === '-' && i > 0 && /[\p{L}\p{N}]/u.test(t[i - 1]) && /\p{L}/u.test(t[i + 1] || '');
      if (flags.hyphen) splitAt(hyphen, false);
      if (flags.dash) splitAt((t, i) => t[i] === '\u2013' || t[i] === '\u2014', false);
      if (flags.apostrophe) splitAt((t, i) => t[i] === "'" || t[i] === '\u2019', true);
      for (const [s, e] of pieces) {
        if (e > s && LETTER.test(text.slice(s, e))) out.push([s, e]);
      }
    }
    return out;
  }

  function citeTerms(text) {
    const c = S.cite;
    const out = [];
    for (const m of text.matchAll(c.pointTermG)) out.push(`${m[1]}.${m[2]}`);
    for (const m of text.matchAll(c.citeTermG)) {
      const [, number, letter, sub, parens] = m;
      let term = number;
      out.push(term);
      if (!letter) continue;
      term += translate(letter, c.homoglyphs).toLowerCase();
      out.push(term);
      if (!sub) continue;
      term += sub;
      out.push(term);
      for (const p of (parens || '').matchAll(c.parenG)) {
        term += p[1];
        out.push(term);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- scoring over MiniSearch
  // One field of one MiniSearch index scored as the server's rank-bm25 (BM25Okapi) does:
  // MiniSearch's BM25 with the same k1 and b gives the term-frequency part; its idf
  // ln(1 + (N - n + .5)/(n + .5)) is replaced by BM25Okapi's ln((N - n + .5)/(n + .5)), with
  // a negative idf floored to eps x the field's average idf.
  class Field {
    constructor(ms, name, avgIdf) {
      this.ms = ms;
      this.name = name;
      this.n = ms.documentCount;
      this.floor = S.bm25.eps * avgIdf;
      this.memo = new Map();
    }

    postings(term) {
      let hit = this.memo.get(term);
      if (hit !== undefined) return hit;
      const found = this.ms.search(term, { fields: [this.name] });
      const df = found.length;
      const idx = new Int32Array(df);
      const w = new Float64Array(df);
      if (df) {
        const msIdf = Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
        let idf = Math.log((this.n - df + 0.5) / (df + 0.5));
        if (idf < 0) idf = this.floor;
        const ratio = idf / msIdf;
        found.forEach((r, k) => {
          idx[k] = r.id;
          w[k] = r.score * ratio;
        });
      }
      hit = { idx, w };
      if (this.memo.size > 20000) this.memo.clear();
      this.memo.set(term, hit);
      return hit;
    }

    has(term) {
      return this.postings(term).idx.length > 0;
    }

    addScores(terms, out, weight = 1) {
      for (const term of terms) {
        const { idx, w } = this.postings(term);
        for (let k = 0; k < idx.length; k++) out[idx[k]] += weight * w[k];
      }
    }
  }

  function loadMiniSearch(json, fields) {
    const options = {
      fields,
      tokenize: (s) => [s],
      processTerm: (t) => t,
      searchOptions: {
        bm25: { k: S.bm25.k, b: S.bm25.b, d: 0 },
        prefix: false,
        fuzzy: false,
        tokenize: (s) => [s],
        processTerm: (t) => t,
      },
    };
    return root.MiniSearch.loadJSON(json, options);
  }

  // Vocabulary words one edit away (symmetric delete), as LangIndex.fuzzy / route.fuzzy do.
  class Near {
    constructor(vocab, has, discardSelf) {
      this.vocab = vocab;
      this.has = has;
      this.discardSelf = discardSelf;
      this.deletes = null;
    }

    build() {
      this.deletes = new Map();
      for (const term of this.vocab) {
        for (let i = 0; i < term.length; i++) {
          const key = term.slice(0, i) + term.slice(i + 1);
          let set = this.deletes.get(key);
          if (!set) this.deletes.set(key, (set = new Set()));
          set.add(term);
        }
      }
    }

    find(word, queryMin) {
      const found = new Set();
      if ([...word].length < queryMin) return found;
      if (!this.deletes) this.build();
      for (const t of this.deletes.get(word) || []) found.add(t);
      for (let i = 0; i < word.length; i++) {
        const shorter = word.slice(0, i) + word.slice(i + 1);
        for (const t of this.deletes.get(shorter) || []) found.add(t);
        if (this.has(shorter)) found.add(shorter);
      }
      if (this.discardSelf) found.delete(word);
      return found;
    }
  }

  // ---------------------------------------------------------------- analysis
  class Analyzer {
    constructor(code, data) {
      this.code = code;
      this.stop = new Set(data.stop);
      this.surface = new Map();
      for (const [lemma, forms] of Object.entries(data.surface)) {
        for (const form of forms.split(' ')) {
          const list = this.surface.get(form);
          if (list) list.push(lemma);
          else this.surface.set(form, [lemma]);
        }
      }
      this.exact = new Map(Object.entries(data.exact));
      this.rules = data.rules;
      this.synonyms = new Map(Object.entries(data.synonyms));
      this.flags = data.tokenizer;
      this.known = new Set(data.known || []);
      this.prep = code === 'sr' ? srToLatin : (w) => w;
      this.targets = null; // set in load(): lemmas a rule may give
      this.memo = new Map();
    }

    knows(word) {
      return this.known.has(word);
    }

    // The lemma of one word: the corpus table, else a suffix rule giving a known lemma.
    lemma(exact, folded) {
      const own = this.exact.get(exact);
      if (own !== undefined) return own;
      const seen = this.surface.get(folded);
      if (seen) return seen[0];
      let hit = this.memo.get(folded);
      if (hit !== undefined) return hit;
      hit = folded;
      if (!this.targets(folded)) {
        for (const [formEnd, lemmaEnd] of this.rules) {
          if (folded.length - formEnd.length < S.weights.RULE_STEM || !folded.endsWith(formEnd)) continue;
          const cand = folded.slice(0, folded.length - formEnd.length) + lemmaEnd;
          if (this.targets(cand)) {
            hit = cand;
            break;
          }
        }
      }
      if (this.memo.size > 20000) this.memo.clear();
      this.memo.set(folded, hit);
      return hit;
    }

    tokens(text) {
      const t = clean(text);
      return words(t, this.flags).map(([start, end]) => {
        const exact = this.prep(t.slice(start, end).toLowerCase());
        const folded = fold(exact);
        return { start, end, exact, folded, lemma: this.lemma(exact, folded), stop: this.stop.has(folded) };
      });
    }

    analyze(text) {
      const toks = this.tokens(text);
      const refs = citeTerms(clean(text));
      const keep = toks.filter((t) => !t.stop);
      return {
        lemmas: keep.map((t) => t.lemma).concat(refs),
        exact: keep.map((t) => t.exact).concat(refs),
        tokens: toks,
        expansions: [],
        english: [],
        synonymWords: new Set(),
        intents: emptyIntents(),
      };
    }

    analyzeQuery(text) {
      const result = this.analyze(text);
      const found = findIntents(result.tokens.map((t) => t.folded));
      let drop = new Set([...found.dropped, ...found.naming]);
      if (drop.size >= result.tokens.length) drop = found.dropped;
      if (drop.size && drop.size < result.tokens.length) {
        result.tokens = result.tokens.map((t, i) => (drop.has(i) ? { ...t, stop: true } : t));
        const keep = result.tokens.filter((t) => !t.stop);
        const cites = result.lemmas.filter((x) => isDigit(x[0]));
        result.lemmas = keep.map((t) => t.lemma).concat(cites);
        result.exact = keep.map((t) => t.exact).concat(cites);
      }
      for (const i of found.about) result.synonymWords.add(result.tokens[i].folded);
      result.intents = found;
      if (!result.tokens.some((t) => !t.stop)) {
        result.lemmas = result.tokens.map((t) => t.lemma).concat(result.lemmas);
        result.exact = result.tokens.map((t) => t.exact).concat(result.exact);
      }
      const toks = result.tokens;
      for (let i = 0; i < toks.length; i++) {
        for (let n = Math.min(S.weights.MAX_KEY_WORDS, toks.length - i); n > 0; n--) {
          const win = toks.slice(i, i + n);
          const key = (part) => win.map((t) => t[part]).join(' ');
          let values = this.synonyms.get(key('lemma')) || this.synonyms.get(key('folded'));
          values = (values || []).filter(([, doc]) => doc === null || found.docs.includes(doc));
          if (values.length) {
            for (const t of win) result.synonymWords.add(t.folded);
            for (const [kind, , lemmas] of values) {
              if (kind === 'e') result.english.push(lemmas);
              else result.expansions.push(...lemmas);
            }
            i += n - 1;
            break;
          }
        }
      }
      return result;
    }
  }

  function emptyIntents() {
    const [dropped, naming, about] = [new Set(), new Set(), new Set()];
    return { definition: false, docs: [], games: [], dropped, naming, about };
  }

  function findIntents(ws) {
    const found = emptyIntents();
    const { exact, prefix } = S.intents;
    const key = S.weights.PREFIX_KEY;
    let i = 0;
    while (i < ws.length) {
      const cands = (exact.get(ws[i]) || []).concat(prefix.get(ws[i].slice(0, key)) || []);
      cands.sort((a, b) => b.words.length - a.words.length);
      const spells = (w, k) => (w.endsWith('*') ? ws[i + k].startsWith(w.slice(0, -1)) : ws[i + k] === w);
      const hit = cands.find((p) => p.words.length <= ws.length - i && p.words.every(spells));
      if (!hit) {
        i += 1;
        continue;
      }
      const span = [];
      for (let k = i; k < i + hit.words.length; k++) span.push(k);
      const colon = hit.intent.indexOf(':');
      const kind = colon < 0 ? hit.intent : hit.intent.slice(0, colon);
      const target = colon < 0 ? '' : hit.intent.slice(colon + 1);
      if (kind === 'game') {
        if (!found.games.includes(target)) found.games.push(target);
        span.forEach((k) => found.naming.add(k));
      } else if (target) {
        if (!found.docs.includes(target)) found.docs.push(target);
        span.forEach((k) => (kind === 'doc' ? found.naming : found.about).add(k));
      } else {
        found.definition = found.definition || hit.intent === 'definition';
        span.forEach((k) => found.dropped.add(k));
      }
      i += hit.words.length;
    }
    return found;
  }

  function detectLanguages(query) {
    const chars = new Set(clean(query).toLowerCase());
    const L = S.text.letters;
    const any = (letters) => [...letters].some((c) => chars.has(c));
    if ([...chars].some((c) => c >= '\u0400' && c <= '\u04ff')) {
      if (any(L.sr)) return ['sr'];
      if (any(L.ru)) return ['ru'];
      return ['ru', 'sr'];
    }
    if (any(L.pl)) return ['pl'];
    if (any(L.sk)) return chars.has('ó') ? ['sk', 'pl'] : ['sk'];
    if (any(L.srhr)) return chars.has('ć') ? ['sr', 'hr', 'pl'] : ['sr', 'hr'];
    if (any(L.slavic)) return ['sr', 'hr', 'sk'];
    return ['sr', 'hr', 'sk', 'pl', 'en'];
  }

  // ---------------------------------------------------------------- citations typed as queries
  function parseCite(text) {
    const c = S.cite;
    let squeezed = translate(text, c.lookalikes).replace(/[\s.]+/gu, '');
    const m = /^(\d{1,2})([A-Ha-h]?)([^\n]*)$/u.exec(squeezed);
    if (m) squeezed = m[1] + m[2].toUpperCase() + m[3].toLowerCase();
    const found = c.userCite.exec(squeezed);
    if (!found || found[0].length !== squeezed.length) return null;
    const g = found.groups;
    let out = String(parseInt(g.law, 10));
    if (g.sec) out += g.sec;
    if (g.par) out += g.par;
    const item = g.item || g.bare;
    if (item) out += `(${item})`;
    if (g.sub) out += `(${g.sub})`;
    return out;
  }

  function stripLawWord(text) {
    const hints = [];
    let rest = text;
    for (const [code, pattern] of S.cite.lawWords) {
      for (const variant of [text, fold(text)]) {
        const m = pattern.exec(variant);
        if (m && m[0].length < variant.length && isDigit(variant[m[0].length])) {
          if (code && !hints.includes(code)) hints.push(code);
          rest = variant.slice(m[0].length);
        }
      }
    }
    return [rest.trim(), hints];
  }

  function nested(rest) {
    const parts = rest.replace(/[()]/g, ' ').match(S.cite.nestedPartG) || [];
    if (!parts.length || parts.join('') !== rest.replace(/[\s().]+/gu, '')) return null;
    let out = parts[0];
    for (const part of parts.slice(1)) out += LETTER.test(part) ? `(${part})` : part;
    return out;
  }

  function parseWorded(text) {
    const c = S.cite;
    let q = stripChars(clean(text).trim(), '.,;:?!');
    const post = c.postposed.exec(q.toLowerCase());
    if (post && stripLawWord(`${post[2]} 1`)[0] === '1') q = `${post[2]} ${post[1]}`;
    const lower = q.toLowerCase();
    let rest = lower;
    let hints = [];
    let worded = false;
    for (const variant of [lower, srToLatin(lower)]) {
      let [stripped, found] = stripLawWord(variant);
      if (variant !== lower) found = found.filter((code) => code === 'sr');
      if (found.length || stripped !== variant) {
        rest = stripped;
        hints = [...new Set(hints.concat(found))];
        worded = true;
      }
    }
    rest = rest.replace(c.separatorsG, ' ').replace(c.closingG, '$1').trim();
    if (!c.numbered.test(rest)) return null;
    if (c.point.test(rest)) return [{ cite: rest, alternatives: [], langs: hints }, worded];
    const path = nested(rest);
    const cite = parseCite(rest);
    if (cite === null) {
      if (path === null || !rest.includes('(')) return null;
      return [{ cite: path, alternatives: [], langs: hints }, worded];
    }
    const alternatives = path && path !== cite && c.lowerItem.test(q) ? [path] : [];
    return [{ cite, alternatives, langs: hints }, worded];
  }

  function parseQuery(text) {
    const found = parseWorded(text);
    return found ? found[0] : null;
  }

  function splitQuery(text) {
    const ws = clean(text).split(/\s+/u).filter(Boolean);
    let best = null;
    for (let i = 0; i < ws.length; i++) {
      for (let j = ws.length; j > i; j--) {
        if (j - i === ws.length) continue;
        const found = parseWorded(ws.slice(i, j).join(' '));
        if (found === null) continue;
        const [cite, worded] = found;
        if (worded || (j === i + 1 && S.cite.sectioned.test(ws[i].toUpperCase()))) {
          if (best === null || j - i > best[1] - best[0]) best = [i, j, cite];
          break;
        }
      }
    }
    if (best === null) return null;
    const [i, j, cite] = best;
    const rest = stripChars(ws.slice(0, i).concat(ws.slice(j)).join(' '), ' .,;:?!');
    return rest ? [cite, rest] : null;
  }

  // ---------------------------------------------------------------- ranking
  function allowsDoc(filters, d) {
    const doc = S.docs[d];
    return (
      (filters.doc == null || doc.id === filters.doc) && (filters.lang == null || doc.lang === filters.lang)
    );
  }

  function prefixes(cite) {
    if (cite.includes('.')) return [cite.split('.')[0]];
    const parts = cite.match(/\(\w+\)|\d+|[A-Z]/g) || [];
    const out = [];
    for (let k = parts.length - 1; k > 0; k--) out.push(parts.slice(0, k).join(''));
    return out;
  }

  function citeNodes(cite, filters, lawNumbered) {
    const out = new Map();
    S.docs.forEach((meta, d) => {
      if (!allowsDoc(filters, d) || (lawNumbered && !meta.lawNumbered)) return;
      const exact = S.byDocCite.get(`${d}\t${cite}`);
      if (exact !== undefined) {
        out.set(exact, 1.0);
        return;
      }
      for (const prefix of prefixes(cite)) {
        const hit = S.byDocCite.get(`${d}\t${prefix}`);
        if (hit !== undefined) {
          out.set(hit, S.weights.PREFIX_WEIGHT);
          break;
        }
      }
    });
    return out;
  }

  function citeHits(cite, filters) {
    const W = S.weights;
    const out = new Map();
    for (const c of [cite.cite, ...cite.alternatives]) {
      for (const [node, w] of citeNodes(c, filters, false)) {
        if (out.has(node)) continue;
        const meta = S.docs[S.nodes.doc[node]];
        if (cite.langs.length && cite.langs.includes(meta.lang)) out.set(node, w);
        else out.set(node, w * (meta.lawNumbered ? W.UNHINTED : W.UNHINTED_CODE));
      }
    }
    return out;
  }

  function within(cite, hits, scored, marks) {
    const W = S.weights;
    let top = 0;
    for (const s of scored.values()) top = Math.max(top, s);
    top = top || 1;
    const citedDocs = new Set([...hits.keys()].map((n) => S.nodes.doc[n]));
    const out = new Map(hits);
    for (const [node, s] of scored) {
      let cur = node;
      while (cur !== -1 && !hits.has(cur)) cur = S.nodes.parent[cur];
      if (cur !== -1) {
        out.set(node, Math.max(out.get(node) || 0, hits.get(cur) * (1 + (W.WITHIN_CITE * s) / top)));
        continue;
      }
      const d = S.nodes.doc[node];
      const own = !citedDocs.has(d) && cite.langs.includes(S.docs[d].lang);
      out.set(node, Math.max(out.get(node) || 0, ((own ? 1 : W.OUTSIDE_CITE) * s) / top));
    }
    return [out, marks];
  }

  function queryTerms(L, a, foreign) {
    const W = S.weights;
    let content = a.tokens.filter((t) => !t.stop);
    if (!content.length) content = a.tokens;
    const lemmas = [];
    let covered = 0;
    for (const t of content) {
      const cands = new Set([t.lemma, ...(L.an.surface.get(t.folded) || [])]);
      let found = [...cands].filter((c) => L.lemma.has(c));
      if (!found.length && L.exact.has(t.exact)) found = [t.lemma];
      if (found.length || a.synonymWords.has(t.folded)) covered += 1;
      else if (!foreign(t.exact)) {
        const near = new Set([...L.near.find(t.lemma, W.FUZZY_MIN), ...L.near.find(t.folded, W.FUZZY_MIN)]);
        found = [...near].sort().slice(0, 3);
        covered += found.length ? W.FUZZY_COVER : 0;
      }
      lemmas.push(...found);
    }
    const cites = a.lemmas.filter((x) => isDigit(x[0]));
    if (cites.length && cites.some((c) => L.lemma.has(c))) covered += 1;
    const total = content.length + (cites.length ? 1 : 0);
    const cover = total ? covered / total : 0;
    const exact = content.map((t) => t.exact).concat(cites);
    return [cover, [lemmas.concat(cites), exact]];
  }

  function titleMatch(L, terms) {
    const hits = new Float64Array(L.n);
    for (const term of new Set(terms)) {
      const { idx } = L.heading.postings(term);
      for (let k = 0; k < idx.length; k++) hits[idx[k]] += 1;
    }
    for (let j = 0; j < L.n; j++) hits[j] /= Math.max(L.titleLen[j], 1);
    return hits;
  }

  function isCommon(L, lemma) {
    return L.lemma.postings(lemma).idx.length > S.weights.COMMON_SHARE * L.n;
  }

  function routeCites(code, terms) {
    const W = S.weights;
    const R = S.routes[code];
    const scores = new Float64Array(R.entries.length);
    R.field.addScores(terms, scores);
    let best = 0;
    for (const s of scores) best = Math.max(best, s);
    if (best <= 0) return new Map();
    const out = new Map();
    const asked = new Set(terms);
    const sections = new Set();
    scores.forEach((score, j) => {
      if (score < W.ROUTE_KEEP * best) return;
      const entry = R.entries[j];
      if (entry.heading !== undefined) {
        const own = entry.own.some((w) => asked.has(w));
        if (!own && !entry.heading.every((w) => asked.has(w))) return;
        sections.add(entry.cites[0]);
      }
      const s = score / best;
      for (const c of entry.cites) out.set(c, Math.max(out.get(c) || 0, s));
    });
    for (const c of sections) {
      const law = S.cite.routeSection.exec(c);
      if (law && out.has(law[1])) out.set(c, Math.max(out.get(c), out.get(law[1])) * W.SECTION_EDGE);
    }
    let top = 0;
    for (const s of out.values()) top = Math.max(top, s);
    top = top || 1;
    for (const [c, s] of out) out.set(c, s / top);
    return out;
  }

  function route(code, terms, cover, a, out, common = null, foreign = () => false) {
    const W = S.weights;
    if (!terms.length) return;
    const R = S.routes[code];
    let content = a.tokens.filter((t) => !t.stop);
    if (!content.length) content = a.tokens;
    if (common !== null) {
      const kept = content.filter((t) => R.field.has(t.lemma) || !common(t.lemma));
      if (kept.length) content = kept;
    }
    if (cover === null) {
      let hits = 0;
      const near = [];
      for (const t of content) {
        if (R.field.has(t.lemma) || a.synonymWords.has(t.folded)) hits += 1;
        else if (common !== null && !foreign(t.exact)) {
          const near1 = R.near.find(t.lemma, W.ROUTE_FUZZY_MIN);
          const found = [...new Set([...near1, ...R.near.find(t.folded, W.ROUTE_FUZZY_MIN)])].sort().slice(0, 3);
          hits += found.length ? W.FUZZY_COVER : 0;
          near.push(...found);
        }
      }
      cover = hits / Math.max(1, content.length);
      if (content.length && cover <= 0) return;
      terms = terms.concat(near);
    }
    for (const [c, s] of routeCites(code, terms)) out.set(c, Math.max(out.get(c) || 0, s * cover * cover));
  }

  function pivot(L, scores, weight, top, filters, scored) {
    const W = S.weights;
    const order = [...scores.keys()].sort((x, y) => scores[y] - scores[x]).slice(0, W.PIVOT_TOP);
    for (const j of order) {
      if (scores[j] <= 0) break;
      const node = L.units[j];
      if (!S.docs[S.nodes.doc[node]].lawNumbered) continue;
      const s = (W.PIVOT_WEIGHT * weight * scores[j]) / top;
      for (const [n, w] of citeNodes(S.nodes.cite[node], filters, true)) {
        scored.set(n, Math.max(scored.get(n) || 0, s * w));
      }
    }
  }

  function documentTop(d, scored) {
    const W = S.weights;
    const tops = [];
    for (let n = 0; n < S.nodes.id.length && tops.length < W.DOCUMENT_TOP; n++) {
      if (S.nodes.doc[n] === d && S.nodes.parent[n] === -1) tops.push(n);
    }
    tops.forEach((n, rank) => scored.set(n, Math.max(scored.get(n) || 0, W.STEER_OTHER * (1 - 0.01 * rank))));
  }

  function top(scores, k) {
    const idx = [];
    for (let j = 0; j < scores.length; j++) if (scores[j] > 0) idx.push(j);
    if (idx.length <= k) return idx;
    idx.sort((x, y) => scores[y] - scores[x]);
    return idx.slice(0, k);
  }

  function rank(query, filters, queryLang, cites = true) {
    const W = S.weights;
    const cite = cites ? parseQuery(query) : null;
    if (cite !== null) {
      const hits = citeHits(cite, filters);
      if (hits.size) return [hits, new Map()];
    }
    const mixed = cites ? splitQuery(query) : null;
    if (mixed !== null) {
      const hits = citeHits(mixed[0], filters);
      if (hits.size) {
        const found = rank(`${mixed[1]} ${mixed[0].cite}`, filters, queryLang, false);
        return within(mixed[0], hits, ...found);
      }
    }
    const langs = queryLang ? [queryLang] : detectLanguages(query);
    const analyses = new Map(langs.map((code) => [code, S.an[code].analyzeQuery(query)]));
    const steer = [];
    for (const a of analyses.values()) for (const d of a.intents.docs) if (S.docIndex.has(d)) steer.push(d);
    if (!queryLang) {
      for (const d of new Set(steer)) {
        const code = S.docs[S.docIndex.get(d)].lang;
        if (!analyses.has(code)) {
          const text = S.text.latinLangs.includes(code) ? srToLatin(query.toLowerCase()) : query;
          analyses.set(code, S.an[code].analyzeQuery(text));
        }
      }
    }
    const steerLangs = new Set(steer.map((d) => S.docs[S.docIndex.get(d)].lang));
    const steerDocs = new Set(steer.map((d) => S.docIndex.get(d)));
    const definition = [...analyses.values()].some((a) => a.intents.definition);
    const scored = new Map();
    const marks = new Map();
    const routed = new Map();
    // a word another candidate language's lexicon knows is not a typo
    const knownElsewhere = (code) => (word) =>
      [...analyses.keys()].some((c) => c !== code && S.an[c].knows(word));
    for (const [code, analysis] of analyses) {
      const L = S.langs[code];
      if (S.routes[code]) {
        const common = L ? (lemma) => isCommon(L, lemma) : null;
        const terms = analysis.lemmas.concat(analysis.expansions);
        route(code, terms, null, analysis, routed, common, knownElsewhere(code));
      }
      if (!L) continue;
      const [cover, terms] = queryTerms(L, analysis, knownElsewhere(code));
      if (analysis.english.length) route('en', analysis.english.flat(), cover, analysis, routed);
      if (cover <= 0) continue;
      const scores = new Float64Array(L.n);
      L.lemma.addScores(terms[0], scores);
      L.exact.addScores(terms[1], scores, W.EXACT_WEIGHT);
      L.lemma.addScores(analysis.expansions, scores, W.EXPANSION_WEIGHT);
      const tm = titleMatch(L, terms[0].concat(analysis.expansions));
      const short = analysis.tokens.filter((t) => !t.stop).length <= W.DEFINITION_WORDS;
      for (let j = 0; j < L.n; j++) {
        scores[j] *= L.prior[j] * (1 + W.TITLE_WEIGHT * tm[j]);
        if (definition && short && L.isDef[j]) scores[j] *= W.DEFINITION_BOOST;
      }
      const weight = steerLangs.has(code) ? cover : cover * cover;
      const filtered = filters.doc != null || filters.lang != null;
      const allowed = filtered ? L.units.map((n) => allowsDoc(filters, S.nodes.doc[n])) : null;
      if (allowed !== null && !allowed.some(Boolean)) {
        let best = 0;
        for (const s of scores) best = Math.max(best, s);
        if (best > 0) pivot(L, scores, weight, best, filters, scored);
        continue;
      }
      let best = 0;
      for (let j = 0; j < L.n; j++) {
        if (allowed !== null && !allowed[j]) scores[j] = 0;
        else best = Math.max(best, scores[j]);
      }
      if (best <= 0) continue;
      if (steer.length) {
        let steerTop = 0;
        for (let j = 0; j < L.n; j++) if (steerDocs.has(L.docOf[j])) steerTop = Math.max(steerTop, scores[j]);
        if (steerTop > 0) {
          for (let j = 0; j < L.n; j++) if (steerDocs.has(L.docOf[j])) scores[j] *= best / steerTop;
        }
      }
      const marked = new Set([...terms[0], ...terms[1], ...analysis.expansions]);
      for (const j of top(scores, W.TOP_PER_LANGUAGE)) {
        const node = L.units[j];
        const s = (weight * scores[j]) / best;
        if (s > (scored.get(node) || 0)) {
          scored.set(node, s);
          marks.set(node, marked);
        }
      }
    }
    for (const [c, s] of routed) {
      for (const [node, w0] of citeNodes(c, filters, true)) {
        let w = w0;
        if (analyses.has(S.docs[S.nodes.doc[node]].lang)) w *= W.ROUTE_OWN_LANGUAGE;
        scored.set(node, Math.max(scored.get(node) || 0, W.ROUTE_WEIGHT * s * w));
      }
    }
    const games = new Set();
    for (const a of analyses.values()) a.intents.games.forEach((g) => games.add(g));
    if (games.size) {
      for (const [node, s] of scored) {
        if (!games.has(S.docs[S.nodes.doc[node]].game)) scored.set(node, s * W.STEER_OTHER);
      }
    }
    if (steer.length) {
      for (const [node, s] of scored) {
        if (!steerDocs.has(S.nodes.doc[node])) scored.set(node, s * W.STEER_OTHER);
      }
      const present = new Set([...scored.keys()].map((n) => S.nodes.doc[n]));
      for (const d of new Set(steer)) {
        const di = S.docIndex.get(d);
        if (!present.has(di) && allowsDoc(filters, di)) documentTop(di, scored);
      }
    }
    return [scored, marks];
  }

  // ---------------------------------------------------------------- results
  function snippet(node, terms) {
    const W = S.weights;
    const width = W.SNIPPET_CHARS;
    const text = S.nodes.text[node] || '';
    const code = S.docs[S.nodes.doc[node]].lang;
    const an = S.an[code];
    const hits = [];
    if (terms.size) {
      let words = S.unitWords.get(node);
      if (words === undefined) {
        words = an.tokens(text);
        if (S.unitWords.size > 5000) S.unitWords.clear();
        S.unitWords.set(node, words);
      }
      for (const t of words) if (terms.has(t.lemma) || terms.has(t.exact)) hits.push([t.start, t.end]);
    }
    let start = 0;
    if (hits.length && hits[0][0] > Math.floor(width / 3)) {
      start = text.lastIndexOf(' ', hits[0][0] - Math.floor(width / 4) - 1) + 1;
    }
    let end = Math.min(text.length, start + width);
    if (end < text.length) {
      const cut = text.lastIndexOf(' ', end - 1);
      end = cut > start ? cut : end;
    }
    const pieces = [];
    let pos = start;
    for (const [s, e] of hits) {
      if (s < start || e > end) continue;
      pieces.push(text.slice(pos, s) + W.MARK[0] + text.slice(s, e) + W.MARK[1]);
      pos = e;
    }
    pieces.push(text.slice(pos, end));
    return (start > 0 ? '…' : '') + pieces.join('') + (end < text.length ? '…' : '');
  }

  function url(node) {
    return { path: S.nodes.path[node], anchor: S.nodes.anchor[node] };
  }

  function result(node, score, terms) {
    const N = S.nodes;
    const out = {
      id: N.id[node],
      doc: S.docs[N.doc[node]].id,
      law: N.law[node],
      cite: N.cite[node],
      kind: N.kind[node],
      title: N.title[node],
      snippet: snippet(node, terms || new Set()),
      score: Math.round(score * 1e4) / 1e4,
      url: url(node),
    };
    if (N.term[node] !== null) out.term = N.term[node];
    return out;
  }

  function checkQuery(query) {
    if (typeof query !== 'string') throw new TypeError(`query must be a string, not ${typeof query}`);
    if (query.length > MAX_QUERY_CHARS) {
      const n = query.length;
      throw new RangeError(`query is ${n} characters long; at most ${MAX_QUERY_CHARS} are accepted`);
    }
    if (S === null) throw new Error('LawdeskSearch.load(siteRoot) must finish before searching');
  }

  function search(query, options = {}) {
    checkQuery(query);
    const { limit = 10, doc = null } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`limit must be a positive integer, not ${limit}`);
    }
    if (doc !== null && !S.docIndex.has(doc)) {
      const known = S.docs.map((d) => d.id).join(', ');
      throw new RangeError(`unknown document ${JSON.stringify(doc)}; known: ${known}`);
    }
    if (!clean(query).trim()) return [];
    const [scored, marks] = rank(query, { doc, lang: null }, null);
    const ranked = [...scored].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, limit);
    return ranked.map(([node, score]) => result(node, score, marks.get(node)));
  }

  function cite(query) {
    checkQuery(query);
    const found = parseQuery(query);
    if (found === null) return null;
    const hits = [...citeHits(found, { doc: null, lang: null })].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    return hits.length ? { id: S.nodes.id[hits[0][0]], url: url(hits[0][0]) } : null;
  }

  // ---------------------------------------------------------------- loading
  function compile(source, global = false) {
    return new RegExp(source, global ? 'gu' : 'u');
  }

  function anchored(source) {
    return new RegExp(`^(?:${source})`, 'u');
  }

  function init(index, lemmas, miniSearchJson) {
    if (index.format !== FORMAT || lemmas.format !== FORMAT) {
      throw new Error(`search data of format ${index.format}/${lemmas.format}, not ${FORMAT}; rebuild the site`);
    }
    S = { bm25: lemmas.bm25, weights: lemmas.weights, text: lemmas.text, unitWords: new Map() };
    const c = lemmas.cite;
    S.cite = {
      lawWords: c.lawWords.map(([code, src]) => [code, anchored(src)]),
      postposed: compile(c.postposed),
      point: compile(c.point),
      numbered: compile(c.numbered),
      separatorsG: compile(c.separators, true),
      closingG: compile(c.closing, true),
      lowerItem: compile(c.lowerItem),
      nestedPartG: compile(c.nestedPart, true),
      sectioned: compile(c.sectioned),
      userCite: anchored(c.userCite),
      lookalikes: c.lookalikes,
      citeTermG: compile(c.citeTerm, true),
      parenG: compile(c.paren, true),
      pointTermG: compile(c.pointTerm, true),
      homoglyphs: c.homoglyphs,
      routeSection: compile(c.routeSection),
    };
    S.intents = { exact: new Map(), prefix: new Map() };
    for (const [ws, intent] of lemmas.intents) {
      const p = { words: ws, intent };
      const first = ws[0];
      const map = first.endsWith('*') ? S.intents.prefix : S.intents.exact;
      const key = first.endsWith('*') ? first.slice(0, S.weights.PREFIX_KEY) : first;
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(p);
    }
    S.docs = index.docs;
    S.docIndex = new Map(index.docs.map((d, i) => [d.id, i]));
    S.nodes = index.nodes;
    S.byDocCite = new Map();
    S.nodes.id.forEach((_, n) => {
      const key = `${S.nodes.doc[n]}\t${S.nodes.cite[n]}`;
      if (!S.byDocCite.has(key)) S.byDocCite.set(key, n);
    });
    S.an = {};
    for (const [code, data] of Object.entries(lemmas.langs)) S.an[code] = new Analyzer(code, data);
    S.langs = {};
    for (const [code, meta] of Object.entries(index.langs)) {
      const ms = loadMiniSearch(miniSearchJson[meta.file], ['lemma', 'exact', 'heading']);
      const n = meta.units.length;
      const prior = new Float64Array(n).fill(1);
      for (const [p, js] of Object.entries(meta.prior)) for (const j of js) prior[j] = parseFloat(p);
      const isDef = new Uint8Array(n);
      for (const j of meta.definitions) isDef[j] = 1;
      const L = {
        n,
        units: meta.units,
        docOf: meta.units.map((node) => S.nodes.doc[node]),
        lemma: new Field(ms, 'lemma', meta.avgIdf.lemma),
        exact: new Field(ms, 'exact', meta.avgIdf.exact),
        heading: new Field(ms, 'heading', 0),
        titleLen: meta.titleLen,
        prior,
        isDef,
        an: S.an[code],
      };
      L.near = new Near(lemmas.langs[code].fuzzyVocab, (w) => L.lemma.has(w), false);
      S.langs[code] = L;
    }
    S.routes = {};
    for (const [code, data] of Object.entries(lemmas.langs)) {
      if (!data.route) continue;
      const ms = loadMiniSearch(miniSearchJson[data.route.file], ['lemma']);
      const R = { entries: data.route.entries, field: new Field(ms, 'lemma', data.route.avgIdf) };
      R.near = new Near(data.route.fuzzyVocab, (w) => R.field.has(w), true);
      S.routes[code] = R;
    }
    // a suffix rule may give a lemma the language's documents, routes or synonyms know
    for (const [code, an] of Object.entries(S.an)) {
      const L = S.langs[code];
      const R = S.routes[code];
      const keys = new Set(lemmas.langs[code].synonymLemmas);
      an.targets = (w) =>
        keys.has(w) || (L !== undefined && L.lemma.has(w)) || (R !== undefined && R.field.has(w));
    }
  }

  async function load(siteRoot = '') {
    const here = root.location ? root.location.href : 'http://localhost/';
    const base = new URL('search/', new URL(siteRoot || './', here));
    if (!root.MiniSearch) {
      await new Promise((resolve, reject) => {
        const tag = root.document.createElement('script');
        tag.src = new URL('minisearch.js', base).href;
        tag.onload = resolve;
        tag.onerror = () => reject(new Error(`could not load ${tag.src}`));
        root.document.head.appendChild(tag);
      });
    }
    const get = async (name) => {
      const response = await fetch(new URL(name, base));
      if (!response.ok) throw new Error(`could not load ${response.url}: HTTP ${response.status}`);
      return response.text();
    };
    const both = await Promise.all([get('index.json'), get('lemmas.json')]);
    const [index, lemmas] = both.map((t) => JSON.parse(t));
    const files = Object.values(index.langs).map((m) => m.file);
    for (const data of Object.values(lemmas.langs)) if (data.route) files.push(data.route.file);
    const texts = await Promise.all(files.map(get));
    init(index, lemmas, Object.fromEntries(files.map((f, i) => [f, texts[i]])));
    return { units: Object.values(S.langs).reduce((n, L) => n + L.n, 0) };
  }

  // for tests: the engine's steps, to compare each with the server's
  const internals = {
    parseQuery,
    splitQuery,
    citeTerms: (text) => citeTerms(text),
    fold: (word) => fold(word),
    srToLatin: (text) => srToLatin(text),
    tokens: (code, text) => S.an[code].tokens(text),
    detectLanguages: (query) => detectLanguages(query),
    postings: (code, field, term) => {
      const { idx, w } = S.langs[code][field].postings(term);
      return { units: Array.from(idx, (j) => S.nodes.id[S.langs[code].units[j]]), weights: Array.from(w) };
    },
  };
  const api = { load, init, search, cite, internals };
  // installed once: a page that already has one (the script included twice, a stand-in) keeps it
  if (!root.LawdeskSearch) root.LawdeskSearch = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
