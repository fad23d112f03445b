"""Data that ledgers in use depend on, pinned: hand fingerprints and the rows an import stores.

* **Fingerprints never change**: ledgers in use hold them, and a re-import recognises its hands
  only by them.  The values below were computed by the straightforward implementation (a
  canonical ``json.dumps`` of every event, before the fast encoder) on the examples, real
  corpus hands (fpdb regression files, see ``shared/corpus/SOURCES.md``), a PHH fixture and
  simulated hands of every game and structure; :func:`reference_fingerprint` keeps that
  implementation here so many more simulated hands are compared against it.
* **Rows never change**: the batched writer stores the same rows, with the same ids, as the
  one-hand-at-a-time writer it replaced: every table after importing the examples, the whole
  corpus and simulated files of every game is pinned (digests computed by that writer).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.fingerprints import fingerprint
from badugi_ledger.ledger.importing import read_source
from badugi_ledger.ledger.views import number_key
from badugi_ledger.model.cards import Card
from badugi_ledger.model.events import Collect, HandRecord
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.settings import STRUCTURE_KINDS
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands, simulate_to_path
from tests.helpers.ledger_dump import table_digests, table_rows
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES, FIXTURES

HOUSE_RULES_ADDED_LATER = {
    "short_blind": "full-blind",
    "fixed_limit_raises": "card-room",
    "odd_chip_split": "one-each",
    "ante_trimming": True,
    "shown_after_muck": "plays",
}
"""House rules added after the fingerprints were pinned, with their defaults: a hand at the
default is fingerprinted as before the rule existed."""
PHH_PLAY = {
    "short_blind": "as-posted",
    "fixed_limit_raises": "pokerkit",
    "odd_chip_split": "all-to-first",
    "ante_trimming": True,
    "shown_after_muck": "plays",
}
"""The same rules as a PHH hand is read (PokerKit's play): a PHH hand so is fingerprinted as
before the rules existed."""


def reference_canonical(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: reference_canonical(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name != "pos"
        }
    if isinstance(value, list | tuple):
        return [reference_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): reference_canonical(v) for k, v in value.items()}
    return value


def reference_settings(record: HandRecord) -> Any:
    """The canonical settings as first pinned: the later house rules left out where the hand
    has the choice its format implies; a PokerStars tournament hand with no currency, as its
    reader recorded it before it read the buy-in's currency."""
    settings = reference_canonical(record.settings)
    implied = PHH_PLAY if record.origin == "phh" else HOUSE_RULES_ADDED_LATER
    for name, value in implied.items():
        if settings["house"][name] == value:
            del settings["house"][name]
    if record.origin == "pokerstars" and record.session.kind == "tournament":
        settings["currency"] = None
    return settings


def reference_digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def reference_event_row(event: Any) -> list[Any]:
    row: list[Any] = [type(event).__name__]
    for f in dataclasses.fields(event):
        if f.name == "pos":
            continue
        value = getattr(event, f.name)
        if type(value) is tuple:
            value = [None if c is None else str(c) for c in value]
        elif isinstance(value, Card):
            value = str(value)
        row.append(value)
    return row


def reference_fingerprint(record: HandRecord) -> str:
    """The fingerprint as first written: canonical JSON of everything, ``json.dumps`` twice.

    Merge and KingsClub collections were then all written as from the ``main`` pot; their
    readers now name no pot (the sites never say which), and the fingerprint keeps ``main``.
    A PHH hand's ``winnings`` was not read then: its collections, which name no pot, are left
    out."""
    session = record.session
    events = [
        Collect(e.player, e.amount, "main")
        if record.origin in ("merge", "kingsclub") and type(e) is Collect and e.pot is None
        else e
        for e in record.events
        if record.origin != "phh" or type(e) is not Collect or e.pot is not None
    ]
    return reference_digest(
        {
            "v": 1,
            "origin": record.origin,
            "hand": record.hand_id,
            "table": record.table,
            "session": [session.kind, session.name, session.date],
            "button": record.button,
            "seats": [[s.name, s.stack, s.number] for s in record.seats],
            "settings": reference_digest(reference_settings(record)),
            "events": reference_digest([reference_event_row(e) for e in events]),
        }
    )


def records(path: Path) -> list[HandRecord]:
    return [r for r in read_source(path) if isinstance(r, HandRecord)]


def digest_of(fingerprints: list[str]) -> str:
    return hashlib.sha256("".join(fingerprints).encode()).hexdigest()


# (file, hands, first hand's fingerprint, SHA-256 of all its fingerprints concatenated)
PINNED_FILES = [
    (
        EXAMPLES / "000_anna_ben.bhh",
        1,
        "e36bbc1dfd2952e3612788c5b54cd2b4defcfb678e2662a131bb091f41df648f",
        "ffefd5d2272106d4d7370825f82010aea24331b3c38bf1d3ac7f6ebcde858882",
    ),
    (
        EXAMPLES / "004_badacey.bhh",
        1,
        "ba3284defe97d7ad9b78de43c8aa91e1cfc7045ced8df2791fe834f32353998c",
        "e09e27b1367718888821cef193a6c43683ba4e816443864f084877e98c319025",
    ),
    (
        EXAMPLES / "badeucey_no_limit.bhh",
        1,
        "cc18519deace1206859e039a6f35660f3bbcb701957705845366d5481b372a50",
        "8e16e5482b47b8224ba6b3b32cbb016b2893b8614f2671e6c7bd80c7a7631be3",
    ),
    (
        EXAMPLES / "badugi_half_pot_limit.bhh",
        1,
        "2a12ca504b51953bfe49d3db8e8e31e30f96e5c0056e2c030cda6ac91f9eba88",
        "fff032edcff6514328251692bba2a0ad969c7bfa2406d365eedc60857d86046a",
    ),
    (
        EXAMPLES / "badugi_pot_limit.bhh",
        1,
        "f5f93106b34439ced3589d30e092017e3be6035c03d85e84c6b148b84fab0e27",
        "a94ad2affd156d3d91dfcffd93b8cb833913e10897d70ee88037dfef1ea82ae2",
    ),
    (
        EXAMPLES / "badugi_spread_limit.bhh",
        1,
        "38532e4426d9f6ed20cb5eb59bec20178292beb7f01800c10790d70c71527d0a",
        "f3bf3669a4e2ad337fe350bc658848b9372ab9b854bb44c0149d3b0b480700b4",
    ),
    (
        EXAMPLES / "home_session.bhh",
        4,
        "6412242bc11bf74e66a03e689c49d9ab30607dcf0f3a986057c9d2ae8035d002",
        "c3d12bc96efe69300760e30a1a3bb8668bc61e2f0e5d0c93e7415ad197ee88bf",
    ),
    (
        EXAMPLES / "progressive_night.bhh",
        3,
        "a57860f88fedb89f135266c29e79c3f4f927da8232c251a6491098503eaf1d6f",
        "9b4b059ea3d105bafbbdbf38e615806be86ff3a13ca0e04be504f9252f887e29",
    ),
    (
        EXAMPLES / "progressive_with_a_buy.bhh",
        1,
        "381ae319e6792023410790d35b8d9657a1dd1596b61212c327af2ffe3bd488c4",
        "b789aa32e47d2a0323ba210911b1684cd3e1729f1fae49ad43acb832bfaa69c4",
    ),
    (
        EXAMPLES / "tournament.bhh",
        3,
        "242e7c07e4640c1e7f85a409481516419c0dace2b0597bbe5798c8d49e9df8d4",
        "85e05975956a733899676df953f99a9807584a267cdbe26a6a056cedf5815ff1",
    ),
    (
        FIXTURES / "wikipedia_badugi.phh",  # a PHH hand is dealt as PokerKit deals: its
        1,  # house rule reshuffle = discards-first is part of its settings, so of its fingerprint
        "c7a9f959ee503b27394c86326e33039aa0eeccc37c426f7ee5f16983b0ed8c8f",
        "caa08b359c719517232cc23c2b183956be4356a7ceeb889be6dd9e0398106131",
    ),
    (
        FIXTURES / "phh_winnings.phhs",  # PHH hands with a right ``winnings``: pinned before
        2,  # the reader checked it, and unchanged since (fingerprints.CLAIMS_ADDED_LATER)
        "96610c067df66cc2477efd2127103babe5085d582ab191349dc1964236811eb4",
        "01a791dffd71d789cc734f794110343ac7f995570916647bb4348fbdca86336d",
    ),
]

# Real hands (fpdb regression files; shared/corpus/SOURCES.md): site readers, money, tournaments.
PINNED_CORPUS = [
    (
        "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
        4,
        "5b67e84f95be4251122793ca42b99dd60c2a1bcdd8b51d6d82d1ab1b056bdd26",
        "ebd9f5eee25b0106376cbe8235d6d2bcb4cb812195b70dba927c8ac1614c7b4f",
    ),
    (
        "pokerstars/LBad-USD-SNG8-201011.txt",
        104,
        "19fd2836f8712b8c7e66227b7c269ac1b55019d28ab75ff46befda9ea687d4b7",
        "a1734eec84e4210e5038d82fa1e12c2ab04fe8deff98a790c5e71489a5377dec",
    ),
    (
        "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
        1,
        "9b1cc2473e3397a2cf302a05951800463f1c3e39524b449dc3130b8f982ffe89",
        "1838caa44a2851c6695a60808b2f4753acf7042989b0de66775c0ead572843ab",
    ),
    (
        "kingsclub/Badacey-Limit-USD-22-44-202101.txt",
        1,
        "cb8194540e00d2319e6541ebfa49bc05df9773f3155b741dffcd81b5a5ac69a8",
        "1c65de4c2e7eb4ca09d4cfb69649309c56affa7de314d3f48148709d75fff03c",
    ),
    (
        "kingsclub/Badeucey-Limit-USD-22-44-202101.txt",
        1,
        "768a9610527b0182877b53a38528b19c6dfd302c5912b9014745abf6d0afb507",
        "a112113d613bfa61df063dd0634371d46e291cc36bb60a33eb8cfec634e0e642",
    ),
    (
        "merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
        1,
        "527b8ca19c7302697f50a4d56e56b1ac49f66661b48a5c48cb2345ac7ea41c11",
        "5c9b6bb42a4cbb674b43c00bd0c12cb5dd280206e97cd8bb2649b900cef7227d",
    ),
    (
        "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
        1,
        "cabad8e91bf7f9486cca1b63dd68c3b8493cc4389f1e2e90f659d5aa63bef339",
        "6ca96ff8c21362f0a70f867eed0e01e254b47659e5b0985afe720d6055986d99",
    ),
]

# 20 simulated hands (4 players, seed 7, sessions of 8) per game and structure.
PINNED_SIMULATED = {
    ("badugi", "fixed-limit"): "db99fdc2eaaa49e153f9f56c7b5fe454049af3dec8df52c044884a6cc5f6b422",
    ("badugi", "pot-limit"): "ca87128dc9d6224ac9c8a71c5940ba91411579a6b1001470f9dca4cccdddf046",
    (
        "badugi",
        "half-pot-limit",
    ): "17474250df7d6af787e78ff1950b5f99b18eb260e95e8c6aa7b0f17ad6f9987b",
    ("badugi", "no-limit"): "af70eda3c9474685dfb05a7135c4add56ad0dd38ba13e2de2269e587d401a354",
    ("badugi", "spread-limit"): "babab532393d35979aadb8eb39cfbf2f59e6cc74633cc9d9cdf6ffd4e70ce090",
    (
        "progressive-badugi",
        "fixed-limit",
    ): "36d1e48d3fc823b285253ac87754e062cb116dd36a5e44e7ea19de3e813275c7",
    (
        "progressive-badugi",
        "pot-limit",
    ): "447804f63eeabf616aa9ac7c4be8a2ad07533e370628ffc7a23aaaa573b6a3f4",
    (
        "progressive-badugi",
        "half-pot-limit",
    ): "1f2cf84f60784b1855bf9345373a9ee5fe8ae411aafefc03fdb489490f5f6ee2",
    (
        "progressive-badugi",
        "no-limit",
    ): "23422221520876b4fdb57e64c540f1c3490bf2150b4c2ed7f4191b3d2857b7ac",
    (
        "progressive-badugi",
        "spread-limit",
    ): "97175436540a318bf66262317fab2b780e7d0cb6d3b050eb4596b9969329d83b",
    ("badacey", "fixed-limit"): "5dadc3957fb1e83e6768c9b2c09572feb2c6156ee2684db667a921fe2e3caf14",
    ("badacey", "pot-limit"): "74366a18e8f26947fa01a2f4064bb7767484c73e785865b5e313fd06ba354238",
    (
        "badacey",
        "half-pot-limit",
    ): "7451bcea0165e0ac6b60887328b5bab88c0a9a1342943477db2f7bc735250601",
    ("badacey", "no-limit"): "7f6714569b0ae67c72d3c36a43fbddfda605ba2ed1b0c94a5e5b3377e10ffa7f",
    ("badacey", "spread-limit"): "8a9ef42076a2f654b2602cfd07db9ac29e2eb07fbddfa068ea5230143c2bc69e",
    ("badeucey", "fixed-limit"): "44d5f4d5c26af060f22aa4662e2d8d7c979c26bbd3e4e8592235134da2f3e29e",
    ("badeucey", "pot-limit"): "995b85b924aa27e5b44df1cae2f0a2f33383833e0991f4617ec1e0bc668af936",
    (
        "badeucey",
        "half-pot-limit",
    ): "a166035e216adcf99a53708b65cf799f00fd2e52f7c27619d669499d2445e7fb",
    ("badeucey", "no-limit"): "5fe4403daa2918d2aa22ad1a6a19194019608f8b3e0cbc0d1e73f0e437558ce8",
    (
        "badeucey",
        "spread-limit",
    ): "c5c1f4af0c281286cc8c715d90e50ddf43862a432dcea7d19fea22e339f7798c",
}


@pytest.mark.parametrize(
    ("path", "count", "first", "digest"), PINNED_FILES, ids=[p[0].name for p in PINNED_FILES]
)
def test_fingerprints_of_the_examples_are_pinned(
    path: Path, count: int, first: str, digest: str
) -> None:
    fps = [fingerprint(r) for r in records(path)]
    assert (len(fps), fps[0]) == (count, first)
    assert digest_of(fps) == digest


@pytest.mark.parametrize(
    ("rel", "count", "first", "digest"), PINNED_CORPUS, ids=[p[0] for p in PINNED_CORPUS]
)
def test_fingerprints_of_corpus_hands_are_pinned(
    corpus_dir: Path, rel: str, count: int, first: str, digest: str
) -> None:
    fps = [fingerprint(r) for r in records(corpus_dir / rel)]
    assert (len(fps), fps[0]) == (count, first)
    assert digest_of(fps) == digest
    assert fps == [reference_fingerprint(r) for r in records(corpus_dir / rel)]


@pytest.mark.parametrize(("game", "structure"), sorted(PINNED_SIMULATED))
def test_fingerprints_of_simulated_hands_are_pinned(game: str, structure: str) -> None:
    options = SimulationOptions(
        hands=20,
        players=4,
        game=game,  # type: ignore[arg-type]
        structure=structure,  # type: ignore[arg-type]
        seed=7,
        session_hands=8,
    )
    fps = [fingerprint(r) for r in simulate_hands(options)]
    assert digest_of(fps) == PINNED_SIMULATED[(game, structure)]


def test_fingerprints_equal_the_reference_on_many_simulated_hands() -> None:
    """Every game and structure, 2-9 players, antes, showdown-only cards: 1,200 hands."""
    compared = 0
    for i, (game, structure) in enumerate((g, s) for g in GAME_NAMES for s in STRUCTURE_KINDS):
        options = SimulationOptions(
            hands=60,
            players=2 + i % 8,
            game=game,
            structure=structure,
            seed=100 + i,
            ante=i % 3,
            session_hands=25,
            cards="all" if i % 2 else "showdown",
        )
        for record in simulate_hands(options):
            assert fingerprint(record) == reference_fingerprint(record), record.hand_id
            compared += 1
    assert compared == 60 * len(GAME_NAMES) * len(STRUCTURE_KINDS)


def test_every_example_fingerprint_equals_the_reference() -> None:
    for path in sorted(EXAMPLES.glob("*.bhh")):
        for record in records(path):
            assert fingerprint(record) == reference_fingerprint(record), (path, record.hand_id)


def test_unusual_field_values_are_encoded_like_json() -> None:
    """Quotes, backslashes, control characters, emoji and non-ASCII names; None, booleans,
    cards and unknown cards: the fast encoder writes what ``json.dumps`` writes."""
    from badugi_ledger.model.events import Action, Deal, Post, Seat, Session, Show

    base = records(EXAMPLES / "000_anna_ben.bhh")[0]
    names = ['Ann "the" \\ bank', "Zoë\t✓ 🂡", "x\u2028y\x00", "Bob'; DROP TABLE hands;--"]
    events = (
        Post(names[0], "small-blind", None, False),
        Post(names[1], "big-blind", 2, True),
        Deal(names[0], (Card(1, "s"), None, Card(13, "h"), None)),
        Action(names[1], "raise", 10**20, True),
        Show(names[2], (Card(10, "c"), Card(11, "d"), Card(12, "s"), Card(2, "h"))),
    )
    record = dataclasses.replace(
        base,
        hand_id=names[3],
        seats=tuple(Seat(n, 100, k) for k, n in enumerate(names)),
        button=names[1],
        events=events,
        session=Session("cash", names[1], None),
        table=names[2],
        positions=(),
    )
    assert fingerprint(record) == reference_fingerprint(record)


# Every table after importing the examples, the whole corpus and five simulated files (below),
# as written by the one-hand-at-a-time writer (row count, SHA-256; see ledger_dump).
SIMULATED_FILES = [
    ("badugi", "fixed-limit"),
    ("progressive-badugi", "pot-limit"),
    ("badacey", "no-limit"),
    ("badeucey", "half-pot-limit"),
    ("badugi", "spread-limit"),
]
PINNED_LEDGER = {
    # hands and events as before their identity columns (content, cards, void_reason,
    # voided_at) were added: the same rows and ids; a fresh import writes no audit rows.
    "audit": (0, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"),
    "aliases": (59, "f9788e665ff6c010882a80439d69222d2d18a24e716391b06ce0ae8c335918aa"),
    # events: the two PokerStars tournaments name their buy-in's currency (currency USD, key
    # ending in |USD) since the reader reads it; every other row as before
    "events": (35, "53e6dba7454e3276fdf386f4b3708b15dc52afd9a24fcc4b2e98105a4a0cdee2"),
    # no file holds a hand another file was read from last (migration 10)
    "hand_copies": (0, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"),
    # hand_players: each row gains stack_change (migration 12; 313 rows not 0); without it
    # the rows digest to 37cfc125bc3b234e8edf03553c1924db3251a1cda1e8c9b70830577962d0ec04
    "hand_players": (5050, "2936a3ab6af6ebde219524dfab231e2f02ae6f1d9f1c97eed04efd18ffbb5fbb"),
    "hands": (970, "affaac42af9fc07bffbfa135af2ab1777e71124d6f1b7758db1d332ef5e72144"),
    # a fresh import merges no players, so it writes no player_audit rows (migration 14)
    "player_audit": (0, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"),
    # which file states each term of an event (migration 24), the files by their names here
    "event_terms": (51, "46ed9c06f62c27e57094f868dce51e30f16c9d7d011d2cb07b748c576f050466"),
    "players": (59, "40447c7ce34b8ac7842175b0a275115101d7dd6f45a488d98bd2dae566a6b3bf"),
    "postings": (7020, "dc0daecdd65c934b0ccb8b00a45ceb147d0c1a404b4acca41cb27b4661e21e55"),
    "pot_winners": (1439, "bd0b751cd879bb0f2493f28fc17fe76dadc2b9ff6d9c6f527d469b6171762d1b"),
    "pots": (1344, "6fd871a6d54d1018212576f8afd396c534f713cdc16730b0f055d86e373979ab"),
    # each file's path as imported and its real path (migration 21), by their names here
    "source_paths": (49, "121477ccc114205f1045c4eaf94d5d1796159823acae56e102be5a3a112c806b"),
    # tournament_entries: the corpus's two PokerStars tournaments stop short of their end, so
    # the players still in have no place (the MTT's 15, the SNG's Player6 and Player4), and
    # the players out the places the site states (the MTT's 26th-72nd, not 16th-22nd; the
    # SNG's Player5 3rd with the 1.60 USD the site paid); before, ff4b574f2bd5cb7c80fcb305d2f5
    # d7b29bd716799877b1fa5a9bcecd192fccd6
    "tournament_entries": (33, "919e3651283e38ee234ea93b894f389bcbc46ffa0b01f6655a0c9fbdb93c71a9"),
    "tournament_terms": (0, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"),
    # an import writes no file for the record page: its renamed nights' (migration 25)
    "unwritten_files": (0, "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"),
}


def simulated_files(folder: Path) -> list[Path]:
    paths = []
    for i, (game, structure) in enumerate(SIMULATED_FILES):
        path = folder / f"sim{i}.bhh"
        simulate_to_path(
            SimulationOptions(
                hands=150,
                players=3 + i,
                game=game,  # type: ignore[arg-type]
                structure=structure,  # type: ignore[arg-type]
                seed=40 + i,
                session_hands=60,
            ),
            path,
        )
        paths.append(path)
    return paths


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_ledger_rows_are_pinned(corpus_dir: Path, tmp_path: Path, jobs: int) -> None:
    """Same rows, same ids as the writer before the fast path, in one process or two; a
    second import of everything changes nothing."""
    db = tmp_path / "club.db"
    paths = [EXAMPLES, corpus_dir, *simulated_files(tmp_path)]
    report = import_into(db, paths, jobs=jobs)
    assert (report.stored, report.duplicate, report.rejected) == (970, 0, 0)
    assert pinned_digests(db) == PINNED_LEDGER
    again = import_into(db, paths, jobs=jobs)
    assert (again.stored, again.duplicate, again.rejected) == (0, 970, 0)
    assert pinned_digests(db) == PINNED_LEDGER


def pinned_digests(db: Path) -> dict[str, tuple[int, str]]:
    """:func:`table_digests`, the ``hands`` rows without their last two columns:
    ``number_key`` (migration 17), which is checked here to be :func:`number_key` of each
    hand's number, and ``finishes`` (migration 27), the places the corpus's PokerStars
    tournaments state in twelve hands (six of the sit-and-go's, six of the MTT table's)."""
    digests = table_digests(db)
    hands = table_rows(db)["hands"]
    assert [row[-2] for row in hands] == [number_key(str(row[3])) for row in hands]
    assert sum(row[-1] is not None for row in hands) == 12
    before = [row[:-2] for row in hands]
    digests["hands"] = (len(before), hashlib.sha256(repr(before).encode()).hexdigest())
    return digests


def test_a_card_outside_the_deck_is_written_as_its_text() -> None:
    """A card none of the 52 (no reader makes one, but a Card can hold any rank and suit) is
    written as its text among the deck's cards, as ``json.dumps`` of the plain event row
    writes it: the encoder's table of the deck's texts does not stand in for it."""
    from badugi_ledger.model.events import Deal, Draw

    base = records(EXAMPLES / "000_anna_ben.bhh")[0]
    player = base.seats[0].name
    events = (
        Deal(player, (Card(1, "s"), Card(1, "x"), None, Card(13, "h"))),
        Draw(player, (Card(13, "h"),), (Card(0, "s"),)),
    )
    record = dataclasses.replace(base, events=events, positions=())
    assert fingerprint(record) == reference_fingerprint(record)


def test_shown_cards_are_written_as_their_text() -> None:
    """``hands.cards``: each shown card as its text (``str``), an unknown one as ``?``; the
    deck's texts come from a table, a card outside it is written as its text all the same."""
    from badugi_ledger.ledger.rows import shown_cards
    from badugi_ledger.model.events import Show

    base = records(EXAMPLES / "000_anna_ben.bhh")[0]
    player = base.seats[0].name
    cards = (Card(1, "s"), Card(1, "x"), None, Card(10, "h"))
    record = dataclasses.replace(base, events=(Show(player, cards),), positions=())
    expected = {player: " ".join("?" if c is None else str(c) for c in cards)}
    assert shown_cards(record) == json.dumps(
        expected, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    assert expected[player] == "As Ax ? Th"


def test_equal_values_of_other_types_are_written_as_their_own_type() -> None:
    """``1 == True`` (and both hash alike), but JSON writes ``1`` and ``true``: a hand whose
    events equal an earlier hand's in value but not in type gets its own fingerprint, the one
    the plain implementation computes - whatever was encoded before it (a cache of rows keyed
    on the values alone would hand the second hand the first one's text)."""
    from badugi_ledger.model.events import Action, Deal, FinalStack, Post

    base = records(EXAMPLES / "000_anna_ben.bhh")[0]
    player = base.seats[0].name
    variants: list[tuple[Any, ...]] = [
        (Action(player, "call", 1, False), Post(player, "ante", 0, False)),
        (Action(player, "call", True, False), Post(player, "ante", False, False)),
        (Action(player, "call", 1, 0), Post(player, "ante", 0, 0)),  # type: ignore[arg-type]
        (Action(player, "call", 1.0, False), Post(player, "ante", 0.0, False)),  # type: ignore[arg-type]
        (FinalStack(player, 1), Deal(player, (Card(1, "s"), None))),
        (FinalStack(player, True), Deal(player, ((1, "s"), None))),  # type: ignore[arg-type]
    ]
    fingerprints = []
    for _ in range(2):  # the second round meets every row again
        for events in variants:
            record = dataclasses.replace(base, events=events, positions=())
            fingerprints.append(fingerprint(record))
            assert fingerprints[-1] == reference_fingerprint(record), events
    assert len(set(fingerprints)) == len(variants)


def test_the_encoders_made_once_write_what_json_dumps_writes() -> None:
    """:data:`canonical_json` (every digest) and :data:`plain_json` (a pot's eligible players)
    run a C encoder made once: the text is ``json.dumps``'s with the same options."""
    from badugi_ledger.ledger.fingerprints import canonical_json, plain_json

    values: list[Any] = [
        "Zoë \"q\" \\ \u2028 🂡", 7, -2**70, 1.5, True, None, [], {},
        ["Ann", "Zoë"], ("Ben", 1, None), {"b": [1, {"z": 0, "a": "é"}], "a": (True, 2.0)},
    ]  # fmt: skip
    for value in values:
        assert canonical_json(value) == json.dumps(
            value, sort_keys=True, ensure_ascii=False, separators=(",", ":")
        )
        assert plain_json(value) == json.dumps(value)
    with pytest.raises(TypeError):
        canonical_json({"a": object()})
    assert canonical_json(["after a failure"]) == '["after a failure"]'
