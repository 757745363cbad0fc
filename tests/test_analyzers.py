"""Language analyzers: every language loads offline; lemmas, script, folding, data files."""

from __future__ import annotations

import pytest

from kb.corpus import load_sources
from kb.refs import parse_cite
from kb.script import sr_to_latin
from kb.search import intent, route
from kb.search.analyze import analyzer, conditional
from kb.search.langdata import INTENTS, LANG_DIR, LANGS, LangDataError, load, read_pairs
from kb.search.normalize import cite_terms, fold
from kb.search.query import analyse
from kb.search.service import index_for
from kb.store import KB


def corpus_meta() -> dict[str, str]:
    """Document id -> game, from corpus/sources.toml."""
    return {s.id: s.game for s in load_sources()}


def entries() -> tuple[route.Entry, ...]:
    """The English route's entries."""
    return route.entries("en")


DOC_LANGS = ["sr", "hr", "sk", "pl", "ru"]


@pytest.mark.parametrize("code", LANGS)
def test_every_language_loads_offline(code: str) -> None:
    an = analyzer(code)
    assert an.analyze("Pravila karta 27B1(a)").lemmas


@pytest.mark.parametrize(
    ("code", "form", "lemma"),
    [
        ("sr", "licitom", "licit"),
        ("sr", "nedovoljnog", "nedovoljan"),
        ("sr", "pravila", "pravilo"),
        ("sr", "Недовољан", "nedovoljan"),
        ("sr", "лицита", "licit"),
        ("sr", "karta", "karta"),
        ("sr", "štihova", "stih"),
        ("hr", "pravila", "pravilo"),
        ("hr", "betla", "betl"),
        ("hr", "pratioca", "pratilac"),
        ("hr", "kazne", "kazna"),
        ("hr", "strane", "strana"),
        ("sk", "pravidiel", "pravidlo"),
        ("sk", "nedostatočnej", "nedostatocny"),
        ("sk", "ponuky", "ponuka"),
        ("sk", "hlášok", "hlaska"),
        ("sk", "zdvihov", "zdvih"),
        ("sk", "nepriznania", "nepriznanie"),
        ("pl", "zasłony", "zaslona"),
        ("pl", "zapowiedzi", "zapowiedz"),
        ("pl", "lewy", "lewa"),
        ("pl", "graczy", "gracz"),
        ("pl", "odkryty", "odkryty"),  # as odkryta, odkryte read (not the verb odkryć)
        ("pl", "rozgrywająca", "rozgrywajacy"),  # "strona rozgrywająca": the declarer's side
        ("ru", "десятка", "десятка"),  # the ten of a suit, as десятку reads (not десяток)
        ("ru", "правила", "правило"),
        ("ru", "заявку", "заявка"),
        ("ru", "очереди", "очередь"),
        ("ru", "партнёра", "партнер"),
        ("ru", "контры", "контра"),
        ("en", "revoked", "revoke"),
        ("en", "tricks", "trick"),
        ("sr", "dami", "dami"),  # dummy, not the queen (dama)
        ("sr", "tim", "tim"),  # a team, not "taj"
        ("sr", "vreme", "vrijeme"),  # as "vremena" reads
        ("en", "spade", "spade"),  # not "spay"
        ("en", "unauthorized", "unauthorised"),  # the Laws' spelling
        ("en", "won", "win"),
    ],
)
def test_form_to_folded_lemma(code: str, form: str, lemma: str) -> None:
    assert analyzer(code).tokens(form)[0].lemma == lemma


@pytest.mark.parametrize(
    ("cyrillic", "latin"),
    [
        ("недовољан лицит", "nedovoljan licit"),
        ("љубав њива џеп", "ljubav njiva džep"),
        ("ђак ћуфта", "đak ćufta"),
        ("правило", "pravilo"),
    ],
)
def test_serbian_cyrillic_to_latin(cyrillic: str, latin: str) -> None:
    assert sr_to_latin(cyrillic) == latin


@pytest.mark.parametrize(
    ("word", "folded"),
    [
        ("nedostatočná", "nedostatocna"),
        ("određen", "odredjen"),
        ("zasłona", "zaslona"),
        ("ôsmy", "osmy"),
        ("ещё", "еще"),
        ("мой", "мой"),  # й is a letter, not an accented и
        ("výnos", "vynos"),
    ],
)
def test_fold(word: str, folded: str) -> None:
    assert fold(word) == folded


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("pravidlo 27B1(b)", ["27", "27b", "27b1", "27b1b"]),
        ("Правило 27В1(b)", ["27", "27b", "27b1", "27b1b"]),
        ("vidi 30С", ["30", "30c"]),
        ("edition 2017", []),
        ("point 27.5", ["27.5", "27"]),
        ("40B2(c)(ii)", ["40", "40b", "40b2", "40b2c", "40b2cii"]),
    ],
)
def test_cite_terms(text: str, terms: list[str]) -> None:
    assert cite_terms(text) == terms


@pytest.mark.parametrize(
    ("code", "text", "exact"),
    [
        ("sr", "Недовољан лицит", ["nedovoljan", "licit"]),
        ("sk", "Nedostatočná ponuka", ["nedostatočná", "ponuka"]),
    ],
)
def test_exact_field_keeps_diacritics_and_serbian_latin(
    code: str, text: str, exact: list[str]
) -> None:
    assert analyzer(code).analyze(text).exact == exact


@pytest.mark.parametrize("code", LANGS)
def test_data_files_well_formed(code: str) -> None:
    data = load(code)  # raises on a malformed line
    assert len(data.stop_words) > 100
    assert data.synonyms and data.lemma_overrides
    for key, value in data.synonyms:
        assert key != value, f"{code}: synonym {key!r} maps to itself"


@pytest.mark.parametrize("code", LANGS)
def test_overrides_win_over_the_lemmatizer(code: str) -> None:
    an = analyzer(code)
    for form, lemma in load(code).lemma_overrides.items():
        got = an.tokens(form)
        assert len(got) == 1 and got[0].lemma == fold(lemma), (code, form, lemma, got)


@pytest.mark.parametrize("code", DOC_LANGS)
def test_domain_words_are_not_stop_words(code: str) -> None:
    stop = analyzer(code).stop_words
    assert not {"pas", "bez", "kontra", "вне", "пас"} & stop


@pytest.mark.parametrize(
    ("code", "query", "expansion"),
    [
        ("sr", "revoke", "renons"),
        ("sr", "kibic", "gledalac"),
        ("sr", "klejm", "zahtev"),
        ("hr", "kibici", "gledalac"),
        ("sk", "revok", "nepriznanie"),
        ("sk", "rozhodca", "veduci"),
        ("pl", "tacka", "deska"),
        ("ru", "недостаточная заявка", "назначение"),
        ("en", "huddle", "hesitation"),
    ],
)
def test_synonyms_expand_queries(code: str, query: str, expansion: str) -> None:
    assert expansion in analyse(analyzer(code), query).expansions


@pytest.mark.parametrize(
    ("code", "query", "english"),
    [("pl", "rewokacja", "revoke"), ("ru", "ренонс", "revoke"), ("ru", "болван", "dummy")],
)
def test_synonyms_route_to_english(code: str, query: str, english: str) -> None:
    assert english in analyse(analyzer(code), query).english


@pytest.mark.parametrize("code", LANGS)
def test_english_routes_name_known_vocabulary(code: str) -> None:
    phrases = {e.phrase for e in entries()}
    words = {w for p in phrases for w in analyzer("en").analyze(p).lemmas}
    for _, value in load(code).synonyms:
        if value.startswith("en:"):
            got = analyzer("en").analyze(value[3:]).lemmas
            assert set(got) <= words, f"{code}: {value!r} has words the English route lacks"


def test_law_titles_cover_laws_1_to_93() -> None:
    laws = sorted({int(e.cites[0]) for e in entries() if e.cites[0].isdigit()})
    assert laws == list(range(1, 94))


@pytest.mark.parametrize("code", route.languages())
def test_td_vocabulary_cites_are_law_cites(code: str) -> None:
    for term, cites in read_pairs(LANG_DIR / code / "td_vocabulary.tsv"):
        for c in cites.split():
            assert 1 <= int("".join(ch for ch in c[:2] if ch.isdigit())) <= 93, (term, c)
            assert parse_cite(c)  # raises on a cite no node ID could have


def test_routes_exist_for_english_russian_slovak_and_polish() -> None:
    assert {"en", "ru", "sk", "pl"} <= set(route.languages())


def test_section_titles_are_sections_of_titled_laws() -> None:
    laws = {e.cites[0] for e in entries() if e.title_of}
    sections = [e.cites[0] for e in entries() if not e.title_of and e.cites[0][-1].isupper()]
    assert len(sections) > 100
    for cite in sections:
        assert cite[:-1] in laws, cite


@pytest.mark.parametrize(
    ("code", "terms", "cite"),
    [
        ("en", "revoke on trick twelve", "62D"),
        ("en", "time for appeal", "92B"),
        ("en", "outstanding trump claim", "70C"),
        ("en", "director's error", "82C"),
        ("en", "weighted score", "12C1(c)"),
        ("ru", "срок подачи апелляции", "92B"),
        ("ru", "первый ход вне очереди", "54"),
        ("ru", "скорректированный результат", "12"),
    ],
)
def test_route_reaches_cite(code: str, terms: str, cite: str) -> None:
    got = route.Route(code, analyzer(code)).cites(analyzer(code).analyze(terms).lemmas)
    assert max(got, key=got.__getitem__) == cite, got


@pytest.mark.parametrize(
    ("code", "terms"),
    [
        ("ru", "карта"),  # in many phrases: their cites share the route's evidence
        ("sk", "karta"),
        ("pl", "zapowiedź"),
        ("en", "revoke on trick twelve"),  # one phrase: its cites at full weight
        ("ru", "срок подачи апелляции"),
    ],
)
def test_a_route_naming_many_cites_spreads_its_evidence(code: str, terms: str) -> None:
    """The best cite weighs 1 up to ``SPREAD`` cites, and ``SPREAD`` / n beyond."""
    got = route.Route(code, analyzer(code)).cites(analyzer(code).analyze(terms).lemmas)
    assert got
    assert max(got.values()) == pytest.approx(min(1.0, route.SPREAD / len(got)))


def test_route_names_a_law_without_spreading_over_its_sections() -> None:
    en = analyzer("en")
    got = route.Route("en", en).cites(en.analyze("insufficient bid").lemmas)
    assert "27" in got and not any(c.startswith("27") and c != "27" for c in got), got


@pytest.mark.parametrize("code", LANGS)
def test_intents_name_known_kinds_documents_and_games(code: str) -> None:
    meta = corpus_meta()
    for phrase, kind in load(code).intents:
        head, _, target = kind.partition(":")
        if head in ("doc", "about"):
            assert target in meta, (code, phrase, kind)
        elif head == "game":
            assert target in set(meta.values()), (code, phrase, kind)
        else:
            assert kind in INTENTS, (code, phrase, kind)


@pytest.mark.parametrize(
    ("query", "definition", "docs", "dropped"),
    [
        ("šta je renons", True, [], {0, 1}),
        ("što je subkontra", True, [], {0, 1}),
        ("čo je nezrovnalosť", True, [], {0, 1}),
        ("co to jest dziadek", True, [], {0, 1, 2}),
        ("что такое ренонс", True, [], {0, 1}),
        ("шта је ренонс", True, [], {0, 1}),  # Serbian Cyrillic, read as Latin
        ("what is a revoke", True, [], {0, 1, 2}),
        ("sanac definicija", True, ["hr-pref-2014"], {1}),
        ("kada se renons ne kažnjava", False, [], {0}),
        ("what happens when a player claims", False, [], {0, 1, 2}),
        ("preferans výnos v sanci", False, ["hr-pref-2014"], set()),
        ("игра за ширмами алерт", False, ["pl-screens"], set()),
        ("hra za zástenami zmena tempa", False, ["pl-screens"], set()),
        ("renons u devetom štihu", False, [], set()),
        ("preferans što je refe", True, ["hr-pref-2014"], {1, 2}),  # after the naming word
        # mid-sentence a definition phrase tells the situation: no definition asked
        ("mozem sa pytat co znamena ich 2 kara", False, [], {0, 3, 4}),  # "môžem": a question
        ("kontra pre nego što je došao sudija", False, [], {3, 4}),
    ],
)
def test_intents_found_in_any_language(
    query: str, definition: bool, docs: list[str], dropped: set[int]
) -> None:
    words = [fold(sr_to_latin(w.lower())) for w in query.split()]
    found = intent.find(tuple(words))
    if query[0] in "шчк" and not found.definition:  # Russian stays Cyrillic
        found = intent.find(tuple(fold(w.lower()) for w in query.split()))
    assert (found.definition, found.docs, found.dropped) == (definition, docs, dropped)


@pytest.mark.parametrize(
    ("query", "games"),
    [("bridž renons kazna", ["bridge"]), ("brydż", ["bridge"]), ("renons kazna", [])],
)
def test_game_words(query: str, games: list[str]) -> None:
    assert intent.find(tuple(fold(w) for w in query.split())).games == games


@pytest.mark.parametrize(
    ("query", "content"),
    [
        ("preferans refe obračun", ["refe", "obracun"]),  # the game's name goes, its terms stay
        ("preferans", ["preferans"]),  # a query of the name alone keeps it
        ("što je subkontra", ["subkontra"]),
    ],
)
def test_intent_words_leave_the_query(query: str, content: list[str]) -> None:
    assert analyse(analyzer("hr"), query).lemmas == content


@pytest.mark.parametrize(
    ("query", "applies"),
    [("appeal", False), ("preferans appeal", True), ("refe appeal", True)],
)
def test_conditional_synonyms_apply_only_when_their_document_is_named(
    query: str, applies: bool
) -> None:
    # hr: "appeal<TAB>if:hr-pref-2014 žalba" is a visiting director's word for the code
    a = analyse(analyzer("hr"), query)
    assert ("zalba" in a.expansions) is applies, a.expansions


def test_conditional_synonym_needs_a_document_and_words() -> None:
    assert conditional("if:pl-screens zasłona") == ("zasłona", "pl-screens")
    assert conditional("žalba") == ("žalba", None)
    with pytest.raises(LangDataError, match="if:<document id> <words>"):
        conditional("if:pl-screens")


@pytest.mark.parametrize(
    ("code", "form"),
    [
        ("pl", "zasłonami"),  # forms the corpus does not have: from the dictionary table
        ("pl", "zapowiedziami"),
        ("pl", "zaslony"),  # typed without diacritics
        ("ru", "штрафными"),
        ("ru", "заявками"),
        ("en", "revoking"),
        ("en", "claims"),
        ("sr", "licitirali"),  # lemmagen3 itself runs at query time
        ("sk", "hláškami"),
    ],
)
def test_query_lemmas_match_the_build(kb: KB, code: str, form: str) -> None:
    """The query analyzers (tables extracted at build time) lemmatize as the full ones do."""
    query_side = index_for(kb).analyzers[code]
    full = analyzer(code)
    if form == "zaslony":
        assert query_side.tokens(form)[0].lemma == full.tokens("zasłony")[0].lemma
    else:
        assert query_side.tokens(form)[0].lemma == full.tokens(form)[0].lemma


def test_a_form_of_two_indexed_lemmas_reads_one_way_in_every_build() -> None:
    # открытую is a form of открыть and of открытый: the table must not depend on set order
    # (the hash seed), and it reads the form as the full lemmatizer does
    from kb.search.lemmatize import Lemmatizer, extract_table

    one = extract_table("ru", ["открыть", "открытый"], [])
    other = extract_table("ru", ["открытый", "открыть"], [])
    assert one == other
    assert one["открытую"] == Lemmatizer("ru")("открытую")


@pytest.mark.parametrize("code", ["sr", "sk"])
def test_the_player_vocabulary_keys_come_in_one_order_whatever_the_hash_seed(code: str) -> None:
    """The synonym table (and the browser's copy of it) is the same in every process: its keys
    must not follow a set's order, which changes with PYTHONHASHSEED."""
    import os
    import subprocess
    import sys

    script = (
        "from kb.search.analyze import analyzer; "
        f"print('|'.join(' '.join(k) for k in analyzer({code!r}).synonyms))"
    )
    orders = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(orders) == 1
