"""The ruling trees on the site: "What happened?" on the home page and every tree as linked
static pages per edition. The published pages are crawled as a director taps them: every
path through every tree ends on the page of the ruling the engine gives for those answers."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from markupsafe import escape

from kb import rulings
from kb.publish.i18n import load_catalogues
from kb.publish.outcome import outcome_rows, value_parts
from kb.publish.rulings import FOLDER, STATES, reads_ahead, walk
from kb.views.page import cited

TREES = rulings.list_trees()
EDITIONS = [(t["id"], ed) for t in TREES for ed in t["editions"]]
ENGLISH = load_catalogues().messages["en"]
CSS = Path(__file__).resolve().parents[1] / "site" / "static" / "css" / "site.css"
ANSWER = re.compile(r'<a class="ans" href="([^"]+)" data-value="([^"]+)">')
STEP = re.compile(r'<article class="step[^"]*" data-tree="([^"]+)" data-edition="([^"]+)" '
                  r'data-node="([^"]+)"')  # fmt: skip


@pytest.fixture(scope="module")
def site(published) -> Path:
    return published[0]


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text("utf-8")


def tapped(site: Path, tree: str, edition: str, limit: int = 20_000):
    """Every path through a tree's pages, tapping each answer: (facts answered, leaf page)."""
    start = f"{FOLDER}/{edition}/{tree}/"
    stack: list[tuple[str, dict]] = [(start, {})]
    while stack:
        path, facts = stack.pop()
        text = page(site, path)
        answers = ANSWER.findall(text)
        if not answers:
            yield facts, path, text
            continue
        fact = re.search(r'data-fact="([^"]+)"', text)[1]
        for href, value in answers:
            stack.append((_join(path, href), {**facts, fact: json.loads(html.unescape(value))}))
        limit -= 1
        assert limit > 0, f"{tree} {edition}: too many paths"


def _join(path: str, href: str) -> str:
    """A link of the page at ``path`` as a path from the site root."""
    depth = path.count("/")
    assert href.startswith("../" * depth), href  # links start at the site root
    return href[len("../" * depth) :]


@pytest.mark.parametrize(("tree", "edition"), EDITIONS)
def test_every_path_of_the_pages_ends_on_the_engines_ruling(site, tree, edition):
    paths = 0
    for facts, path, text in tapped(site, tree, edition):
        ruling = rulings.evaluate(tree, edition, facts).to_dict()
        assert ruling["status"] == "ruling"
        assert STEP.search(text).groups() == (tree, edition, ruling["leaf"]), (facts, path)
        for law in ruling["laws"]:
            assert f">{law}</a>" in text or f"<li>{law}" in text, (path, law)
        paths += 1
    assert paths >= len({s.node for s in walk(tree, edition).states if not s.is_question})


@pytest.mark.parametrize(("tree", "edition"), EDITIONS)
def test_one_page_per_state_and_states_json_lists_them(site, tree, edition):
    w = walk(tree, edition)
    names = [s.name for s in w.states]
    assert names[0] == "" and len(set(names)) == len(names)
    data = json.loads((site / w.path("") / STATES).read_text("utf-8"))
    assert [s["path"] for s in data["states"]] == [w.path(n) for n in names]
    for entry, state in zip(data["states"], w.states, strict=True):
        assert (site / entry["path"] / "index.html").is_file()
        assert entry["facts"] == state.key
        assert ("fact" in entry) == state.is_question == ("leaf" not in entry)
    asked = {s.result["fact"] for s in w.states if s.is_question}
    assert set(data["facts"]) == asked


def test_the_published_figures_count_every_state(published):
    figures = published[1]
    assert figures["ruling_pages"] == sum(len(walk(t, ed).states) for t, ed in EDITIONS)


def test_a_state_is_one_page_whatever_led_to_it():
    """revoke asks who revoked before the facts that matter later: the states at a node are
    told apart only by facts some node ahead still reads."""
    for tree, edition in EDITIONS:
        data = rulings.tree(tree)
        ahead = reads_ahead(data, edition)
        for state in walk(tree, edition).states:
            assert set(state.key) <= ahead[state.node]
            if state.is_question:
                assert state.result["fact"] in ahead[state.node]


def test_reads_ahead():
    data = {
        "nodes": {
            "a": {
                "ask": "x",
                "answers": [{"value": True, "next": "b"}, {"value": False, "next": "c"}],
            },
            "b": {"branch": [{"when": {"===": [{"var": "y"}, 1]}, "next": "c"}, {"next": "d"}]},
            "c": {"ruling": {"2017": {"outcome": {"tricks_transferred": {"var": "n"}}}}},
            "d": {"ruling": {"2007": {"outcome": {"tricks_transferred": {"var": "m"}}}}},
        }
    }  # fmt: skip
    ahead = reads_ahead(data, "2017")
    assert ahead == {"a": {"x", "y", "n"}, "b": {"y", "n"}, "c": {"n"}, "d": set()}


def test_home_lists_every_tree_by_phase_with_a_link_per_edition(site):
    home = page(site, "")
    section = re.search(r'<section id="what-happened".*?</section>', home, re.S)[0]
    phases = re.findall(r'data-phase="([^"]+)"', section)
    assert phases == [p for p in rulings.PHASES if any(t["phase"] == p for t in TREES)]
    for t in TREES:
        row = re.search(rf'<li data-tree="{t["id"]}">.*?</li>', section, re.S)[0]
        assert f'<span class="tl" lang="en">{escape(t["title"]["en"])}</span>' in row
        for ed in t["editions"]:
            assert f'href="{FOLDER}/{ed}/{t["id"]}/" data-edition="{ed}"' in row
    assert 'href="diff/"' in home


def test_a_ruling_page_cites_paragraphs_and_shows_the_outcome_in_words(site):
    leaf = page(site, f"{FOLDER}/2017/insufficient-bid/lowest-same-denomination")
    assert '<a class="cite" href="../../../../sk-2017/27/#B1a">sk-2017:27B1(a)</a>' in leaf
    assert '<span class="hd" lang="sk">Nedostatočná ponuka nie je prijatá</span>' in leaf
    assert 'data-i18n="outcome.partner_must_pass">Offender&#39;s partner must pass' in leaf
    assert 'data-key="adjustment_law"' in leaf and 'href="../../../../sk-2017/27/#D"' in leaf
    assert 'data-i18n="rulings.judgement"' in leaf
    for lang in (*rulings.LANGUAGES, "sr-Cyrl"):
        assert f'<p class="tl" lang="{lang}">' in leaf
    # the same leaf under 2007 is linked, the question pages have no form without a record
    assert 'href="../../../../rulings/2007/insufficient-bid/lowest-same-denomination/"' in leaf


def test_question_pages_offer_the_auction_form_where_the_auction_answers_them(site):
    first = page(site, f"{FOLDER}/2017/insufficient-bid")
    assert 'id="record-form"' in first and 'data-fact="in_rotation"' in first
    judged = page(site, f"{FOLDER}/2017/insufficient-bid/denominations-2017")
    assert 'id="record-form"' not in judged  # only the director can say
    for tree, edition in EDITIONS:
        data = rulings.tree(tree)
        w = walk(tree, edition)
        for state in (s for s in w.states if s.is_question):
            # offered where the tree computes the fact from an auction it reads
            asked = data["facts"][state.result["fact"]].get("derived")
            derived = asked == "auction" and "auction" in data["derive"]
            assert derived == ('id="record-form"' in page(site, w.path(state.name)))


def outcome_words(value: object) -> list[str]:
    """The codes in an outcome value a director must read as words: a list's codes
    (``require_lead:spades`` -> ``require_lead``) and single code words (``throughout``)."""
    if isinstance(value, list):
        return [str(v).split(":")[0] for v in value]
    if isinstance(value, str) and re.fullmatch(r"[a-z_]+", value):
        return [value]
    return []


def test_every_outcome_key_and_code_the_trees_use_has_words():
    missing = set()
    for tree, _ in EDITIONS:
        for node in rulings.tree(tree)["nodes"].values():
            for rule in node.get("ruling", {}).values():
                for key, value in rule["outcome"].items():
                    wanted = [] if key == "director_judgement" else [f"outcome.{key}"]
                    wanted += [f"outval.{w}" for w in outcome_words(value)]
                    missing |= {w for w in wanted if w not in ENGLISH}
    assert missing == set()


@pytest.mark.parametrize(
    ("value", "parts"),
    [
        (True, [{"word": "outval.yes", "args": {}}]),
        (False, [{"word": "outval.no", "args": {}}]),
        (None, [{"word": "outval.none", "args": {}}]),
        (2, [{"number": 2}]),
        ("throughout", [{"word": "outval.throughout", "args": {}}]),
        ("minor", [{"word": "outval.minor", "args": {}}]),
        ("lowest_known_to_win", [{"word": "outval.lowest_known_to_win", "args": {}}]),
        ("no_such_code", [{"text": "no_such_code"}]),
        ("scored as if undoubled", [{"text": "scored as if undoubled"}]),
        (
            ["accept_lead", "require_lead:spades", "some_new_code"],
            [
                {"word": "outval.accept_lead", "args": {}},
                {"word": "outval.require_lead", "args": {"suit": "♠"}},
                {"text": "some new code"},
            ],
        ),
        ({"en": "Judge it", "sr": "Proceni"}, [{"texts": {"en": "Judge it", "sr": "Proceni"}}]),
    ],
)
def test_value_parts(kb, value, parts):
    assert value_parts(kb, value) == parts


def test_outcome_rows(kb):
    outcome = {
        "adjustment_law": "sr-2007:64C",
        "brand_new_key": True,
        "director_judgement": None,
        "tricks_transferred": None,
    }
    rows = outcome_rows(kb, outcome, pending=["tricks_transferred"])
    assert [r["key"] for r in rows] == ["adjustment_law", "brand_new_key", "tricks_transferred"]
    law = rows[0]["parts"][0]["law"]
    assert law["url"] == {"path": "sr-2007/64/", "anchor": "C"} and rows[0]["label"]
    assert rows[1]["label"] is None and rows[1]["name"] == "brand new key"
    assert rows[2]["parts"] == [{"word": "outval.pending", "args": {}}]


@pytest.mark.parametrize(
    ("node_id", "heading", "url"),
    [
        (
            "sk-2017:27B1(a)",
            "Nedostatočná ponuka nie je prijatá",
            {"path": "sk-2017/27/", "anchor": "B1a"},
        ),
        ("sr-2007:23", "Svest o mogućoj šteti", {"path": "sr-2007/23/", "anchor": ""}),
        ("sk-2017:99Z", None, None),
    ],
)  # fmt: skip
def test_cited_gives_the_heading_a_paragraph_falls_under(kb, node_id, heading, url):
    c = cited(kb, node_id)
    assert (c["heading"], c["url"]) == (heading, url)


def test_every_ui_language_shows_one_language_of_the_trees():
    css = CSS.read_text("utf-8")
    for lang in load_catalogues().languages:
        assert lang.catalogue in rulings.LANGUAGES
        # Serbian Cyrillic shows the trees' Serbian transliterated (kb.publish.i18n)
        shown = lang.code if lang.code == "sr-Cyrl" else lang.catalogue
        assert f'html[lang="{lang.code}"] .tl[lang="{shown}"]' in css, lang.code
