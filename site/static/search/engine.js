/* lawdesk search in the browser, without the API.
 *
 * A port of the server's search (kb/search/: query.py, analyze.py, tokenize.py, intent.py,
 * cite.py, route.py, lexicon.py, rank.py, results.py, situations.py with the ruling trees'
 * suggestions of kb/rulings/suggestions.py) over data written at build time by
 * kb/publish/search_index.py from the server's own index: every unit's words as the build
 * analysed them (from which the BM25 fields are rebuilt here, weighed as rank-bm25 weighs them
 * on the server), spaCy's tokenizer rules, the word form -> lemma tables, stop words, player
 * vocabulary, intents, vocabulary routes, the lexicon's translations, the citation patterns and
 * the ruling trees' stemmed words, triggers and cited provisions.
 * The ranking constants are the server's, read by name.
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

  const FORMAT = 12; // of the data files (kb/publish/search_index.py FORMAT)
  // a lemma table's shared-prefix lengths (kb/publish/search_index.py _PREFIX_DIGITS)
  const PREFIX_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const MAX_QUERY_CHARS = 500; // as the API's LIMITS.query_chars
  const LETTER = /^\p{L}+$/u;
  const FLAG_TITLE_ONLY = 1; // kb/search/artefact.py unit flags
  const FLAG_DEFINITION = 2;
  const FLAG_FOOTNOTE = 4;

  let S = null; // the loaded state
  let W = null; // the ranking constants

  // ---------------------------------------------------------------- text
  // kb/publish/search_index.py front_code read back: each item is a shared prefix's length (with
  // the item before it, the first with `first`) and the rest
  function frontDecoded(first, coded) {
    const out = [];
    let prev = first;
    for (const item of coded.split(' ')) {
      prev = prev.slice(0, PREFIX_DIGITS.indexOf(item[0])) + item.slice(1);
      out.push(prev);
    }
    return out;
  }

  // kb/search/normalize.py clean: control characters and odd spaces read as a space, soft
  // hyphens and zero-width characters dropped
  function clean(text) {
    return text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u00a0\u202f]/g, ' ')
      .replace(/[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g, '');
  }

  // Drop diacritics (kb/search/normalize.py fold): each character's own folding (its
  // decomposition without combining marks, the breve of й kept), memoised per character.
  const charFolds = new Map();
  function foldChar(c) {
    let out = charFolds.get(c);
    if (out === undefined) {
      const special = S.text.foldSpecial;
      const keep = S.text.foldKeep;
      out = c in special ? special[c] : c;
      out = out.normalize('NFD').replace(/\p{Mn}/gu, (m) => (m === keep ? m : ''));
      charFolds.set(c, out);
    }
    return out;
  }

  function fold(word) {
    if (/^[\x00-\x7f]*$/.test(word)) return word;
    let out = '';
    for (const c of word) out += foldChar(c);
    return out.includes(S.text.foldKeep) ? out.normalize('NFC') : out;
  }

  const CYRILLIC = /[\u0400-\u04ff]/u;
  function srToLatin(text) {
    if (!CYRILLIC.test(text)) return text;
    return translate(text, S.text.srLatin);
  }

  function translate(text, table) {
    return Array.from(text, (c) => (c in table ? table[c] : c)).join('');
  }

  function isDigit(c) {
    return c !== undefined && c >= '0' && c <= '9';
  }

  function hasDigit(text) {
    return /\p{Nd}/u.test(text);
  }

  function stripChars(text, chars) {
    let a = 0;
    let b = text.length;
    while (a < b && chars.includes(text[a])) a++;
    while (b > a && chars.includes(text[b - 1])) b--;
    return text.slice(a, b);
  }

  function isAlpha(word) {
    return LETTER.test(word);
  }

  function length(word) {
    return [...word].length; // in code points, as Python counts
  }

  // The phonetic key of a lower-case word, equal for cognates across the Slavic spellings
  // (kb/search/lexicon.py key, over normalize.latin).
  const keyMemo = new Map();
  function phoneticKey(word) {
    let s = keyMemo.get(word);
    if (s !== undefined) return s;
    const P = S.text.phonetic;
    s = fold(translate(fold(word), P.ruLatin));
    for (const [a, b] of P.keyPairs) s = s.split(a).join(b);
    s = translate(s, P.keyLetters).replace(P.glideG, '');
    s = s.replace(/(.)\1+/gu, '$1');
    if (keyMemo.size < 100000) keyMemo.set(word, s);
    return s;
  }

  function space(lang) {
    return lang === 'sr' || lang === 'hr' ? 'hbs' : lang;
  }

  function citeTerms(text) {
    if (!hasDigit(text)) return [];
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

  function pairs(lemmas) {
    const out = [];
    for (let i = 1; i < lemmas.length; i++) {
      const a = lemmas[i - 1];
      const b = lemmas[i];
      if (a !== b) out.push(a < b ? `${a}|${b}` : `${b}|${a}`);
    }
    return out;
  }

  // ---------------------------------------------------------------- spaCy's tokenizer
  // kb/search/tokenize.py Tokenizer: spaCy's rules (prefix, suffix, infix, URL and token
  // patterns, special cases), applied with the algorithm of spaCy's Tokenizer.explain.
  class Tokenizer {
    constructor(rules, patterns) {
      const re = (key, flags) => (rules[key] === undefined ? null : new RegExp(patterns[rules[key]], flags));
      const prefix = re('prefix', 'u');
      const suffix = re('suffix', 'u');
      const infix = re('infix', 'gu');
      const url = re('url', 'uy');
      const token = re('token', 'uy');
      this.prefix = (s) => (prefix ? prefix.exec(s) : null);
      this.suffix = (s) => (suffix ? suffix.exec(s) : null);
      this.infix = (s) => (infix ? [...s.matchAll(infix)] : []);
      const sticky = (r) => (s) => {
        if (!r) return false;
        r.lastIndex = 0;
        return r.test(s);
      };
      this.url = sticky(url);
      this.token = sticky(token);
      this.special = new Map(Object.entries(rules.special || {}));
      for (const orth of rules.whole || []) this.special.set(orth, [orth]);
      this.memo = new Map(); // chunk -> its tokens
      this.matched = new Map();
      const heuristics = rules.faster !== false;
      const orths = [...this.special.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const orth of orths) {
        const infixed = !isAlpha(orth) && this.infix(orth).length > 0;
        if (!heuristics || this.prefix(orth) || infixed || this.suffix(orth) || orth.includes(' ')) {
          const pieces = this.affixes(orth, false);
          if (pieces.length) {
            if (!this.matched.has(pieces[0])) this.matched.set(pieces[0], []);
            this.matched.get(pieces[0]).push([pieces, orth]);
          }
        }
      }
      for (const options of this.matched.values()) options.sort((x, y) => y[0].length - x[0].length);
    }

    // every token (whitespace left out) as [start, text]
    split(text) {
      const out = [];
      for (const chunk of text.matchAll(/\S+/gu)) {
        let at = chunk.index;
        let pieces = this.memo.get(chunk[0]);
        if (pieces === undefined) {
          pieces = this.specialAfter(this.affixes(chunk[0], true));
          if (this.memo.size > 50000) this.memo.clear();
          this.memo.set(chunk[0], pieces);
        }
        for (const piece of pieces) {
          out.push([at, piece]);
          at += piece.length;
        }
      }
      return out;
    }

    affixes(text, specials) {
      const special = specials ? this.special : new Map();
      const tokens = [];
      const suffixes = [];
      let sub = text;
      while (sub) {
        if (special.has(sub)) {
          tokens.push(...special.get(sub));
          sub = '';
          continue;
        }
        while (this.prefix(sub) || this.suffix(sub)) {
          if (this.token(sub)) {
            tokens.push(sub);
            sub = '';
            break;
          }
          if (special.has(sub)) {
            tokens.push(...special.get(sub));
            sub = '';
            break;
          }
          let found = this.prefix(sub);
          if (found) {
            const split = found.index + found[0].length;
            if (split === 0) break;
            tokens.push(sub.slice(0, split));
            sub = sub.slice(split);
            if (special.has(sub)) continue;
          }
          found = this.suffix(sub);
          if (found) {
            const split = found.index;
            if (split === sub.length) break;
            suffixes.push(sub.slice(split));
            sub = sub.slice(0, split);
          }
        }
        if (!sub) continue;
        if (this.token(sub) || this.url(sub)) {
          tokens.push(sub);
        } else if (special.has(sub)) {
          tokens.push(...special.get(sub));
        } else {
          // infixes are punctuation and symbols: a run of letters has none (spared the
          // costliest pattern)
          const matches = isAlpha(sub) ? [] : this.infix(sub);
          if (matches.length) {
            let offset = 0;
            for (const m of matches) {
              const start = m.index;
              const end = start + m[0].length;
              if (offset === 0 && start === 0) continue;
              if (sub.slice(offset, start)) tokens.push(sub.slice(offset, start));
              if (sub.slice(start, end)) tokens.push(sub.slice(start, end));
              offset = end;
            }
            if (sub.slice(offset)) tokens.push(sub.slice(offset));
          } else {
            tokens.push(sub);
          }
        }
        sub = '';
      }
      for (let i = suffixes.length - 1; i >= 0; i--) tokens.push(suffixes[i]);
      return tokens;
    }

    specialAfter(pieces) {
      if (!this.matched.size || pieces.length < 2) return pieces;
      const out = [];
      let i = 0;
      while (i < pieces.length) {
        let hit = false;
        for (const [pattern, orth] of this.matched.get(pieces[i]) || []) {
          const n = pattern.length;
          if (n > 1 && pattern.every((p, k) => pieces[i + k] === p)) {
            out.push(...this.special.get(orth));
            i += n;
            hit = true;
            break;
          }
        }
        if (!hit) {
          out.push(pieces[i]);
          i += 1;
        }
      }
      return out;
    }

    // the words of a text (tokens of letters only): [start, end, text]
    words(text) {
      return this.split(text)
        .filter(([, t]) => isAlpha(t))
        .map(([s, t]) => [s, s + t.length, t]);
    }
  }

  // ---------------------------------------------------------------- analysis
  // kb/search/analyze.py Analyzer (query side): words, their exact and folded forms and lemmas.
  class Analyzer {
    constructor(code, data, tokenizer) {
      this.code = code;
      this.live = data.live;
      this.stop = new Set(data.stop);
      this.makeTokenizer = tokenizer; // built on first use (its special cases cost a little)
      this.tokenizer = null;
      this.table = new Map();
      for (const [lemma, forms] of Object.entries(data.table)) {
        for (const form of frontDecoded(lemma, forms)) this.table.set(form, lemma);
      }
      this.corpus = new Map(); // the documents' exact forms -> lemma (set in init)
      this.surface = new Map(); // the documents' folded forms -> lemmas (set in init)
      this.rules = data.rules || [];
      this.overrides = new Set(data.overrides || []);
      this.synonyms = new Map(Object.entries(data.synonyms));
      this.synStarts = new Set();
      for (const key of this.synonyms.keys()) this.synStarts.add(key.split(' ')[0]);
      this.prep = code === 'sr' ? srToLatin : (w) => w;
      this.targets = () => false; // set in init(): lemmas a suffix rule may give
      this.kin = [this]; // set in init(): the analyzers of the languages sharing its lemmas
      this.memo = new Map();
    }

    // The folded lemma of a lower-case word (in the language's script): the server's table or
    // the documents' own words; a language whose lemmatizer runs at query time on the server
    // reads a word new to both by the documents' folded forms, then by suffix rules.
    lemma(exact) {
      let hit = this.memo.get(exact);
      if (hit !== undefined) return hit;
      hit = this.table.get(exact);
      if (hit === undefined) hit = this.corpus.get(exact);
      // the languages sharing this one's lemmatizer know the word (but for their overrides)
      for (const an of this.kin) {
        if (hit !== undefined) break;
        if (an === this || an.overrides.has(exact) || this.overrides.has(exact)) continue;
        hit = an.table.get(exact);
        if (hit === undefined) hit = an.corpus.get(exact);
      }
      if (hit === undefined) {
        const folded = fold(exact);
        hit = folded;
        if (this.live && !this.targets(folded)) {
          // the documents of the languages sharing this one's lemmas (Serbian, Croatian)
          const seen = this.kin.map((an) => an.surface.get(folded)).find((x) => x !== undefined);
          if (seen) {
            hit = seen[0];
          } else {
            for (const [formEnd, lemmaEnd] of this.rules) {
              if (folded.length - formEnd.length < W.RULE_STEM || !folded.endsWith(formEnd)) continue;
              const cand = folded.slice(0, folded.length - formEnd.length) + lemmaEnd;
              if (this.targets(cand)) {
                hit = cand;
                break;
              }
            }
          }
        }
      }
      if (this.memo.size > 50000) this.memo.clear();
      this.memo.set(exact, hit);
      return hit;
    }

    tokens(text) {
      const t = clean(text);
      if (this.tokenizer === null) this.tokenizer = this.makeTokenizer();
      return this.tokenizer.words(t).map(([start, end, word]) => {
        const exact = this.prep(word.toLowerCase());
        const folded = fold(exact);
        return { start, end, exact, folded, lemma: this.lemma(exact), stop: this.stop.has(folded) };
      });
    }
  }

  function emptyIntents() {
    const [dropped, naming, about] = [new Set(), new Set(), new Set()];
    return { definition: false, docs: [], games: [], dropped, naming, about };
  }

  // kb/search/intent.py find: the intents of a query given its folded words (longest phrase wins)
  function findIntents(ws) {
    const found = emptyIntents();
    const { exact, prefix } = S.intents;
    const key = W.PREFIX_KEY;
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
        // a definition only opening or closing the query (intent.py find)
        const edge = [...Array(i).keys()].every((k) => found.naming.has(k)) || i + hit.words.length === ws.length;
        found.definition = found.definition || (hit.intent === 'definition' && edge);
        span.forEach((k) => found.dropped.add(k));
      }
      i += hit.words.length;
    }
    return found;
  }

  // kb/search/query.py analyse: a query read in one language
  function analyse(an, text) {
    let toks = an.tokens(text);
    const cites = citeTerms(text);
    const found = findIntents(toks.map((t) => t.folded));
    let drop = new Set([...found.dropped, ...found.naming]);
    if (drop.size >= toks.length) drop = found.dropped;
    if (drop.size && drop.size < toks.length) toks = toks.map((t, i) => (drop.has(i) ? { ...t, stop: true } : t));
    let keep = toks.filter((t) => !t.stop);
    if (!keep.length) keep = toks;
    const out = {
      lang: an.code,
      tokens: toks,
      lemmas: keep.map((t) => t.lemma).concat(cites),
      exact: keep.map((t) => t.exact).concat(cites),
      cites,
      expansions: [],
      english: [],
      synonymWords: new Set(),
      intents: found,
      starts: new Map(toks.map((t) => [t.start, t])),
    };
    out.content = keep;
    for (const i of found.about) out.synonymWords.add(toks[i].folded);
    expand(an, toks, found, out, 1);
    const content = toks.filter((t) => !t.stop && !out.synonymWords.has(t.folded));
    expand(an, content, found, out, 2);
    const own = new Set(toks.map((t) => t.lemma));
    out.expansions = [...new Set(out.expansions)].filter((x) => !own.has(x));
    return out;
  }

  // the player vocabulary applied to runs of words (longest key first)
  function expand(an, toks, found, out, shortest) {
    let i = 0;
    while (i < toks.length) {
      if (!an.synStarts.has(toks[i].lemma) && !an.synStarts.has(toks[i].folded)) {
        i += 1;
        continue;
      }
      for (let n = Math.min(W.MAX_KEY_WORDS, toks.length - i); n >= shortest; n--) {
        const win = toks.slice(i, i + n);
        const key = (part) => win.map((t) => t[part]).join(' ');
        let values = an.synonyms.get(key('lemma')) || an.synonyms.get(key('folded'));
        values = (values || []).filter(([, doc]) => doc === null || found.docs.includes(doc));
        if (values.length) {
          for (const t of win) out.synonymWords.add(t.folded);
          for (const [kind, , lemmas] of values) {
            if (kind === 'e') out.english.push(lemmas);
            else out.expansions.push(...lemmas);
          }
          i += n - 1;
          break;
        }
      }
      i += 1;
    }
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

  // ---------------------------------------------------------------- spelling
  // kb/search/spelling.py: a word no candidate language knows, one edit (keeping its first
  // letter) from exactly one word of their vocabularies, and no real word (the build's filter)
  const SPELL_WORD = /[\p{L}\p{Nl}\p{No}]+/gu;
  const ENCODER = new TextEncoder();

  // FNV-1a mixed by MurmurHash3's finaliser, as kb/search/spelling.py _hash
  function hash(bytes, seed) {
    let h = seed;
    for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  }

  function edits(word, alphabet) {
    const out = [];
    for (let i = 1; i <= word.length; i++) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      for (const c of alphabet) out.push(head + c + tail);
      if (tail) {
        out.push(head + tail.slice(1));
        for (const c of alphabet) if (c !== tail[0]) out.push(head + c + tail.slice(1));
        if (tail.length > 1) out.push(head + tail[1] + tail[0] + tail.slice(2));
      }
    }
    return out;
  }

  // the speller, built on first use: each language's vocabulary from the data the engine holds
  // (kb/search/index.py SearchIndex.spelling), the filter of real words
  function speller() {
    if (S.speller !== null) return S.speller;
    const english = [];
    for (const [direction, table] of Object.entries(S.translations)) {
      if (direction.startsWith('en>')) english.push(...Object.keys(table));
    }
    const vocab = {};
    const letters = new Set();
    let longest = 0; // a word two letters longer than every vocabulary word is no typo of one
    for (const [code, an] of Object.entries(S.an)) {
      const words = new Set([...an.surface.keys(), ...an.stop]);
      const L = S.langs[code];
      if (L !== undefined) for (const w of L.lemma.terms()) words.add(w);
      for (const key of an.synonyms.keys()) for (const w of key.split(' ')) words.add(w);
      const R = S.routes[code];
      if (R !== undefined) for (const w of R.vocab) words.add(w);
      if (code === 'en') for (const w of english) words.add(w);
      vocab[code] = new Set([...words].filter(isAlpha));
      if (L === undefined) {
        // a language without documents: its table's forms whose lemma its route or the
        // lexicon reads stand in for the surface forms it lacks (kb/search/index.py spelling)
        const read = new Set(R !== undefined ? R.vocab : []);
        if (code === 'en') for (const w of english) read.add(w);
        for (const [form, lemma] of an.table) {
          const f = fold(form);
          if (read.has(lemma) && isAlpha(f)) vocab[code].add(f);
        }
      }
      for (const w of vocab[code]) {
        const chars = [...w];
        for (const c of chars) letters.add(c);
        longest = Math.max(longest, chars.length);
      }
    }
    const data = S.spellerData;
    const binary = typeof atob === 'function' ? atob(data.bits) : Buffer.from(data.bits, 'base64').toString('binary');
    const bits = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const m = bits.length * 8;
    const real = (word) => {
      const bytes = ENCODER.encode(word);
      const h1 = hash(bytes, 0x811c9dc5);
      const h2 = hash(bytes, 0x01000193);
      for (let i = 0; i < data.k; i++) {
        const p = (h1 + i * h2) % m;
        if (!((bits[p >> 3] >> (p & 7)) & 1)) return false;
      }
      return true;
    };
    // a word some language knows is no typo, whichever languages the query is read in
    const known = new Set();
    for (const v of Object.values(vocab)) for (const w of v) known.add(w);
    S.speller = { vocab, known, alphabet: [...letters].sort(), real, minLength: data.minLength, supportShare: data.supportShare, longest, memo: new Map() };
    return S.speller;
  }

  function correction(word, langs) {
    const sp = speller();
    const key = `${word}\t${langs.join(' ')}`;
    if (sp.memo.has(key)) return sp.memo.get(key);
    if (sp.memo.size > 100000) sp.memo.clear();
    let out = null;
    const folded = fold(word);
    const n = [...folded].length;
    if (n >= sp.minLength && n <= sp.longest + 1 && isAlpha(folded) && !sp.real(folded) && !sp.known.has(folded)) {
      // a Cyrillic word is read in the Serbian texts' Latin only in a query Serbian for sure
      const latin = langs.length === 1 && langs[0] === 'sr' && CYRILLIC.test(word) ? fold(srToLatin(word)) : null;
      const readings = [];
      let known = false;
      for (const lang of langs) {
        const v = sp.vocab[lang];
        const form = lang === 'sr' && latin !== null ? latin : folded;
        if (v === undefined) continue;
        if (v.has(form) || sp.real(form)) {
          known = true;
          break;
        }
        readings.push([form, v]);
      }
      if (!known) {
        const near = new Set();
        for (const [form, v] of readings) for (const e of edits(form, sp.alphabet)) if (v.has(e)) near.add(e);
        if (near.size === 1) out = [...near][0];
      }
    }
    sp.memo.set(key, out);
    return out;
  }

  // kb/search/spelling.py Speller.supported: the candidate languages whose vocabularies hold at
  // least SUPPORT_SHARE as many of the query's words as the best one (Serbian reads Cyrillic in
  // its Latin): a word of a Croatian query is no typo of a Slovak word; all when none holds one
  function supported(text, langs) {
    if (langs.length < 2) return langs;
    const sp = speller();
    const words = (text.match(SPELL_WORD) || []).map((w) => w.toLowerCase());
    const held = langs.map((lang) => {
      const v = sp.vocab[lang];
      if (v === undefined) return 0;
      let n = 0;
      for (const w of words) if (v.has(fold(lang === 'sr' ? srToLatin(w) : w))) n++;
      return n;
    });
    const top = Math.max(...held);
    return top ? langs.filter((_, i) => held[i] >= sp.supportShare * top) : langs;
  }

  function spell(text, allLangs) {
    const corrections = new Map(); // each (typo, correction) once, in order
    const langs = supported(text, allLangs);
    const out = text.replace(SPELL_WORD, (w) => {
      const got = correction(w.toLowerCase(), langs);
      if (got === null) return w;
      corrections.set(`${w}\t${got}`, [w, got]);
      return got;
    });
    return [out, [...corrections.values()]];
  }

  // the head of parse: the query cleaned, its candidate languages, its typos corrected
  function spelled(raw, queryLang = null) {
    const cleaned = clean(raw);
    const langs = queryLang ? [queryLang] : detectLanguages(cleaned);
    const [text, corrections] = spell(cleaned, langs);
    return { text, langs, corrections };
  }

  // kb/search/query.py parse: the query parsed once
  function parse(raw, queryLang = null) {
    const { text, langs, corrections } = spelled(raw, queryLang);
    let cite = null;
    let split = null;
    if (hasDigit(text)) {
      cite = parseQuery(text);
      if (cite === null) split = splitQuery(text);
    }
    const analyses = new Map(langs.map((code) => [code, analyse(S.an[code], text)]));
    if (!queryLang) {
      const steer = [];
      for (const a of analyses.values()) for (const d of a.intents.docs) if (S.docIndex.has(d)) steer.push(d);
      for (const d of new Set(steer)) {
        const code = S.docs[S.docIndex.get(d)].lang;
        if (!analyses.has(code)) {
          const read = S.text.latinLangs.includes(code) ? srToLatin(text.toLowerCase()) : text;
          analyses.set(code, analyse(S.an[code], read));
        }
      }
    }
    return { text, cite, split, langs, analyses, corrections };
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


  // ---------------------------------------------------------------- BM25 fields
  // kb/search/bm25.py csr: rank-bm25's Okapi BM25 over one language's units (an empty unit
  // counting as one empty word, as rank-bm25 is given it), each posting weighed once.
  class Field {
    constructor(docs, ids) {
      const k1 = S.bm25.k;
      const b = S.bm25.b;
      const n = docs.length;
      // the terms as ids, the documents as arrays of ids
      this.ids = new Map();
      const seqs = docs.map((doc) => {
        const seq = new Int32Array(doc.length);
        for (let k = 0; k < doc.length; k++) {
          let id = this.ids.get(doc[k]);
          if (id === undefined) this.ids.set(doc[k], (id = this.ids.size));
          seq[k] = id;
        }
        return seq;
      });
      const size = this.ids.size;
      const df = new Int32Array(size);
      const last = new Int32Array(size).fill(-1);
      let total = 0;
      let empty = 0;
      seqs.forEach((seq, j) => {
        total += seq.length || 1;
        if (!seq.length) empty += 1;
        for (const id of seq) {
          if (last[id] !== j) {
            last[id] = j;
            df[id] += 1;
          }
        }
      });
      const avgdl = total / n;
      const idf = (d) => Math.log(n - d + 0.5) - Math.log(d + 0.5);
      this.idfs = new Float64Array(size);
      let sum = empty ? idf(empty) : 0;
      for (let id = 0; id < size; id++) sum += this.idfs[id] = idf(df[id]);
      const floor = (S.bm25.eps * sum) / (size + (empty ? 1 : 0));
      for (let id = 0; id < size; id++) if (this.idfs[id] < 0) this.idfs[id] = floor;
      // postings in CSR form, each weighed as rank-bm25 scores it
      this.ptr = new Int32Array(size + 1);
      for (let id = 0; id < size; id++) this.ptr[id + 1] = this.ptr[id] + df[id];
      this.u = new Int32Array(this.ptr[size]);
      this.w = new Float64Array(this.ptr[size]);
      const fill = this.ptr.slice(0, size);
      const tf = new Int32Array(size);
      seqs.forEach((seq, j) => {
        const norm = k1 * (1 - b + (b * seq.length) / avgdl);
        for (const id of seq) tf[id] += 1;
        for (const id of seq) {
          const f = tf[id];
          if (!f) continue;
          tf[id] = 0;
          const at = fill[id]++;
          this.u[at] = ids[j];
          this.w[at] = (this.idfs[id] * f * (k1 + 1)) / (f + norm);
        }
      });
    }

    has(term) {
      return this.ids.has(term);
    }

    df(term) {
      const id = this.ids.get(term);
      return id === undefined ? 0 : this.ptr[id + 1] - this.ptr[id];
    }

    idf(term) {
      const id = this.ids.get(term);
      return id === undefined ? undefined : this.idfs[id];
    }

    // units and weights of a term, only those in the unit range ``within`` if given
    postings(term, within = null) {
      const id = this.ids.get(term);
      if (id === undefined) return { u: [], w: [] };
      let a = this.ptr[id];
      let z = this.ptr[id + 1];
      if (within !== null) {
        const units = this.u.subarray(a, z);
        z = a + lowerBound(units, within[1]);
        a += lowerBound(units, within[0]);
      }
      return { u: this.u.subarray(a, z), w: this.w.subarray(a, z) };
    }

    terms() {
      return this.ids.keys();
    }
  }

  function lowerBound(arr, x) {
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (arr[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // words one edit away (symmetric delete), as rank.fuzzy / Route.fuzzy do
  class Near {
    constructor(words, minLength, has, discardSelf) {
      this.deletes = new Map();
      for (const term of words) {
        if (length(term) < minLength || !isAlpha(term)) continue;
        for (let i = 0; i < term.length; i++) {
          const key = term.slice(0, i) + term.slice(i + 1);
          let set = this.deletes.get(key);
          if (!set) this.deletes.set(key, (set = new Set()));
          set.add(term);
        }
      }
      this.has = has;
      this.discardSelf = discardSelf;
    }

    find(word, queryMin) {
      const found = new Set();
      if (length(word) < queryMin) return found;
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

  // One language's units rebuilt from index.json: the lemma, exact and pair fields, each
  // unit's own heading, the documents' word forms and the lemmas' phonetic keys.
  function buildLang(code, data, an) {
    const terms = data.terms;
    const lemmaOf = data.lemmas.map((l, i) => l || fold(terms[i]));
    terms.forEach((t, i) => an.corpus.set(t, lemmaOf[i]));
    for (let i = 0; i < terms.length; i++) {
      const folded = fold(terms[i]);
      const seen = an.surface.get(folded);
      if (!seen) an.surface.set(folded, [lemmaOf[i]]);
      else if (!seen.includes(lemmaOf[i])) seen.push(lemmaOf[i]);
    }
    const pieces = data.pieces.map((code36) => {
      const [words, cites] = code36.split('|');
      const ids = (s) => (s ? s.split(' ').map((x) => parseInt(x, 36)) : []);
      const w = ids(words);
      const c = ids(cites);
      const lem = w.map((i) => lemmaOf[i]);
      const cs = c.map((i) => terms[i]);
      return { lemma: lem.concat(cs), exact: w.map((i) => terms[i]).concat(cs), pair: pairs(lem) };
    });
    const units = [];
    for (const [first, n] of data.units) for (let k = 0; k < n; k++) units.push(first + k);
    const docs = { lemma: [], exact: [], pair: [] };
    const heads = new Map();
    data.rows.forEach(([text, head, ...context], k) => {
      for (const f of ['lemma', 'exact', 'pair']) {
        const doc = [];
        for (const p of [text, ...context]) for (const t of pieces[p][f]) doc.push(t);
        docs[f].push(doc);
      }
      if (head >= 0) {
        const own = [...new Set(pieces[head].lemma.filter((t) => !isDigit(t[0])))].sort();
        if (own.length) heads.set(units[k], own);
      }
    });
    const L = {
      code,
      n: units.length,
      units,
      lemma: new Field(docs.lemma, units),
      exact: new Field(docs.exact, units),
      pair: new Field(docs.pair, units),
      heads, // unit -> the lemmas of its own heading
      heading: new Map(), // heading lemma -> units
      keys: null,
      near: null,
      prefixes: null, // lemmas by their first STEM_PREFIX letters (stems)
    };
    for (const [u, own] of heads) {
      S.headLen[u] = own.length;
      for (const t of own) {
        if (!L.heading.has(t)) L.heading.set(t, []);
        L.heading.get(t).push(u);
      }
    }
    return L;
  }

  // the lemmas of a document language by phonetic key (the lexicon's cognates), built on first use
  function cognates(word, dst) {
    if (length(word) < S.text.phonetic.keyMin) return [];
    const L = S.langs[dst];
    if (!L) return [];
    if (L.keys === null) {
      L.keys = new Map();
      for (const t of L.lemma.terms()) {
        if (length(t) >= S.text.phonetic.keyMin && isAlpha(t)) {
          const k = phoneticKey(t);
          if (!L.keys.has(k)) L.keys.set(k, []);
          L.keys.get(k).push(t);
        }
      }
    }
    return L.keys.get(phoneticKey(word)) || [];
  }

  function translations(src, lemma, dst) {
    if (space(src) === space(dst)) return [];
    const table = S.translations[`${space(src)}>${space(dst)}`];
    return (table && table[lemma]) || [];
  }

  // kb/search/route.py Route: a language's vocabulary route as a BM25 field of its entries
  function buildRoute(data) {
    const entries = data.entries;
    const ids = entries.map((_, j) => j);
    const field = new Field(
      entries.map((e) => e.lemmas),
      ids,
    );
    const vocab = new Set(field.terms());
    return { entries, field, vocab, near: new Near(vocab, W.ROUTE_FUZZY_MIN, (w) => vocab.has(w), true) };
  }

  // kb/search/rank.py route_weight: a language whose documents are all of another kind than the
  // Laws its route reaches (Polish: the screens regulation) has its route count OTHER_DOCS_ROUTE
  function routeWeight(code) {
    const own = S.docs.filter((d) => d.lang === code);
    return own.length && !own.some((d) => d.lawNumbered) ? W.OTHER_DOCS_ROUTE : 1;
  }

  function routeCites(code, terms) {
    const R = S.routes[code];
    const scores = new Float64Array(R.entries.length);
    for (const t of terms) {
      const { u, w } = R.field.postings(t);
      for (let k = 0; k < u.length; k++) scores[u[k]] += w[k];
    }
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
    // more cites than ROUTE_SPREAD share the route's evidence (kb/search/route.py SPREAD)
    const spread = out.size ? Math.min(1, W.ROUTE_SPREAD / out.size) : 1;
    for (const [c, s] of out) out.set(c, (s / top) * spread);
    return out;
  }

  // ---------------------------------------------------------------- the ruling trees' prior
  // kb/search/situations.py over kb/rulings/suggestions.py: the trees a described situation
  // suggests (their trigger phrases found whole, the text's tf-idf closeness to their words, the
  // bids it names, the last irregular call of an auction typed in it) lend a prior to the Laws and
  // paragraphs their leaves cite. The data is kb/rulings/export.py's, packed by the publisher.
  function buildSituations(data) {
    const stems = frontDecoded('', data.stems);
    const trees = data.trees.map((t) => {
      const bag = new Map();
      for (const [i, count] of gaps(t.bag)) bag.set(stems[i], count);
      const own = [...bag.keys()]; // a trigger names its stems by place in the bag
      const triggers = t.triggers ? t.triggers.split('|').map((p) => gaps(p).map(([i]) => own[i])) : [];
      return { id: t.id, bag, triggers, kinds: t.kinds, laws: t.laws, paragraphs: t.paragraphs };
    });
    const df = new Map();
    for (const t of trees) for (const s of t.bag.keys()) df.set(s, (df.get(s) || 0) + 1);
    const idf = new Map();
    for (const [s, n] of df) idf.set(s, Math.log(1 + trees.length / n));
    // turned around, so a text is scored only against the triggers and words it shares a stem
    // with: a trigger phrase under its first stem (all of them must be in the text anyway) with
    // its weight, a stem with its weight in every tree vector that has it
    const triggers = new Map();
    const vectors = new Map();
    // kb/rulings/suggestions.py GENERIC_SHARE: a one-stem trigger of a word many trees use
    const generic = Math.log(1 + 1 / data.genericShare);
    trees.forEach((t, k) => {
      for (const p of t.triggers) {
        if (p.length === 1 && idf.get(p[0]) <= generic) continue;
        const weight = p.reduce((sum, s) => sum + (idf.get(s) || 0), 0);
        if (!triggers.has(p[0])) triggers.set(p[0], []);
        triggers.get(p[0]).push({ tree: k, stems: p, weight });
      }
      for (const [s, w] of tfidf(t.bag, idf)) {
        if (!vectors.has(s)) vectors.set(s, []);
        vectors.get(s).push([k, w]);
      }
    });
    return {
      ...data,
      trees,
      idf,
      triggers,
      vectors,
      stop: new Set(data.stop),
      calls: new Map(Object.entries(data.calls)),
      symbols: new Map(Object.entries(data.symbols)),
      strains: new Map(Object.entries(data.strains)),
      russianOnly: new Set(data.russianOnly),
      vowels: new Set(data.vowels),
      bidG: compile(data.bid, true),
      tokenG: compile(data.token, true),
    };
  }

  // kb/publish/search_index.py gaps: "3 2*2" -> [[3, 1], [5, 2]]
  function gaps(packed) {
    let at = 0;
    return packed.split(' ').map((item) => {
      const [gap, count] = item.split('*');
      at += parseInt(gap, 36);
      return [at, count === undefined ? 1 : Number(count)];
    });
  }

  // kb/rulings/suggestions.py _normalise: a bag of stems as a unit tf-idf vector
  function tfidf(bag, idf) {
    const vec = new Map();
    let norm = 0;
    for (const [s, c] of bag) {
      const v = (1 + Math.log(c)) * (idf.get(s) || 0);
      vec.set(s, v);
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [s, v] of vec) vec.set(s, v / norm);
    return vec;
  }

  // kb/rulings/suggestions.py fold: lower case, every diacritic dropped (й -> и, unlike fold())
  function suggestFold(text) {
    return translate(text.toLowerCase(), S.situations.fold).normalize('NFKD').replace(/\p{Mn}/gu, '');
  }

  // kb/rulings/suggestions.py stems: Cyrillic without Russian-only letters read in Latin too
  function suggestionStems(text) {
    const t = S.situations;
    const serbian = !Array.from(text).some((c) => t.russianOnly.has(c));
    const variants = serbian ? [...new Set([text, srToLatin(text)])] : [text];
    const out = [];
    for (const variant of variants) {
      for (const word of suggestFold(variant).match(/[\p{L}\p{N}_]+/gu) || []) {
        if (t.stop.has(word)) continue;
        const letters = Array.from(word);
        let end = letters.length;
        while (end > 0 && t.vowels.has(letters[end - 1])) end--;
        out.push((end ? letters.slice(0, end) : letters).slice(0, t.stem).join(''));
      }
    }
    return out;
  }

  // kb/rulings/suggestions.py mentioned_bids: the bids a text names, as [level, strain rank]
  function mentionedBids(text) {
    const t = S.situations;
    const bids = [];
    for (const [, level, word] of text.matchAll(t.bidG)) {
      const strain = t.symbols.get(word) || t.calls.get(word.toLowerCase());
      const n = Number(level);
      if (strain !== undefined && t.strains.has(strain) && n >= 1 && n <= 13) bids.push([n, t.strains.get(strain)]);
    }
    return bids;
  }

  // kb/rulings/suggestions.py _bid_signals: a bid above seven, a bid named after a higher one
  function bidSignals(text) {
    const bids = mentionedBids(text);
    const legal = bids.filter(([n]) => n <= 7).map(([n, s]) => (n - 1) * 5 + s);
    return {
      above: bids.some(([n]) => n > 7) ? 'above-seven' : null,
      lower: legal.some((b, i) => i > 0 && b <= legal[i - 1]),
    };
  }

  // kb/ask.py find_auction: the longest run of calls in the text ('1H', 'P', 'X', 'XX'), at least
  // two with a bid among them, or null
  function findAuction(text) {
    const tokens = [...(text.match(S.situations.tokenG) || []), ''];
    let best = [];
    let run = [];
    let i = 0;
    while (i < tokens.length) {
      const tok = tokens[i];
      // a bid may be typed with a space: "1 ♥", "3 bez aduta"
      const two = i + 1 < tokens.length ? `${tok} ${tokens[i + 1]}` : tok;
      const three = i + 2 < tokens.length ? `${two} ${tokens[i + 2]}` : two;
      let call = null;
      for (const [words, n] of [[three, 3], [two, 2], [tok, 1]]) {
        const c = callOf(words);
        if (c !== null && (n === 1 || /^\p{Nd}+$/u.test(tok))) {
          call = [c, n];
          break;
        }
      }
      if (call !== null) {
        run.push(call[0]);
        i += call[1];
        continue;
      }
      if (run.length > best.length && run.some((c) => isDigit(c[0]))) best = run;
      run = [];
      i += 1;
    }
    return best.length < 2 ? null : best;
  }

  // kb/ask.py _call: a token as a call ('1H', 'P', 'X', 'XX') or null
  function callOf(token) {
    const words = S.situations.calls;
    const t = stripChars(token.toLowerCase(), '.!?:()');
    const own = words.get(t);
    if (own === 'P' || own === 'X' || own === 'XX') return own;
    const m = /^([1-7])\s*(.+)$/u.exec(t);
    if (m !== null && S.situations.strains.has(words.get(m[2]))) return m[1] + words.get(m[2]);
    return null;
  }

  // The kind of the last irregular call of a plain auction (every call by the player in turn),
  // as kb.rules.bridge.auction_facts finds it: 'insufficient' (18C), 'inadmissible' (19: a
  // double of a bid not the opponents' or already doubled, a redouble of no opponents' double),
  // or null. An irregular call stays pending and the next call is its offender's replacement
  // (an irregular replacement is reported with the call it replaced); a call after the auction
  // ended is an error there (its seat unknown), so the run gives nothing. Sides alternate, so
  // the dealer does not matter.
  function auctionIrregularity(calls) {
    let lastBid = -1; // rank of the last bid standing, -1: none
    let bidder = -1; // seats count from the dealer; a side is the seat's parity
    let doubling = 0; // 0, 1 doubled, 2 redoubled
    let doubler = -1;
    let passes = 0;
    let turn = 0;
    let pending = false;
    let found = null;
    for (const call of calls) {
      if (turn === null) return null;
      const who = turn;
      const rank = call === 'P' || call === 'X' || call === 'XX' ? -1 : (Number(call[0]) - 1) * 5 + S.situations.strains.get(call.slice(1));
      let irregular = null;
      if (call === 'X' && !(bidder >= 0 && bidder % 2 !== who % 2 && doubling === 0)) irregular = 'inadmissible';
      if (call === 'XX' && !(doubling === 1 && doubler % 2 !== who % 2)) irregular = 'inadmissible';
      if (rank >= 0 && rank <= lastBid) irregular = 'insufficient';
      if (irregular !== null) {
        if (!pending) found = irregular; // not a replacement
        pending = true;
        continue;
      }
      pending = false;
      passes = call === 'P' ? passes + 1 : 0;
      if (rank >= 0) [lastBid, bidder, doubling, doubler] = [rank, who, 0, -1];
      else if (call === 'X') [doubling, doubler] = [1, who];
      else if (call === 'XX') doubling = 2;
      turn = passes >= (lastBid >= 0 ? 3 : 4) ? null : (who + 1) % 4;
    }
    return found;
  }

  // kb/rulings/suggestions.py suggest, then kb/search/situations.py suggested: the best trees
  // with their confidence in (0, 1]
  function suggested(text) {
    const t = S.situations;
    text = Array.from(text).slice(0, Math.min(t.maxQuery, t.maxText)).join('');
    if (!text.trim()) return [];
    const words = suggestionStems(text);
    const found = new Set(words);
    const bag = new Map();
    for (const w of words) bag.set(w, (bag.get(w) || 0) + 1);
    const query = tfidf(bag, t.idf);
    const { above, lower } = bidSignals(text);
    const auction = findAuction(text);
    const kind = auction === null ? null : auctionIrregularity(auction);
    const weights = t.trees.map(() => []); // per tree, its trigger phrases found whole
    for (const stem of found) {
      for (const p of t.triggers.get(stem) || []) if (p.stems.every((x) => found.has(x))) weights[p.tree].push(p.weight);
    }
    const close = new Float64Array(t.trees.length); // the cosine, summed in the text's order
    for (const [stem, w] of query) for (const [k, v] of t.vectors.get(stem) || []) close[k] += w * v;
    const scored = [];
    t.trees.forEach((tree, k) => {
      const ws = weights[k].sort((x, y) => y - x);
      let score = ws.length ? t.triggerWeight * (ws[0] + t.otherTriggers * ws.slice(1).reduce((a, b) => a + b, 0)) : 0;
      score += t.similarityWeight * close[k];
      if ((kind !== null && tree.kinds.includes(kind)) || (above !== null && tree.kinds.includes(above))) {
        score += t.auctionBonus;
      } else if (lower && tree.kinds.includes('insufficient')) {
        score += t.bidOrderBonus;
      }
      if (score > 0) scored.push([score, tree]);
    });
    scored.sort((x, y) => y[0] - x[0] || (x[1].id < y[1].id ? -1 : 1));
    const out = [];
    for (const [score, tree] of scored.slice(0, t.best)) {
      const rounded = Math.round(score * 1000) / 1000; // the score suggest() reports
      const c = Math.min(1, Math.max(0, (rounded - t.from) / (t.full - t.from)));
      if (c > 0) out.push([tree, c]);
    }
    return out;
  }

  // kb/search/situations.py cited: the Laws and paragraphs the suggested trees rule by, each
  // with the tree's confidence times its weight in the tree, the best over trees. The server
  // also lifts the paragraphs of the leaf the query's words name best (situations.Leaf: 90,000
  // stems, about 175 KB gzipped, where the search data has 0.6 KB of its 600 KB budget left),
  // and re-weighs the suggested trees by character n-grams of their own texts
  // (kb/search/tree_grams.py, 6,426 texts), so here another tree or another paragraph of the
  // same Law may come first.
  function cited(text) {
    const laws = new Map();
    const paragraphs = new Map();
    for (const [tree, c] of suggested(text)) {
      for (const [out, rows] of [[laws, tree.laws], [paragraphs, tree.paragraphs]]) {
        for (const [provision, w] of rows) out.set(provision, Math.max(out.get(provision) || 0, c * w));
      }
    }
    return [laws, paragraphs];
  }

  // ---------------------------------------------------------------- ranking (kb/search/rank.py)
  function docOf(node) {
    return S.nodes.doc[node];
  }

  function allowedDocs(filters) {
    if (filters.doc == null && filters.lang == null) return null;
    const out = new Set();
    S.docs.forEach((d, i) => {
      if ((filters.doc == null || d.id === filters.doc) && (filters.lang == null || d.lang === filters.lang)) out.add(i);
    });
    return out;
  }

  function prefixes(cite) {
    if (cite.includes('.')) return [cite.split('.')[0]];
    const parts = cite.match(/\(\w+\)|\d+|[A-Z]/g) || [];
    const out = [];
    for (let k = parts.length - 1; k > 0; k--) out.push(parts.slice(0, k).join(''));
    return out;
  }

  // Serbian or Croatian (kb/search/dialect.py): the yat reflex checked against the words each
  // language knows, and the standard lexical differences
  function ijekavian(word) {
    const out = [];
    for (let i = 0; i < word.length; i++) {
      if (word[i] === 'e') out.push(word.slice(0, i) + 'ije' + word.slice(i + 1), word.slice(0, i) + 'je' + word.slice(i + 1));
    }
    return out;
  }

  function ekavian(word) {
    const out = [];
    for (const yat of ['ije', 'je']) {
      for (let at = word.indexOf(yat); at >= 0; at = word.indexOf(yat, at + 1)) out.push(word.slice(0, at) + 'e' + word.slice(at + yat.length));
    }
    return out;
  }

  // rank.py stems: the lemmas that begin with the word's first STEM_PREFIX letters, when at
  // most STEM_MAX do (the lemmas by prefix made once per language)
  function stems(L, word) {
    if (word.length < W.STEM_MIN) return [];
    if (L.prefixes === null) {
      L.prefixes = new Map();
      for (const lemma of L.lemma.terms()) {
        if (lemma.length < W.STEM_MIN || !isAlpha(lemma)) continue;
        const key = lemma.slice(0, W.STEM_PREFIX);
        if (!L.prefixes.has(key)) L.prefixes.set(key, []);
        L.prefixes.get(key).push(lemma);
      }
    }
    const found = L.prefixes.get(word.slice(0, W.STEM_PREFIX)) || [];
    return found.length <= W.STEM_MAX ? found : [];
  }

  function knows(code, word) {
    return S.an[code].stop.has(word) || S.an[code].surface.has(word);
  }

  function dialectLeaning(tokens) {
    const { sr: srWords, hr: hrWords } = S.dialect;
    let sr = 0;
    let hr = 0;
    for (const t of tokens) {
      if (srWords.has(t.folded) || srWords.has(t.lemma)) sr += 1;
      else if (hrWords.has(t.folded) || hrWords.has(t.lemma)) hr += 1;
      else if (!knows('hr', t.folded) && ijekavian(t.folded).some((v) => knows('hr', v))) sr += 1;
      else if (!knows('sr', t.folded) && ekavian(t.folded).some((v) => knows('sr', v))) hr += 1;
    }
    if (sr === hr) return null;
    return sr > hr ? 'sr' : 'hr';
  }

  // kb/search/rank.py Ranker.games: the games the query names ("bridž", "bridge"), bridge also
  // by a bid named with its level ("1 pik", "3БК"; rank.py BID_GAME)
  function queryGames(q) {
    const games = new Set();
    for (const a of q.analyses.values()) for (const g of a.intents.games) games.add(g);
    if (!games.has(W.BID_GAME) && mentionedBids(q.text).length) games.add(W.BID_GAME);
    return games;
  }

  class Ranker {
    constructor(q, filters) {
      this.q = q;
      this.filters = filters;
      this.allowed = allowedDocs(filters);
    }

    allows(d) {
      return this.allowed === null || this.allowed.has(d);
    }

    citeNodes(cite, lawNumbered) {
      const out = new Map();
      S.docs.forEach((meta, d) => {
        if (!this.allows(d) || (lawNumbered && !meta.lawNumbered)) return;
        const exact = S.byId.get(`${meta.id}:${cite}`);
        if (exact !== undefined) {
          out.set(exact, 1.0);
          return;
        }
        for (const prefix of prefixes(cite)) {
          const hit = S.byId.get(`${meta.id}:${prefix}`);
          if (hit !== undefined) {
            out.set(hit, W.PREFIX_WEIGHT);
            break;
          }
        }
      });
      return out;
    }

    citeHits(cite) {
      const out = new Map();
      for (const c of [cite.cite, ...cite.alternatives]) {
        for (const [node, w] of this.citeNodes(c, false)) {
          if (out.has(node)) continue;
          const meta = S.docs[docOf(node)];
          if (cite.langs.length && cite.langs.includes(meta.lang)) out.set(node, w);
          else out.set(node, w * (meta.lawNumbered ? W.UNHINTED : W.UNHINTED_CODE));
        }
      }
      return out;
    }

    rank() {
      const q = this.q;
      if (q.cite !== null) {
        const hits = this.citeHits(q.cite);
        if (hits.size) return { scores: hits, marks: new Map() };
      }
      if (q.split !== null) {
        const [cite, words] = q.split;
        const hits = this.citeHits(cite);
        if (hits.size) {
          const lang = q.langs.length === 1 && q.analyses.size === 1 ? q.langs[0] : null;
          const sub = parse(`${words} ${cite.cite}`, lang);
          sub.cite = null;
          sub.split = null;
          return this.within(cite, hits, new Ranker(sub, this.filters).rank());
        }
      }
      return this.words();
    }

    languagePrior() {
      const known = new Map();
      for (const [code, a] of this.q.analyses) {
        const an = S.an[code];
        const L = S.langs[code];
        const R = S.routes[code];
        let hits = 0;
        for (const t of a.tokens) {
          if (
            an.stop.has(t.folded) ||
            (L && (L.lemma.has(t.lemma) || L.exact.has(t.exact))) ||
            a.synonymWords.has(t.folded) ||
            (R && R.vocab.has(t.lemma))
          ) {
            hits += 1;
          }
        }
        known.set(code, (hits + 0.5) / (a.tokens.length + 1));
      }
      let top = 0;
      for (const k of known.values()) top = Math.max(top, k);
      if (!known.size) top = 1;
      const out = new Map();
      for (const [c, k] of known) out.set(c, (k / top) ** W.LANGUAGE_SHARPNESS);
      return this.dialect(out);
    }

    // kb/search/rank.py dialect: Croatian weighed down when the words are marked Serbian, or
    // Serbian when they are marked Croatian, unless the query names a document or game of it
    dialect(prior) {
      if (!prior.has('sr') || !prior.has('hr')) return prior;
      const leaning = dialectLeaning(this.q.analyses.get('sr').tokens);
      if (leaning === null) return prior;
      const [other, factor] = leaning === 'sr' ? ['hr', W.DIALECT_SERBIAN] : ['sr', W.DIALECT_CROATIAN];
      const named = new Set();
      const games = queryGames(this.q);
      for (const a of this.q.analyses.values()) {
        for (const d of a.intents.docs) if (S.docIndex.has(d)) named.add(d);
      }
      if (S.docs.some((d) => d.lang === other && (named.has(d.id) || games.has(d.game)))) return prior;
      const out = new Map(prior);
      out.set(other, out.get(other) * factor);
      let top = 0;
      for (const p of out.values()) top = Math.max(top, p);
      for (const [c, p] of out) out.set(c, p / top);
      return out;
    }

    words() {
      const analyses = this.q.analyses;
      const steer = [];
      for (const a of analyses.values()) for (const d of a.intents.docs) if (S.docIndex.has(d)) steer.push(d);
      const definition = [...analyses.values()].some((a) => a.intents.definition);
      const prior = this.languagePrior();
      let primary = null;
      for (const [c, p] of prior) if (primary === null || p > prior.get(primary)) primary = c;
      const positions = contentPositions(analyses.get(primary));
      const routed = new Map();
      let within = null;
      let mask = null;
      if (this.allowed !== null) {
        mask = new Uint8Array(S.nUnits);
        let lo = S.nUnits;
        let hi = 0;
        for (let u = 0; u < S.nUnits; u++) {
          if (this.allowed.has(docOf(S.unitNode[u]))) {
            mask[u] = 1;
            lo = Math.min(lo, u);
            hi = u + 1;
          }
        }
        within = lo < hi ? [lo, hi] : [0, 0];
      }
      for (const [code, a] of analyses) {
        if (S.routes[code]) this.route(code, a.lemmas.concat(a.expansions), null, a, routed, code in S.langs, code in S.langs || prior.get(code) >= 1.0, routeWeight(code) * prior.get(code));
        if (a.english.length) this.route('en', [].concat(...a.english), prior.get(code), a, routed, false, false);
      }
      const scores = new Float64Array(S.nUnits);
      const zs = new Map();
      const heads = [];
      const marks = new Map();
      const cover = new Map();
      for (const code of S.docLangs) {
        const L = S.langs[code];
        const [z, terms, covered] = this.terms(code, positions, prior);
        zs.set(code, z);
        cover.set(code, covered);
        if (!terms.length) continue;
        for (const [fld, term, w] of terms) {
          const { u, w: pw } = L[fld].postings(term, within);
          const k = w / z;
          for (let i = 0; i < u.length; i++) scores[u[i]] += pw[i] * k;
        }
        const lemmas = new Set(terms.filter(([f]) => f === 'lemma').map(([, t]) => t));
        for (const t of lemmas) heads.push([code, t]);
        marks.set(code, { lemma: lemmas, exact: new Set(terms.filter(([f]) => f === 'exact').map(([, t]) => t)) });
      }
      if (W.COORD && cover.size) this.coverage(scores, cover, zs, within);
      if (!definition && W.GLOSSARY) this.glossary(scores, zs);
      if (heads.length) this.titleMatch(scores, heads);
      const asked = definition && [...analyses.values()].some(isShort);
      const prior2 = unitPrior(asked ? 'asked' : definition ? 'definition' : 'plain');
      for (let u = 0; u < S.nUnits; u++) scores[u] *= prior2[u];
      // not for a query naming a document the routes do not reach (rank.py words)
      if (!steer.length || steer.some((d) => S.docs[S.docIndex.get(d)].lawNumbered)) this.routes(scores, routed);
      this.scoped(scores, steer);
      if (W.TREE_PRIOR && !asked) this.situation(scores, ![...analyses.values()].some(isShort));
      if (mask !== null) for (let u = 0; u < S.nUnits; u++) if (!mask[u]) scores[u] = 0;
      const cand = this.withNamed(scores, topUnits(scores, W.TOP_UNITS), steer);
      const raw = cand.map((u) => scores[u]);
      this.underRules(scores, cand);
      const scored = new Map();
      const rawOf = new Map();
      const nodeMarks = new Map();
      cand.forEach((u, k) => {
        const s = scores[u];
        if (s <= 0) return;
        const node = S.unitNode[u];
        rawOf.set(node, Math.max(rawOf.get(node) || 0, raw[k]));
        if (s > (scored.get(node) || 0)) {
          scored.set(node, s);
          nodeMarks.set(node, marks.get(S.unitLangCode[u]) || null);
        }
      });
      if (!S.docLangs.includes(primary) && !steer.length && !queryGames(this.q).size) this.leanToLaws(scored, rawOf);
      return this.finish(scored, nodeMarks, steer, rawOf);
    }

    // rank.py lean_to_laws: a query in a language without documents (English) reads through
    // the Laws' vocabulary; other games' documents weigh UNDOCUMENTED_OTHER_GAME
    leanToLaws(scored, raw) {
      const games = new Set(S.docs.filter((d) => d.lawNumbered).map((d) => d.game));
      for (const node of [...scored.keys()]) {
        if (games.has(S.docs[docOf(node)].game)) continue;
        scored.set(node, scored.get(node) * W.UNDOCUMENTED_OTHER_GAME);
        if (raw.has(node)) raw.set(node, raw.get(node) * W.UNDOCUMENTED_OTHER_GAME);
      }
    }

    // rank.py coverage: a unit gains COORD times the share of the query's attainable weight
    // its words cover (each content word it matches counts its idf once, at most 1 in all)
    coverage(scores, cover, zs, within) {
      const cov = new Float64Array(S.nUnits);
      for (const [code, found] of cover) {
        const L = S.langs[code];
        for (const [idf, terms] of found) {
          const hit = new Set();
          for (const t of terms) for (const u of L.lemma.postings(t, within).u) hit.add(u);
          for (const u of hit) cov[u] += idf / zs.get(code);
        }
      }
      for (let u = 0; u < S.nUnits; u++) if (cov[u] > 0) scores[u] *= 1 + W.COORD * Math.min(cov[u], 1);
    }

    glossary(scores, zs) {
      let top = 0;
      for (const s of scores) top = Math.max(top, s);
      if (top <= 0) return;
      const defs = [];
      for (let u = 0; u < S.nUnits; u++) {
        if (S.unitFlags[u] & FLAG_DEFINITION && scores[u] >= W.GLOSSARY_MIN * top) defs.push(u);
      }
      if (!defs.length) return;
      defs.sort((x, y) => scores[y] - scores[x]);
      const extra = new Map(); // "<lang> <lemma>" -> weight
      const add = (code, lemma, w) => {
        const key = `${code} ${lemma}`;
        extra.set(key, Math.max(extra.get(key) || 0, w));
      };
      for (const j of defs.slice(0, W.GLOSSARY_TOP)) {
        const ratio = scores[j] / top;
        const src = S.unitLangCode[j];
        const L = S.langs[src];
        for (const lemma of L.heads.get(j) || []) {
          if (!L.lemma.has(lemma)) continue;
          const w = W.GLOSSARY_WEIGHT * ratio;
          add(src, lemma, w / (zs.has(src) ? zs.get(src) : 1));
          for (const code of S.docLangs) {
            for (const [other, p] of translations(src, lemma, code)) {
              if (S.langs[code].lemma.has(other)) add(code, other, (w * p) / (zs.has(code) ? zs.get(code) : 1));
            }
          }
        }
      }
      for (const [key, w] of extra) {
        const at = key.indexOf(' ');
        const { u, w: pw } = S.langs[key.slice(0, at)].lemma.postings(key.slice(at + 1));
        for (let i = 0; i < u.length; i++) scores[u[i]] += pw[i] * w;
      }
    }

    titleMatch(scores, heads) {
      const hits = new Map();
      const seen = new Set();
      for (const [code, t] of heads) {
        const key = `${code} ${t}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const u of S.langs[code].heading.get(t) || []) hits.set(u, (hits.get(u) || 0) + 1);
      }
      for (const [u, h] of hits) scores[u] *= 1 + (W.TITLE_WEIGHT * h) / Math.max(S.headLen[u], 1);
    }

    // and the best NAMED_UNITS of each document the query names, so that finish can lift
    // them (rank.py with_named)
    withNamed(scores, cand, steer) {
      const named = new Set(steer.map((d) => S.docIndex.get(d)));
      if (!named.size) return cand;
      const out = new Set(cand);
      for (const d of named) {
        const inside = new Float64Array(S.nUnits);
        for (let u = 0; u < S.nUnits; u++) if (docOf(S.unitNode[u]) === d) inside[u] = scores[u];
        for (const u of topUnits(inside, W.NAMED_UNITS)) out.add(u);
      }
      return [...out].sort((x, y) => x - y);
    }

    // a setting's regulation the query does not name ranks at SCOPED_PRIOR (rank.py scoped)
    scoped(scores, steer) {
      const named = new Set(steer.map((d) => S.docIndex.get(d)));
      for (let u = 0; u < S.nUnits; u++) {
        const d = docOf(S.unitNode[u]);
        if (S.docs[d].scoped && !named.has(d)) scores[u] *= W.SCOPED_PRIOR;
      }
    }

    routes(scores, routed) {
      const analyses = this.q.analyses;
      for (const [c, r] of routed) {
        for (const [node, w0] of this.citeNodes(c, true)) {
          let w = w0;
          if (analyses.has(S.docs[docOf(node)].lang)) w *= W.ROUTE_OWN_LANGUAGE;
          const lo = S.nodes.spanLo[node];
          const hi = lo + S.nodes.spanLen[node];
          for (let u = lo; u < hi; u++) if (scores[u] > 0) scores[u] += W.ROUTE_INSIDE * r * w;
          let own = S.nodes.unit[node];
          if (own < 0 && hi > lo) own = lo;
          if (own >= 0) scores[own] = Math.max(scores[own], W.ROUTE_WEIGHT * r * w);
        }
      }
    }

    // kb/search/rank.py situation: the parts of a Law the suggested trees rule by that the words
    // match gain TREE_LAW times its weight; a described situation's cited paragraphs gain
    // TREE_WEIGHT times theirs of the best score, so they are found where their words are not
    situation(scores, described) {
      const [laws, paragraphs] = cited(this.q.text);
      if (!laws.size && !paragraphs.size) return;
      let top = 0;
      for (const s of scores) top = Math.max(top, s);
      if (top <= 0) return;
      for (const [law, w] of laws) {
        for (const [, lo, hi] of this.provisionUnits(law)) for (let u = lo; u < hi; u++) scores[u] *= 1 + W.TREE_LAW * w;
      }
      if (!described) return;
      for (const [paragraph, w] of paragraphs) {
        for (const [, , , own] of this.provisionUnits(paragraph)) if (own >= 0) scores[own] += W.TREE_WEIGHT * w * top;
      }
    }

    // the nodes of a provision a tree cites, as [node, first unit, end unit, own unit or first
    // unit]: by its cite in every allowed law-numbered document, else the node if allowed
    provisionUnits(provision) {
      let found = S.treeProvisions.get(provision);
      if (found === undefined) {
        const at = provision.indexOf(':');
        const d = S.docIndex.get(provision.slice(0, at));
        let nodes;
        if (d !== undefined && S.docs[d].lawNumbered) {
          const all = new Ranker(this.q, { doc: null, lang: null }).citeNodes(provision.slice(at + 1), true);
          nodes = [...all].filter(([, w]) => w >= 1).map(([node]) => node);
        } else {
          nodes = S.byId.has(provision) ? [S.byId.get(provision)] : [];
        }
        found = nodes.map((node) => {
          const lo = S.nodes.spanLo[node];
          const hi = lo + S.nodes.spanLen[node];
          const own = S.nodes.unit[node];
          return [node, lo, hi, own < 0 && hi > lo ? lo : own];
        });
        S.treeProvisions.set(provision, found);
      }
      return this.allowed === null ? found : found.filter(([node]) => this.allowed.has(docOf(node)));
    }

    underRules(scores, cand) {
      const order = [...cand].sort((x, y) => x - y);
      const spans = order.map((u) => {
        const node = S.unitNode[u];
        const lo = S.nodes.spanLo[node];
        return [lo, lo + S.nodes.spanLen[node]];
      });
      for (let k = order.length - 1; k >= 0; k--) {
        const [lo, hi] = spans[k];
        if (!(hi - lo > 1 && lo === order[k])) continue;
        const a = lowerBound(order, lo + 1);
        const b = lowerBound(order, hi);
        if (b > a) {
          let best = -Infinity;
          for (let i = a; i < b; i++) best = Math.max(best, scores[order[i]]);
          const j = order[k];
          if (best > 0) scores[j] = Math.min(scores[j], W.HEADING_UNDER * best);
        }
      }
    }

    finish(scored, marks, steer, raw) {
      const analyses = this.q.analyses;
      const games = queryGames(this.q);
      const times = (node, f) => {
        scored.set(node, scored.get(node) * f);
        if (raw.has(node)) raw.set(node, raw.get(node) * f);
      };
      if (games.size) {
        for (const node of [...scored.keys()]) if (!games.has(S.docs[docOf(node)].game)) times(node, W.STEER_OTHER);
      }
      if (steer.length) {
        const steerDocs = new Set(steer.map((d) => S.docIndex.get(d)));
        let top = 0;
        let bestInside = 0;
        for (const [node, s] of scored) {
          top = Math.max(top, s);
          if (steerDocs.has(docOf(node))) bestInside = Math.max(bestInside, s);
        }
        const lift = bestInside > 0 ? top / bestInside : 1;
        for (const node of [...scored.keys()]) times(node, steerDocs.has(docOf(node)) ? lift : W.STEER_OTHER);
        const found = new Set([...scored.keys()].map(docOf));
        for (const d of new Set(steer)) {
          const di = S.docIndex.get(d);
          if (!found.has(di) && this.allows(di)) this.documentTop(di, scored);
        }
      }
      const found = scored; // byProvision answers a new Map: the ungrouped scores stay as they are
      let out = scored;
      if (W.GROUP) out = this.byProvision(scored, raw);
      if (W.DEFINITION_UNDER_RULE && ![...analyses.values()].some((a) => a.intents.definition || isShort(a))) {
        this.definitionsUnderRules(found, out);
      }
      let top = 0;
      for (const s of out.values()) top = Math.max(top, s);
      top = top || 1;
      for (const [node, s] of out) out.set(node, s / top);
      return { scores: out, marks };
    }

    // rank.py definitions_under_rules: a definition result is put just under the best rule
    // found that says its term, unless the query asks what the term is
    definitionsUnderRules(found, out) {
      const defs = new Set([...out.keys()].filter(isDefinition));
      if (!defs.size) return;
      const bestOfGroup = new Map();
      for (const [n, s] of out) {
        if (defs.has(n)) continue;
        const g = S.nodes.group[n];
        bestOfGroup.set(g, Math.max(bestOfGroup.get(g) || 0, s));
      }
      for (const d of defs) {
        const users = termUsers(d);
        const groups = new Set();
        for (const n of found.keys()) if (users.has(n)) groups.add(S.nodes.group[n]);
        let rule = 0;
        for (const g of groups) rule = Math.max(rule, bestOfGroup.get(g) || 0);
        if (rule > 0 && rule < out.get(d)) out.set(d, rule * W.DEFINITION_UNDER);
      }
    }

    documentTop(d, scored) {
      let top = 0;
      for (const s of scored.values()) top = Math.max(top, s);
      top = top / W.STEER_OTHER || 1;
      let rank = 0;
      for (let n = 0; n < S.nodes.id.length && rank < W.DOCUMENT_TOP; n++) {
        if (S.nodes.doc[n] === d && S.nodes.parent[n] < 0) {
          scored.set(n, Math.max(scored.get(n) || 0, top * (1 - 0.01 * rank)));
          rank += 1;
        }
      }
    }

    byProvision(scored, raw) {
      const groups = new Map();
      for (const [node, s] of scored) {
        const g = S.nodes.group[node];
        if (!groups.has(g)) groups.set(g, []);
        groups.get(g).push([-s, node]);
      }
      const rawOf = (n) => (raw.has(n) ? raw.get(n) : scored.get(n));
      const span = (n) => [S.nodes.spanLo[n], S.nodes.spanLo[n] + S.nodes.spanLen[n]];
      const out = new Map();
      for (const members of groups.values()) {
        if (members.length === 1) {
          out.set(members[0][1], rawOf(members[0][1]));
          continue;
        }
        members.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
        const first = members[0][1];
        const shown = [first];
        const counted = [first];
        const hidden = new Set(S.twins.get(first) || []);
        const held = [span(first)];
        for (const [, node] of members.slice(1)) {
          if (hidden.has(node)) continue;
          counted.push(node);
          const [lo, hi] = span(node);
          if (held.some(([a, b]) => lo <= a && b <= hi)) continue;
          shown.push(node);
          held.push([lo, hi]);
          for (const t of S.twins.get(node) || []) hidden.add(t);
        }
        const best = scored.get(first);
        const weights = counted.map(rawOf).sort((x, y) => y - x);
        let total = weights[0];
        for (const w of weights.slice(1, 1 + W.PROVISION_OTHERS)) total += W.PROVISION_SHARE * w;
        out.set(first, total);
        shown.slice(1, W.SHOWN_PER_PROVISION).forEach((node, k) => {
          if (scored.get(node) >= W.SECOND_RATIO * best) out.set(node, total * W.SECOND_SHARE ** (k + 1));
        });
      }
      return out;
    }

    // The terms documents of language ``code`` match the query with, and the query's
    // attainable weight there (the sum of its content words' idf), by which scores are divided
    // so that every language's scores are on one scale.
    terms(code, positions, prior) {
      const L = S.langs[code];
      const analyses = this.q.analyses;
      const own = analyses.get(code) || null;
      const unknown = Math.log(1 + (L.n - 0.5) / 1.5);
      const out = [];
      const covered = []; // per content word found: its idf and its lemma terms (coverage)
      let z = 0;
      let rephrased = 0; // content words the player vocabulary rephrases, found only through it
      for (const i of positions) {
        const options = new Map();
        const t = own !== null ? own.starts.get(i) : undefined;
        if (t !== undefined && !t.stop) {
          for (const c of new Set([t.lemma, ...(L.an.surface.get(t.folded) || [])])) {
            if (L.lemma.has(c)) options.set(c, prior.get(code));
          }
          if (L.exact.has(t.exact) && options.size) out.push(['exact', t.exact, W.EXACT_WEIGHT * prior.get(code)]);
        }
        if (!options.size || (prior.has(code) ? prior.get(code) : 0) < 1) this.bridge(code, i, prior, options);
        if (!options.size && t !== undefined && !t.stop && !own.synonymWords.has(t.folded)) {
          if (L.near === null) L.near = new Near(L.lemma.terms(), W.FUZZY_MIN - 1, (w) => L.lemma.has(w), false);
          let near = new Set([...L.near.find(t.lemma, W.FUZZY_MIN), ...L.near.find(t.folded, W.FUZZY_MIN)]);
          if (!near.size) near = new Set([...stems(L, t.lemma), ...stems(L, t.folded)]); // rank.py stems
          for (const c of [...near].sort().slice(0, 3)) options.set(c, W.FUZZY_WEIGHT * prior.get(code));
        }
        if (options.size) {
          let max = 0;
          let sum = 0;
          let idf = -Infinity;
          for (const [c, w] of options) {
            max = Math.max(max, w);
            sum += w;
            idf = Math.max(idf, L.lemma.idf(c));
          }
          const share = max / sum;
          for (const [c, w] of options) out.push(['lemma', c, w * share]);
          z += idf;
          covered.push([idf, [...options.keys()]]);
        } else if (t === undefined || !own.synonymWords.has(t.folded)) {
          z += unknown;
        } else {
          rephrased += 1;
        }
      }
      if (own !== null) {
        const content = positions.map((i) => own.starts.get(i)).filter((t) => t !== undefined && !t.stop);
        for (const term of pairs(content.map((t) => t.lemma))) {
          if (L.pair.has(term)) out.push(['pair', term, W.PAIR_WEIGHT * prior.get(code)]);
        }
      }
      let said = 0; // the best idf the rephrasings reach
      for (const [lang, a] of analyses) {
        if (space(lang) !== space(code)) continue;
        for (const x of a.expansions) {
          if (!L.lemma.has(x)) continue;
          out.push(['lemma', x, W.EXPANSION_WEIGHT * prior.get(lang)]);
          said = Math.max(said, L.lemma.idf(x));
        }
        for (const c of a.cites) {
          // a bare number among several words is a count, not a citation (rank.py terms)
          const bare = /^\d+$/.test(c) && positions.length > 2 ? W.BARE_NUMBER_WEIGHT : 1.0;
          if (L.lemma.has(c)) out.push(['lemma', c, bare]);
          if (L.exact.has(c)) out.push(['exact', c, bare * W.EXACT_WEIGHT]);
        }
      }
      // every word found only through its rephrasing: each weighs what the rephrasing attains
      // (rank.py terms), else the language's scores are scaled by nothing
      if (z === 0) z = rephrased * (said || unknown);
      let cites = [];
      for (const a of analyses.values()) {
        if (a.cites.length) {
          cites = a.cites;
          break;
        }
      }
      if (cites.length) {
        const found = cites.filter((c) => L.lemma.has(c)).map((c) => L.lemma.idf(c));
        z += found.length ? Math.max(...found) : unknown;
      }
      return [Math.max(z, 1e-6), out, covered];
    }

    bridge(code, i, prior, options) {
      for (const [lang, a] of this.q.analyses) {
        const p = prior.get(lang);
        if (p < W.BRIDGE_PRIOR || space(lang) === space(code)) continue;
        const t = a.starts.get(i);
        if (t === undefined || t.stop) continue;
        for (const [term, w] of bridges(lang, t.lemma, t.folded, code)) {
          options.set(term, Math.max(options.get(term) || 0, w * p));
        }
      }
    }

    common(code, lemma) {
      const L = S.langs[code];
      return L.lemma.df(lemma) > W.COMMON_SHARE * L.n;
    }

    // typos: a word the route lacks may be a typo of one it knows (rank.py route)
    route(code, terms, cover, a, out, hasDocs, typos, weight = 1) {
      if (!terms.length) return;
      const R = S.routes[code];
      let content = a.content;
      if (hasDocs) {
        content = content.filter((t) => R.vocab.has(t.lemma) || !this.common(code, t.lemma));
        if (!content.length) content = a.content;
      }
      if (cover === null) {
        let hits = 0;
        const near = [];
        for (const t of content) {
          if (R.vocab.has(t.lemma) || a.synonymWords.has(t.folded)) {
            hits += 1;
          } else if (typos) {
            const found = [...new Set([...R.near.find(t.lemma, W.ROUTE_FUZZY_MIN), ...R.near.find(t.folded, W.ROUTE_FUZZY_MIN)])]
              .sort()
              .slice(0, 3);
            hits += found.length ? W.FUZZY_COVER : 0;
            near.push(...found);
          }
        }
        cover = hits / Math.max(1, content.length);
        if (content.length && cover <= 0) return;
        terms = terms.concat(near);
      }
      for (const [c, s] of routeCites(code, terms)) out.set(c, Math.max(out.get(c) || 0, s * cover * cover * weight));
    }

    within(cite, hits, found) {
      let top = 0;
      for (const s of found.scores.values()) top = Math.max(top, s);
      top = top || 1;
      const citedDocs = new Set([...hits.keys()].map(docOf));
      const out = new Map(hits);
      for (const [node, s] of found.scores) {
        let cur = node;
        while (cur >= 0 && !hits.has(cur)) cur = S.nodes.parent[cur];
        if (cur >= 0) {
          out.set(node, Math.max(out.get(node) || 0, hits.get(cur) * (1 + (W.WITHIN_CITE * s) / top)));
          continue;
        }
        const d = docOf(node);
        const own = !citedDocs.has(d) && cite.langs.includes(S.docs[d].lang);
        out.set(node, Math.max(out.get(node) || 0, ((own ? 1 : W.OUTSIDE_CITE) * s) / top));
      }
      return { scores: out, marks: found.marks };
    }
  }

  // terms of language ``dst`` for a word of language ``src``: translations and cognates
  function bridges(src, lemma, folded, dst) {
    const key = `${src}\t${lemma}\t${folded}\t${dst}`;
    let hit = S.bridgeMemo.get(key);
    if (hit !== undefined) return hit;
    const L = S.langs[dst];
    const found = new Map();
    for (const [other, w] of translations(src, lemma, dst)) {
      if (L.lemma.has(other)) found.set(other, Math.max(found.get(other) || 0, W.TRANSLATION_WEIGHT * w));
    }
    for (const word of new Set([lemma, folded])) {
      for (const other of cognates(word, dst)) {
        if (L.lemma.has(other)) found.set(other, Math.max(found.get(other) || 0, W.COGNATE_WEIGHT));
      }
    }
    hit = [...found];
    if (S.bridgeMemo.size < 100000) S.bridgeMemo.set(key, hit);
    return hit;
  }

  function unitPrior(kind) {
    let hit = S.priors.get(kind);
    if (hit) return hit;
    hit = new Float64Array(S.nUnits);
    for (let u = 0; u < S.nUnits; u++) {
      const f = S.unitFlags[u];
      let p = f & FLAG_TITLE_ONLY ? W.TITLE_ONLY_PRIOR : 1.0;
      if (f & FLAG_DEFINITION) {
        if (kind === 'asked') p *= W.DEFINITION_BOOST;
        else if (kind === 'plain') p *= W.DEFINITION_PRIOR;
      }
      if (f & FLAG_FOOTNOTE) p *= W.FOOTNOTE_PRIOR;
      hit[u] = p;
    }
    S.priors.set(kind, hit);
    return hit;
  }

  function contentPositions(a) {
    const found = a.tokens.filter((t) => !t.stop).map((t) => t.start);
    return found.length ? found : a.tokens.map((t) => t.start);
  }

  // each node's units (rank.py _node_units), built on first use
  function nodeUnits(node) {
    if (!S.nodeUnits) {
      S.nodeUnits = new Map();
      for (let u = 0; u < S.nUnits; u++) {
        const n = S.unitNode[u];
        if (!S.nodeUnits.has(n)) S.nodeUnits.set(n, []);
        S.nodeUnits.get(n).push(u);
      }
    }
    return S.nodeUnits.get(node) || [];
  }

  function isDefinition(node) {
    return nodeUnits(node).some((u) => S.unitFlags[u] & FLAG_DEFINITION);
  }

  // rank.py _term_users: the nodes, other than definitions, whose text says a definition's
  // term: the rarest lemma of its heading (or of the definition it is a part of) a rule says
  function termUsers(node) {
    if (!S.termUsers) S.termUsers = new Map();
    let hit = S.termUsers.get(node);
    if (hit !== undefined) return hit;
    const terms = []; // [idf, lemma, lang]
    for (let cur = node; cur >= 0 && isDefinition(cur); cur = S.nodes.parent[cur]) {
      for (const u of nodeUnits(cur)) {
        const L = S.langs[S.unitLangCode[u]];
        for (const lemma of L.heads.get(u) || []) {
          const idf = L.lemma.idf(lemma);
          if (idf !== undefined) terms.push([idf, lemma, L]);
        }
      }
    }
    terms.sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
    hit = new Set();
    for (const [, lemma, L] of terms) {
      for (const unit of L.lemma.postings(lemma).u) {
        if (!(S.unitFlags[unit] & FLAG_DEFINITION)) hit.add(S.unitNode[unit]);
      }
      if (hit.size) break; // the rarest word of the term a rule says (not a gloss)
    }
    S.termUsers.set(node, hit);
    return hit;
  }

  function isShort(a) {
    return a.tokens.filter((t) => !t.stop).length <= W.DEFINITION_WORDS;
  }

  function topUnits(scores, k) {
    const idx = [];
    for (let u = 0; u < scores.length; u++) if (scores[u] > 0) idx.push(u);
    if (idx.length <= k) return idx;
    idx.sort((x, y) => scores[y] - scores[x] || x - y);
    return idx.slice(0, k);
  }

  // ---------------------------------------------------------------- results (kb/search/results.py)
  function snippet(node, marks) {
    const width = W.SNIPPET_CHARS;
    const text = S.nodes.text[node] || '';
    const hits = [];
    if (marks) {
      const an = S.an[S.docs[docOf(node)].lang];
      for (const t of an.tokens(text)) {
        if (marks.lemma.has(t.lemma) || marks.exact.has(t.exact)) hits.push([t.start, t.end]);
      }
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

  function result(node, score, marks) {
    const N = S.nodes;
    const out = {
      id: N.id[node],
      doc: S.docs[N.doc[node]].id,
      law: N.law[node],
      cite: N.cite[node],
      kind: N.kind[node],
      title: N.title[node],
      snippet: snippet(node, marks),
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
    const q = parse(query);
    if (!q.text.trim()) return [];
    const ranked = new Ranker(q, { doc, lang: null }).rank();
    const best = [...ranked.scores]
      .sort((x, y) => y[1] - x[1] || docOf(x[0]) - docOf(y[0]) || x[0] - y[0])
      .slice(0, limit);
    return best.map(([node, score]) => result(node, score, ranked.marks.get(node)));
  }

  // the words of a query read as typos of others (kb.search.answer's ``corrected``)
  function corrected(query) {
    checkQuery(query);
    // no more of the query is read than its typos take (the page asks after searching)
    return spelled(query).corrections.map(([typed, read]) => ({ typed, read }));
  }

  function cite(query) {
    checkQuery(query);
    const found = parseQuery(query);
    if (found === null) return null;
    const ranker = new Ranker(null, { doc: null, lang: null });
    const hits = [...ranker.citeHits(found)].sort((x, y) => y[1] - x[1] || docOf(x[0]) - docOf(y[0]) || x[0] - y[0]);
    return hits.length ? { id: S.nodes.id[hits[0][0]], url: url(hits[0][0]) } : null;
  }

  // ---------------------------------------------------------------- loading
  function compile(source, global = false) {
    return new RegExp(source, global ? 'gu' : 'u');
  }

  // kb/search/export.py grouped, expanded: direction -> lemma -> [[lemma, weight], ...]
  function ungrouped(groups) {
    const out = {};
    for (const [direction, lists] of Object.entries(groups)) {
      const table = (out[direction] = {});
      for (const [found, lemmas] of lists) {
        const full = found.map((t) => (typeof t === 'string' ? [t, 1] : t));
        for (const lemma of lemmas) table[lemma] = full;
      }
    }
    return out;
  }

  function anchored(source) {
    return new RegExp(`^(?:${source})`, 'u');
  }

  // kb/publish/search_index.py node_columns: the columns packed there, rebuilt
  function unpackNodes(nodes) {
    const n = nodes.id.length;
    const cite = new Array(n);
    const spanLo = new Int32Array(n);
    const unit = new Int32Array(n);
    const parent = new Int32Array(n);
    let lo = 0;
    for (let i = 0; i < n; i++) {
      const id = nodes.id[i];
      cite[i] = id.slice(id.indexOf(':') + 1);
      lo += nodes.spanStep[i];
      spanLo[i] = lo;
      unit[i] = nodes.own[i] ? lo : -1;
      parent[i] = nodes.parentBack[i] ? i - nodes.parentBack[i] : -1;
    }
    return { ...nodes, cite, spanLo, unit, parent };
  }

  function init(index, lemmas) {
    if (index.format !== FORMAT || lemmas.format !== FORMAT) {
      throw new Error(`search data of format ${index.format}/${lemmas.format}, not ${FORMAT}; rebuild the site`);
    }
    W = lemmas.weights;
    S = { bm25: lemmas.bm25, text: lemmas.text, translations: ungrouped(lemmas.translations) };
    S.text.phonetic.glideG = compile(S.text.phonetic.glide, true);
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
      const key = first.endsWith('*') ? first.slice(0, W.PREFIX_KEY) : first;
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(p);
    }
    S.docs = index.docs;
    S.docIndex = new Map(index.docs.map((d, i) => [d.id, i]));
    S.nodes = unpackNodes(index.nodes);
    S.byId = new Map(S.nodes.id.map((id, n) => [id, n]));
    // kb/publish/search_index.py twin_pairs: pairs, each column as gaps from the pair before
    S.twins = new Map();
    let a = 0;
    let b = 0;
    index.twins.a.forEach((gap, i) => {
      a += gap;
      b += index.twins.b[i];
      for (const [node, twin] of [[a, b], [b, a]]) {
        if (!S.twins.has(node)) S.twins.set(node, []);
        S.twins.get(node).push(twin);
      }
    });
    S.unitNode = Int32Array.from(index.units.node);
    S.unitFlags = Uint8Array.from(index.units.flags);
    S.nUnits = S.unitNode.length;
    S.unitLangCode = Array.from(S.unitNode, (node) => S.docs[S.nodes.doc[node]].lang);
    S.headLen = new Float64Array(S.nUnits);
    S.priors = new Map();
    S.bridgeMemo = new Map();
    S.treeProvisions = new Map();
    S.situations = buildSituations(lemmas.situations);
    S.spellerData = lemmas.speller;
    S.speller = null;
    S.dialect = { sr: new Set(lemmas.dialect.sr), hr: new Set(lemmas.dialect.hr) };
    S.an = {};
    for (const [code, data] of Object.entries(lemmas.langs)) {
      const tokenizer = () => new Tokenizer(data.tokenizer, lemmas.tokenizerPatterns);
      S.an[code] = new Analyzer(code, data, tokenizer);
    }
    S.docLangs = Object.keys(lemmas.langs).filter((code) => code in index.langs);
    S.langs = {};
    for (const code of S.docLangs) {
      S.langs[code] = buildLang(code, index.langs[code], S.an[code]);
      S.langs[code].an = S.an[code];
    }
    S.routes = {};
    for (const [code, data] of Object.entries(lemmas.langs)) if (data.route) S.routes[code] = buildRoute(data.route);
    // a suffix rule may give a lemma the language's documents, routes or synonyms know
    for (const [code, an] of Object.entries(S.an)) {
      an.kin = Object.values(S.an).filter((other) => other.live && space(other.code) === space(code));
      const Ls = an.kin.map((other) => S.langs[other.code]).filter((L) => L !== undefined);
      const R = S.routes[code];
      const keys = new Set();
      for (const k of an.synonyms.keys()) for (const w of k.split(' ')) keys.add(w);
      an.targets = (w) => keys.has(w) || Ls.some((L) => L.lemma.has(w)) || (R !== undefined && R.vocab.has(w));
    }
  }

  async function load(siteRoot = '') {
    const here = root.location ? root.location.href : 'http://localhost/';
    const base = new URL('search/', new URL(siteRoot || './', here));
    const get = async (name) => {
      const response = await fetch(new URL(name, base));
      if (!response.ok) throw new Error(`could not load ${response.url}: HTTP ${response.status}`);
      return response.json();
    };
    const [index, lemmas] = await Promise.all([get('index.json'), get('lemmas.json')]);
    init(index, lemmas);
    return { units: S.nUnits };
  }

  // for tests: the engine's steps, to compare each with the server's
  const internals = {
    parseQuery: (text) => parseQuery(text),
    splitQuery: (text) => splitQuery(text),
    citeTerms: (text) => citeTerms(text),
    fold: (word) => fold(word),
    srToLatin: (text) => srToLatin(text),
    tokens: (code, text) => S.an[code].tokens(text),
    split: (code, text) => {
      const an = S.an[code];
      if (an.tokenizer === null) an.tokenizer = an.makeTokenizer();
      return an.tokenizer.split(clean(text));
    },
    detectLanguages: (query) => detectLanguages(query),
    spell: (query) => spelled(query).corrections,
    spellingVocabularies: () => Object.fromEntries(Object.entries(speller().vocab).map(([code, v]) => [code, [...v].sort()])),
    phoneticKey: (word) => phoneticKey(word),
    suggested: (text) => suggested(clean(text)).map(([tree, c]) => [tree.id, c]),
    leaning: (query) => {
      const a = parse(query).analyses.get('sr');
      return a === undefined ? null : dialectLeaning(a.tokens);
    },
    analyses: (query) => {
      const q = parse(query);
      const out = {};
      for (const [code, a] of q.analyses) {
        out[code] = { lemmas: a.lemmas, expansions: a.expansions, english: a.english, intents: { ...a.intents, dropped: [...a.intents.dropped] } };
      }
      return { langs: q.langs, analyses: out, prior: Object.fromEntries(new Ranker(q, {}).languagePrior()) };
    },
    postings: (code, field, term) => {
      const { u, w } = S.langs[code][field].postings(term);
      return { units: Array.from(u), weights: Array.from(w) };
    },
  };
  const api = { load, init, search, corrected, cite, internals };
  // installed once: a page that already has one (the script included twice, a stand-in) keeps it
  if (!root.LawdeskSearch) root.LawdeskSearch = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
