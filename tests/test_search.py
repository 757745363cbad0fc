"""Search: realistic director queries across languages land on the right node in the top 5.

A gold ``doc:27`` accepts that node or any node inside it (``doc:27B4``); a gold with a section
or paragraph pins that node or its descendants. Every document's reader exists: a missing one
fails the tests.
"""

from __future__ import annotations

import re

import pytest

from kb.search import SearchIndex, detect_languages, rank, route, search
from kb.search.service import index_for
from kb.store import KB


@pytest.fixture(scope="module")
def index(kb: KB) -> SearchIndex:
    """The index of the session's KB."""
    return index_for(kb)


def _hit(gold: str, ids: list[str]) -> bool:
    """Whether a result is the gold node or lies inside it (27B1(a) inside 27B, 70C1 in 70C)."""
    law = re.escape(gold) + (
        r"[0-9A-Z(/.]" if gold[-1].isalpha() or gold[-1] == ")" else r"[A-Z(/.]"
    )
    return any(i == gold or re.match(law, i) for i in ids)


def _shown(results: list[dict]) -> list[str]:
    """The IDs results show: each result's own and its parallels (the same provision in the
    other edition is listed under a result, not repeated as one)."""
    return [i for r in results for i in (r["id"], *(p["id"] for p in r["parallels"]))]


QUERIES = [
    # Serbian: keywords, no diacritics, inflection, Cyrillic, player words
    ("nedovoljan licit", "sr-2007:27"),
    ("nedovoljnim licitom", "sr-2007:27"),
    ("недовољан лицит", "sr-2007:27"),
    ("pas preko reda", "sr-2007:30"),
    ("pas van reda", "sr-2007:30"),
    ("atak preko reda", "sr-2007:53"),
    ("renons utvrdjen", "sr-2007:63"),
    ("kaznena karta", "sr-2007:50"),
    ("kibic za stolom", "sr-2007:76"),
    ("prava damija", "sr-2007:42"),
    ("zahtev za stihove", "sr-2007:68"),
    ("neovlascena informacija od partnera", "sr-2007:16B"),
    ("odstupanje od sistema", "sr-2007:40C"),
    ("hezitacija", "sr-2007:73"),
    # Serbian table talk: past-tense verbs and slang through the player vocabulary
    ("partner je dugo razmišljao pre kontre", "sr-2007:16B"),
    ("nisam izbrojao karte pre nego što sam ih pogledao", "sr-2007:7B"),
    ("vikao je na mene za stolom", "sr-2007:74A"),
    ("direktor je pogrešno presudio", "sr-2007:82C"),
    ("braniocu je ispala karta", "sr-2007:50B"),
    ("igrali smo dalje i tek onda pozvali direktora", "sr-2007:11A"),
    ("omaška, rekao sam pas a hteo sam kontru", "sr-2007:25A"),
    # Slovak
    ("nedostatočná ponuka", "sk-2017:27"),
    ("nedostatocna ponuka", "sk-2017:27"),
    ("prijatý výnos mimo poradia", "sk-2017:53"),  # Laws 53-56 are all about leads out of turn
    ("revok", "sk-2017:62"),
    ("nepriznanie farby dokonane", "sk-2017:63"),
    ("pokutova karta", "sk-2017:50"),
    ("práva tichého hráča", "sk-2017:42"),
    ("nárokovanie zdvihov", "sk-2017:68"),
    ("divák pri stole", "sk-2017:76"),
    ("porovnatelna hlaska", "sk-2017:23"),
    # Slovak table words through the Slovak route (kb/lang/sk/td_vocabulary.tsv)
    ("hráč prišiel neskoro", "sk-2017:90B1"),
    ("konvenčka", "sk-2017:40B"),
    ("podvádzanie", "sk-2017:73B2"),
    ("premýšľal dlho pred kontrou", "sk-2017:73D"),
    ("hrubé správanie k súperovi", "sk-2017:74A"),
    ("štyri pasy", "sk-2017:22"),
    ("prevod zdvihov po revoku", "sk-2017:64A"),
    # Slovak table talk: past-tense verbs and slang, no word of the paragraph's own
    ("nespočítal som karty pred licitáciou", "sk-2017:7B"),
    ("zazrel som kartu súpera", "sk-2017:16D"),
    ("súper blafoval v licitácii", "sk-2017:40C"),
    ("obrancovi vypadla karta na stôl", "sk-2017:50B"),
    ("hrac urazal superov", "sk-2017:74A"),
    ("nahlas rozprávali o rozdaní", "sk-2017:90B3"),
    ("kontroval vlastného partnera", "sk-2017:36"),
    # Polish (screens regulation)
    ("alert za zasłoną", "pl-screens:3"),
    ("zmiana tempa za zasłoną", "pl-screens:4"),
    ("tacka", "pl-screens:1"),
    # Polish table talk behind screens (kb/lang/pl/synonyms.tsv): past tenses and slang onto
    # the regulation's own words
    ("niechcący położyłem złą kartkę na tacy", "pl-screens:2(b)"),
    ("przeciwnik wytłumaczył mi odzywkę na głos za zasłoną", "pl-screens:3(b)"),
    ("skontrował partnera za zasłoną", "pl-screens:4(a)1"),
    ("rozgrywający pokazał kartę za zasłoną", "pl-screens:4(c)4"),
    ("partner zawahał się za zasłoną", "pl-screens:4(e)"),
    ("taca wróciła powoli i partner spasował", "pl-screens:4(f)"),
    # Russian
    ("недостаточное назначение", "ru-comment:27"),
    ("пас вне очереди", "ru-comment:30"),
    ("контра вне очереди", "ru-comment:32"),
    ("недопустимая контра", "ru-comment:36"),
    # a player's own words for a situation of Laws 24-39 (kb/lang/ru/synonyms.tsv): slang
    # verbs, past tense, the bid as said at the table
    ("партнёр недозаявил", "ru-comment:27"),
    ("разыгрывающий заказал атаку в черву", "ru-comment:26"),
    ("левый контранул не в очередь", "ru-comment:32"),
    ("соперники сказали хором", "ru-comment:33"),
    ("партнёр обязан был молчать, но заявил", "ru-comment:37"),
    ("противник назначил восемь пик", "ru-comment:38"),
    ("торговля закончилась, а он сконтрил", "ru-comment:39"),
    # Croatian preferans
    ("renons ispravak", "hr-pref-2014:59"),
    # a player's own words for what happened at the table (kb/lang/hr/synonyms.tsv): past-tense
    # verbs and slang, Serbian forms, and a visitor's Russian or English preferans words
    ("preferans: branitelju je ispala karta na stol", "hr-pref-2014:50"),
    ("izvođač je predao ostatak štihova", "hr-pref-2014:65"),
    ("partner je namigivao dok sam licitirao", "hr-pref-2014:70"),
    ("kibicovao je iza mene i komentarisao", "hr-pref-2014:76"),
    ("в преферансе вистующий не ответил в масть", "hr-pref-2014:58"),
    ("преферанс игрок медленно играет", "hr-pref-2014:17"),
    ("preferans the whister conceded the rest", "hr-pref-2014:65"),
    # English route onto every bridge document
    ("insufficient bid", "sk-2017:27"),
    ("insufficient bid", "sr-2007:27"),
    ("revoke", "sr-2007:62"),
    ("dummy's rights", "sk-2017:42"),
    ("kibitzer", "sr-2007:76"),
    ("UI hesitation", "sr-2007:16"),
    # citations in local forms
    ("27B1a", "sk-2017:27B1(a)"),
    ("12 C 1 (c)", "sr-2007:12C1(c)"),
    ("član 16B", "sr-2007:16B"),
    ("clan 40", "sr-2007:40"),
    ("pravidlo 73", "sk-2017:73"),
    ("правило 35", "ru-comment:35"),
    ("law 16", "sk-2017:16"),
    ("27.5", "ru-comment:27.5"),
    # definition intent: the definition of the term, in every language
    ("šta je renons", "sr-2007:def/renons"),
    ("čo je nezrovnalosť", "sk-2017:def/nezrovnalost"),
    ("što je subkontra", "hr-pref-2014:def/subkontra"),
    ("what is dummy", "sr-2007:def/dami"),
    # English section headings reach sections, not just laws
    ("revoke on the twelfth trick", "sk-2017:62D"),
    ("time limit for appeal", "sr-2007:92B"),
    ("claim with a trump still out", "sk-2017:70C"),
    ("director's error", "sr-2007:82C"),
    # Russian questions about laws outside ru-comment's 24-39
    ("срок подачи апелляции", "sk-2017:92B"),
    ("первый ход вне очереди", "sr-2007:54"),
    # director jargon and acronyms the player vocabulary translates (BIT, LOOT, PP)
    ("BIT", "sk-2017:73D"),
    ("LOOT", "sr-2007:53"),
    ("OLOOT", "sk-2017:54"),
    ("PP", "sr-2007:90"),
    ("psyche", "sk-2017:40C"),
    ("stop card", "sk-2017:73A2"),
    ("late arrival", "sr-2007:90B1"),
    ("claim disputed", "sk-2017:70"),
    ("fielded misbid", "sk-2017:40C1"),
    # an English player telling what happened at the table (past tenses, everyday words, slang)
    ("partner took ages and then I doubled", "sk-2017:16B"),
    ("my partner was barred but bid anyway", "sr-2007:37"),
    ("dummy touched a card without being asked", "sk-2017:45F"),
    ("declarer called small from dummy", "sk-2017:46B"),
    ("opponent swore at my partner", "sr-2007:74A"),
    ("the opponents were penalised for playing too slowly", "sk-2017:90B2"),
    ("they discussed the hand before the next round", "sk-2017:90B3"),
    # an English word that the Croatian code's visitors' list knows is about the bridge Laws
    # unless the query names preferans
    ("appeal", "sk-2017:92"),
    # Russian jargon for laws outside ru-comment's 24-39, and pymorphy overrides (клейма)
    pytest.param(
        "опоздание на тур",
        "sk-2017:90B1",
        marks=pytest.mark.xfail(
            reason="issue 11: the concept table translates тур (round) and опоздание (late); "
            "their matches in Law 8C (end of a round) now outscore the Russian route's 90B1, "
            "whose text says neither word",
            strict=True,
        ),
    ),
    ("не алертовал", "sr-2007:21B1"),
    ("матчпоинты", "sr-2007:78A"),
    ("болван указал на ренонс", "sk-2017:43A1"),
    ("клейма", "sk-2017:68"),
    # an everyday word the route does not know (игрок) and a question word's form (какое) do
    # not hide the Law the route names; a typo of a route word is corrected
    ("какое наказание за медленную игру", "sr-2007:90B2"),
    ("игрок сделал атаку вне очереди", "sk-2017:54"),
    ("опаздание", "sr-2007:90B1"),
    ("дисквалификацыя", "sk-2017:91"),
    # a Russian player's own words for what happened (verbs, slang), through the Russian route
    ("партнёр долго танковал перед контрой", "sr-2007:16B"),
    ("соперник нахамил моему партнёру", "sr-2007:74A"),
    ("судью позвали слишком поздно", "sk-2017:11"),
    ("партнёр забыл нашу систему", "sk-2017:75"),
    ("защитник жульничал", "sk-2017:73B2"),
    ("оговорился и сказал не ту заявку", "sr-2007:25A"),
    # Polish words for the Laws (no Polish text of them) through the English route
    ("wynik ważony", "sk-2017:12C1(c)"),
    # a Polish director's own words for a situation, through the Polish route onto the Laws
    ("obrońca nie dołożył do koloru", "sk-2017:61"),
    ("partner długo myślał przed pasem", "sk-2017:16B"),
    ("cofnięcie zagranej karty", "sk-2017:47"),
    ("zagrał dwie karty naraz", "sk-2017:58B"),
    ("rozdanie przepasowane", "sk-2017:22"),
    ("dyskwalifikacja za oszustwo", "sk-2017:73B2"),
    # the rule itself (7B2: count the cards before looking) comes before its penalty (90B7)
    ("nie policzył kart przed licytacją", "sk-2017:7B2"),
    # a word naming the game or the document steers there from any language
    ("preferans penalty card", "hr-pref-2014:51"),
    ("hra za zástenami zmena tempa", "pl-screens:4"),
    ("игра за ширмами алерт", "pl-screens:3(a)"),
]


# A route phrase names the paragraph that rules it, not its whole Law, so the first result is
# that paragraph (kb/lang/*/td_vocabulary.tsv)
FIRST_PARAGRAPH = [
    ("called small from dummy", "sk-2017:46B1(c)"),
    ("deliberately exposed card", "sk-2017:50B"),
    ("insufficient call accepted", "sk-2017:27A1"),
    ("wyjście z ręki zamiast ze stołu", "sk-2017:55B2"),
    ("is it a minor penalty card", "sk-2017:50B"),
]


@pytest.mark.parametrize(("query", "gold"), FIRST_PARAGRAPH)
def test_route_phrase_lands_on_its_paragraph_first(
    index: SearchIndex, query: str, gold: str
) -> None:
    first = search(index, query, limit=1)
    assert _hit(gold, _shown(first)), f"{query!r}: {gold} not first ({_shown(first)})"


def test_a_route_word_of_many_laws_does_not_outweigh_the_law_named(
    index: SearchIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Dummy's rights during play": the Russian route names Law 42 alone, while "болван" read
    as English "dummy" names the 32 cites of every dummy phrase, which share what it says
    (route.SPREAD). Law 42 comes first; were each of them lifted in full, 41D (dummy's hand)
    would."""
    query = "права болвана во время розыгрыша"
    assert _hit("sk-2017:42", _shown(search(index, query, limit=1)))
    monkeypatch.setattr(route, "SPREAD", 10**9)
    assert not _hit("sk-2017:42", _shown(search(index, query, limit=1)))


@pytest.mark.parametrize(
    "query",
    [
        "licitirao 2 karo bez ijednog karoa, to je blef?",  # Croatian words, preferans "blef"
        "polozylem z kasety 2 kiery zamiast 2 karo",  # Polish: the Laws, not a preferans table
    ],
)
def test_a_bid_named_with_its_level_asks_about_bridge(index: SearchIndex, query: str) -> None:
    """The preferans code bids without levels: "2 karo" names a bridge bid, and the bridge
    documents come first as when the query says "bridž" (rank.Ranker.games)."""
    first = search(index, query, limit=3)
    assert {index.docs[r["doc"]].game for r in first} == {"bridge"}, _shown(first)


@pytest.mark.parametrize("warmed", [True, False])
def test_warm_up_leaves_no_typo_map_to_make(
    kb: KB, monkeypatch: pytest.MonkeyPatch, warmed: bool
) -> None:
    """After ``rank.warm`` (the API's warm-up) a query with words no language knows makes no
    typo map (tens of ms per language on the first such query); a fresh index without it does."""
    from kb.search.service import open_index

    index = open_index(kb)  # a fresh object: nothing made yet
    if warmed:
        rank.warm(index)
    made: list[object] = []
    real = rank.delete_map
    monkeypatch.setattr(rank, "delete_map", lambda words: made.append(1) or real(words))
    search(index, "nedovoljan licitt zamenjen kontrom, karta odkrytta, zapowiedz zmienona")
    assert bool(made) is not warmed


@pytest.mark.parametrize(("query", "gold"), QUERIES)
def test_query_lands_in_top_5(index: SearchIndex, query: str, gold: str) -> None:
    ids = _shown(search(index, query, limit=5))
    assert _hit(gold, ids), f"{query!r}: {gold} not in {ids}"


@pytest.mark.parametrize(
    ("query", "doc", "gold"),
    [
        ("nedovoljan licit", "sk-2017", "sk-2017:27"),  # Serbian words, Slovak document
        ("недостаточное назначение", "sr-2007", "sr-2007:27"),
        ("renons", "sk-2017", "sk-2017:62"),
    ],
)
def test_answer_in_another_language(index: SearchIndex, query: str, doc: str, gold: str) -> None:
    ids = [r["id"] for r in search(index, query, doc=doc, limit=5)]
    assert ids and all(i.startswith(doc + ":") for i in ids)
    assert _hit(gold, ids), f"{query!r} in {doc}: {gold} not in {ids}"


def test_bare_number_ranks_every_documents_match(index: SearchIndex) -> None:
    ids = {r["id"] for r in search(index, "30", limit=10)}
    assert {"sk-2017:30", "ru-comment:30"} <= ids


def test_result_shape_and_marked_snippet(index: SearchIndex) -> None:
    r = search(index, "nedostatočná ponuka", limit=1)[0]
    assert list(r) == ["id", "doc", "law", "cite", "kind", "title", "snippet", "score", "parallels"]
    assert r["doc"] == "sk-2017" and r["id"] == f"sk-2017:{r['cite']}"
    assert r["cite"].startswith(r["law"]) and r["kind"] in ("law", "section", "paragraph")
    assert "[" in r["snippet"] and "]" in r["snippet"]


def test_definition_results_carry_the_term(index: SearchIndex) -> None:
    """A definition's result (the definition, or a paragraph of a definition of several)
    names its term."""
    hits = search(index, "šta je dami", limit=3)
    assert hits and all(r["law"] == "def" for r in hits[:2])
    assert hits[0]["term"] == "DAMI (dummy)"


@pytest.mark.parametrize(
    ("filters", "field", "value"),
    [({"lang": "sk"}, "doc", "sk-2017"), ({"doc": "sr-2007"}, "doc", "sr-2007")],
)
def test_filters(index: SearchIndex, filters: dict[str, str], field: str, value: str) -> None:
    results = search(index, "karta", limit=20, **filters)
    assert results and all(r[field] == value for r in results)


def test_unknown_document_is_a_clear_error(index: SearchIndex) -> None:
    with pytest.raises(ValueError, match="unknown document 'xx'"):
        search(index, "karta", doc="xx")


@pytest.mark.parametrize(
    ("query", "langs"),
    [
        ("недовољан лицит", ["sr"]),
        ("пас вне очереди", ["ru", "sr"]),
        ("ещё", ["ru"]),
        ("zasłona", ["pl"]),
        ("nedostatočná", ["sk"]),
        ("đak", ["sr", "hr"]),
        ("karta", ["sr", "hr", "sk", "pl", "en"]),
    ],
)
def test_detect_languages(query: str, langs: list[str]) -> None:
    assert detect_languages(query) == langs


@pytest.mark.parametrize(
    ("query", "top_kind"),
    [("šta je renons", "definition"), ("what is a revoke", None), ("renons", None)],
)
def test_definition_intent_puts_a_definition_first(
    index: SearchIndex, query: str, top_kind: str | None
) -> None:
    kinds = [r["kind"] for r in search(index, query, limit=3)]
    if top_kind is None:
        assert kinds[0] != "definition" or query.startswith("what"), kinds
    else:
        assert kinds[0] == top_kind, kinds


@pytest.mark.parametrize(
    ("query", "definition", "rule"),
    [
        # dummy's definition ("Dami") under Law 43, whose text says "dami"
        ("dummy je dao savet izvođaču tokom igre", "sr-2007:def/dami/1", "sr-2007:43A1(b)"),
        # a bluff described: the Serbian definition of "blef" under the rule that says it
        (
            "moj partner je otvorio blef sa slabom rukom, je li to dozvoljeno",
            "sr-2007:def/blef",
            None,
        ),
    ],
)
def test_a_definition_never_outranks_the_rule_that_uses_its_term(
    index: SearchIndex,
    monkeypatch: pytest.MonkeyPatch,
    query: str,
    definition: str,
    rule: str | None,
) -> None:
    """A described situation (not "what is", longer than a term): a definition comes after
    the rule that says its term, however well its few words match. Without the rule it was
    first. (The ruling trees' prior is off: a tree may find the rule by itself.)"""
    monkeypatch.setattr(rank, "TREE_PRIOR", False)
    ids = [r["id"] for r in search(index, query, limit=10)]
    assert ids[0] != definition, ids
    if rule is not None:
        assert rule in ids and (definition not in ids or ids.index(rule) < ids.index(definition))
    monkeypatch.setattr(rank, "DEFINITION_UNDER_RULE", False)
    assert search(index, query, limit=1)[0]["id"] == definition


@pytest.mark.parametrize(
    ("query", "definition"),
    [
        ("šta je dami", "sr-2007:def/dami"),
        ("dami", "sr-2007:def/dami"),
    ],
)
def test_a_definition_asked_or_a_bare_term_may_come_first(
    index: SearchIndex, query: str, definition: str
) -> None:
    """ "What is", or a query no longer than a term: the definition may lead."""
    ids = [r["id"] for r in search(index, query, limit=3)]
    assert any(i == definition or i.startswith(definition + "/") for i in ids[:1]), ids


@pytest.mark.parametrize(
    ("query", "doc"),
    [
        ("preferans kaznena karta", "hr-pref-2014"),  # the same words without it: bridge too
        ("kaznena karta paravan", "pl-screens"),
        ("refe obračun", "hr-pref-2014"),
        ("screens", "pl-screens"),  # the document named and nothing else
    ],
)
def test_document_words_steer_results(index: SearchIndex, query: str, doc: str) -> None:
    assert search(index, query, limit=1)[0]["doc"] == doc


@pytest.mark.parametrize(
    ("query", "within"),
    [
        ("zastor: protivnik je izašao prije reda", "pl-screens:4(c)"),
        ("paravan, protivnik je igrao van reda", "pl-screens:4"),
    ],
)
def test_a_named_documents_weak_match_is_found(index: SearchIndex, query: str, within: str) -> None:
    """Matched through two translated words, the Polish regulation's rule comes first, not
    its table of contents: its units are candidates however little they weigh."""
    found = search(index, query, limit=1)[0]["id"]
    assert found.startswith(within) and found != within, found


def test_game_words_prefer_the_games_documents(index: SearchIndex) -> None:
    assert search(index, "kontra izvan reda", limit=1)[0]["doc"] == "sr-2007"
    assert all(
        r["doc"] != "hr-pref-2014" for r in search(index, "bridž kontra izvan reda", limit=3)
    )


def test_question_words_do_not_dilute(index: SearchIndex) -> None:
    plain = [r["id"] for r in search(index, "renons ispravak", limit=3)]
    asked = [r["id"] for r in search(index, "kada se mora renons ispravak", limit=3)]
    assert plain[0] == asked[0]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # Croatian knows "sudija" only as player vocabulary (-> sudac): its scores must stay on
        # the scale of the Serbian ones, where the word itself is found
        ("sudija", "sr-2007:def/direktor-turnira"),
        # Polish player words: the Laws' answer, in either edition
        ("niewystarczająca odzywka", ("sk-2017:27", "sr-2007:27")),
    ],
)
def test_a_query_of_player_words_only_stays_on_scale(
    index: SearchIndex, query: str, first: str | tuple[str, ...]
) -> None:
    found = search(index, query, limit=1)[0]["id"]
    assert found.startswith(first), found  # the node or a paragraph inside it


@pytest.mark.parametrize(
    ("pasted", "typed"),
    [
        ("renons\x01", "renons"),
        ("renons\x00kazna", "renons kazna"),
        ("\x7fnedovoljan\x85licit", "nedovoljan licit"),
        # zero-width characters and soft hyphens (pasted from a web page or a PDF) are dropped
        ("renons\u200b", "renons"),
        ("\ufeffnedovoljan li\u00adcit", "nedovoljan licit"),
        ("kazneni\u200d poeni\u2060", "kazneni poeni"),
    ],
)
def test_a_control_character_reads_as_a_space(index: SearchIndex, pasted: str, typed: str) -> None:
    """A query pasted with a stray control or invisible character finds what the typed query
    finds."""
    assert [r["id"] for r in search(index, pasted, limit=5)] == [
        r["id"] for r in search(index, typed, limit=5)
    ]
