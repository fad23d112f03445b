"""The commands on hand files and hands: ``showdown`` (one pot at the table), ``parse``,
``new`` (a night file to fill), ``check``, ``show``, ``convert`` and ``simulate``.

No ``from __future__ import annotations`` (see the package docstring).
"""

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..model.errors import BadugiError
from ..model.games import GameSpelling
from ..model.limits import MAX_AMOUNT
from ..model.settings import (
    OddChipHalf,
    OddChipRule,
    OddChipSplit,
    QualifierRank,
    StructureKind,
)
from .common import (
    LEDGER,
    MAX_JOBS,
    CardsShown,
    ConvertTarget,
    DbOption,
    HistoryFormat,
    NoLedgerOption,
    dash_is_standard_output,
    draws_progress,
    fail,
    is_standard_output,
    output_file,
    progress_bar,
    render,
    screen,
    standard_input_read,
    usage,
    utf8_text,
)

if TYPE_CHECKING:
    from ..convert import ConvertReport


def showdown(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player as "NAME: CARDS" (e.g. "Noor: 8h 4h 3s 2c Ad"), in seat order '
            "starting left of the button; that order decides odd chips.",
            show_default=False,
        ),
    ],
    game: Annotated[
        GameSpelling, typer.Option(help="The game, as a hand file names it.")
    ] = "badugi",
    pot: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_AMOUNT,
            help="Chips in the pot to divide. 0 (the default) only ranks the hands.",
        ),
    ] = 0,
    qualifier: Annotated[
        QualifierRank,
        typer.Option(
            help="Progressive Badugi: the highest card of a qualifying badugi (002 3.1), "
            "as the qualifier header writes it."
        ),
    ] = "9",
    qualifier_pair_ok: Annotated[
        bool,
        typer.Option(
            "--qualifier-pair-ok",
            help="Progressive Badugi: a four-card holding with one pair may qualify as a "
            "three-card hand (002 3.2(b)).",
        ),
    ] = False,
    odd_chip: Annotated[
        OddChipRule, typer.Option(help="Who gets a chip that does not divide among tied winners.")
    ] = "button-left",
    odd_chip_half: Annotated[
        OddChipHalf, typer.Option(help="Badacey and Badeucey: the half that gets an odd pot chip.")
    ] = "badugi",
    odd_chip_split: Annotated[
        OddChipSplit,
        typer.Option(
            help="Chips that do not divide among three or more tied winners: one each to the "
            "first of them in the odd-chip order, or all to the first (as PHH/PokerKit divide)."
        ),
    ] = "one-each",
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object (payouts, hands, halves)."),
    ] = False,
) -> None:
    """Settle a table dispute: rank the shown hands and divide a pot.

    Four cards each in Badugi and Progressive Badugi, five in Badacey and Badeucey. The house
    rules a hand file would set in its header (qualifier, odd chip, odd-chip split) are options
    here.

    Exit status 1 when a hand cannot be ranked (a card that does not read or is shown twice, a
    hand of the wrong size), 2 on bad usage.
    """
    from ..hands.dispute import run_showdown
    from ..model.games import game_named
    from ..model.settings import QUALIFIER_RANKS, HouseRules

    house = HouseRules(
        odd_chip=odd_chip,
        odd_chip_half=odd_chip_half,
        odd_chip_split=odd_chip_split,
        qualifier_max=QUALIFIER_RANKS[qualifier],
        qualifier_pair_ok=qualifier_pair_ok,
    )
    result = run_showdown(game_named(game), hands, pot, house)
    render(result, as_json)


def parse_command(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Hand-history files in our format, or folders (their .bhh files, searched "
            "recursively); - is standard input.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print JSON Lines: one object per hand with its settings, seats and events.",
        ),
    ] = False,
) -> None:
    """Read hand histories in our own format and print their events.

    A file named is read as our format whatever its name; a folder gives its .bhh files only
    (check, import and convert read site histories too). Folders are walked as check walks
    them: hidden entries, pipes and devices left out, each file read once. Exit status 1 after
    listing every hand that does not parse.
    """
    from ..model.escaping import json_text
    from ..sources import parse_paths
    from ..text.writer import describe_record, record_to_dict

    errors = 0
    with standard_input_read(files) as read:
        for item in parse_paths(read):
            if isinstance(item, BadugiError):
                errors += 1
                typer.echo(screen(str(item)), err=True)
            elif as_json:
                typer.echo(json_text(record_to_dict(item)))
            else:
                typer.echo(screen(describe_record(item)))
    if errors:
        fail(f"{errors} error(s): the hands above could not be read")


def new_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="The night file to write (.bhh; -: standard output).", show_default=False
        ),
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="The players clockwise, separated by commas, the first on the button: "
            '"Anna,Ben,Cara".',
            show_default=False,
        ),
    ],
    game: Annotated[GameSpelling, typer.Option(help="The game.")] = "badugi",
    structure: Annotated[
        StructureKind, typer.Option(help="The betting structure.")
    ] = "fixed-limit",
    stakes: Annotated[
        str,
        typer.Option(
            help="Fixed limit: the bets, S/B (blinds: half of S rounded down, and S: 3/6 has "
            "blinds 1/3; edit the header's blinds for others). Spread limit: MIN-MAX (blinds "
            "likewise from MIN). Pot, half-pot and no limit: the blinds, SB/BB."
        ),
    ] = "2/4",
    stacks: Annotated[
        int, typer.Option(min=1, max=MAX_AMOUNT, help="Every player's chips at the start.")
    ] = 100,
    event: Annotated[
        str | None, typer.Option(help='The cash game\'s name, e.g. "Friday game".')
    ] = None,
    date: Annotated[
        str | None, typer.Option(help="The day, YYYY-MM-DD (default: today).", show_default=False)
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Write a ready-to-fill night file: headers, the first hand's seats and button.

    A comment block below shows one line of each kind a hand is written with (a deal, the
    betting, a draw, a show, a collection, the next hand), by the night's own players: a
    sheet of lines, not a whole hand. Names that need
    quotes get them. An existing FILE is kept unless --force.

    Exit status 1 when FILE exists (without --force) or cannot be written, 2 for a player list,
    stakes or date that check would refuse (nothing is written).
    """
    import datetime

    from ..text.night import night_text

    names = [name.strip() for name in players.split(",") if name.strip()]
    try:
        text = night_text(
            names,
            game=game,
            structure=structure,
            stakes=stakes,
            stacks=stacks,
            event=event,
            date=date if date is not None else datetime.date.today(),
        )
    except BadugiError as exc:
        usage(exc.message)
    with output_file(file, overwrite=force) as handle:
        handle.write(text)
    if is_standard_output(file):
        return
    from ..ledger.advice import path_word

    typer.echo(
        f"wrote {screen(str(file))} ({len(names)} players, {game}): write the first hand "
        f"under its hand line, then: badugi-ledger check {screen(path_word(str(file)))}",
        err=True,
    )


def check_command(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Hand-history files or folders (folders are searched recursively); - is "
            "standard input.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print JSON Lines: one object per hand."),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            max=MAX_JOBS,
            help="Processes that check files side by side (0: every core). The report is "
            "the same; --json always runs in one process.",
        ),
    ] = 0,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Count warnings (what the replay had to assume: a draw not written down, "
            "a payout taken on the record, stacks unknown after a bad hand) as errors.",
        ),
    ] = False,
    fmt: Annotated[
        HistoryFormat | None,
        typer.Option("--from", help="Read the files as this format (default: detect)."),
    ] = None,
    _db: NoLedgerOption = None,
) -> None:
    """Replay every hand and report broken rules, wrong payouts and what it had to assume.

    One summary line per file, files that held only other games summed up in one line, and
    the totals. Warnings say what the replay had to assume (a draw not written down, a payout
    taken on the record, stacks unknown after a bad hand). Exit status 0 only if all is well
    (with --strict: and nothing was assumed), else 1. On a terminal a progress bar shows the
    hands done.
    """
    from ..check import count_hands, run_check

    _keep_startup_objects()
    with standard_input_read(paths) as read:
        run = run_check(read, jobs=jobs, strict=strict, fmt=fmt)
        total = count_hands(run.files, fmt) if draws_progress() else None
        with progress_bar("checking", total) as tick:
            run.progress = tick
            for line in run.lines(as_json=as_json):
                typer.echo(line if as_json else screen(line))
    raise typer.Exit(0 if run.all_ok else 1)


def _keep_startup_objects() -> None:
    """Move every object made so far (modules, classes, the command tree: all of them live
    until the process ends) out of the garbage collector's sight (``gc.freeze``).  A full
    collection during the run would otherwise walk them all once more: about 7% of a one-file
    ``check``'s instructions.  Forked workers (``--jobs``) then share those pages untouched.
    Done by the command, not the library: a program that calls ``run_check`` keeps its
    collector as it is."""
    import gc

    gc.freeze()


def show_cmd(
    ctx: typer.Context,
    files: Annotated[
        list[str] | None,
        typer.Argument(
            help="Hand-history files or folders to replay (- is standard input); none: the "
            "hands stored in the ledger (--db).",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            help="A hand number or id as the file (or the ledger) names it, e.g. 12 or 004-1; "
            "repeat for several. Default: every hand.",
            show_default=False,
            callback=utf8_text,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            help="Stored hands: the event, by its name, key or id (see: events); default: "
            "the latest event with hands.",
            callback=utf8_text,
        ),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            help="Stored hands: the table, when the event had several.",
            callback=utf8_text,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON Lines: one object per hand.")
    ] = False,
    db: DbOption = LEDGER,
) -> None:
    """Show hands as people read them: seats, actions by round, pots, winners, final stacks.

    Each pot says who could win it, who won it with what hand (each half of a split pot), the
    shares, odd chip, rake and carried pot; the verdict lists every problem at its line (a hand
    that breaks a rule is shown up to that line).  FILES are replayed as `check` replays them.
    Without FILES, the hands stored in the ledger are shown (--event, --hand and --table choose
    them, as `void` does): in full when the file they were imported from is still there and
    holds them unchanged, else from what the ledger keeps (stacks, chips put in, pots and
    shares, shown cards, rake, carried pot), which does not include the actions.  Exit status
    0 only if every hand shown is ok, else 1 (as `check`)."""
    from ..reports.hand_text import render_hand

    if files and (event is not None or table is not None):
        usage("--event and --table choose stored hands: give them without FILES", "--event")
    given = ctx.get_parameter_source("db")
    if files and given is not None and given.name == "COMMANDLINE":
        usage("--db shows stored hands: give it without FILES", "--db")
    views: Iterable[Any] = ()
    if files:
        from ..reports.hand_view import hand_views
    else:
        from ..ledger.store import ledger_at
        from ..reports.stored_hands import stored_hand_views

        with ledger_at(db, create=False) as ledger:
            views = stored_hand_views(ledger, event, hand, table=table)
    from ..model.escaping import json_text

    all_ok = True
    with standard_input_read(files or []) as read:
        if files:
            views = hand_views(read, hand)
        for number, view in enumerate(views):
            all_ok = all_ok and view.verdict in ("ok", "void")  # (a stored hand voided: fine)
            if as_json:
                typer.echo(json_text(view.to_dict()))
            else:
                typer.echo(("\n" if number else "") + render_hand(view))
    raise typer.Exit(0 if all_ok else 1)


def convert_command(
    file: Annotated[
        str,
        typer.Argument(
            help="A hand history: our text format, PokerStars, Full Tilt, Merge, KingsClub, "
            "Winamax or PHH, recognised from its content; - is standard input.",
            show_default=False,
        ),
    ],
    to: Annotated[
        ConvertTarget,
        typer.Option(
            "--to",
            help="phh: the PHH standard (PokerKit; fixed-limit Badugi only). "
            "text: our own hand-history format.",
        ),
    ],
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            help="Write to this file instead of standard output (- is standard output).",
            callback=dash_is_standard_output,
        ),
    ] = None,
    source_format: Annotated[
        HistoryFormat | None,
        typer.Option("--from", help="Read FILE as this format instead of detecting it."),
    ] = None,
) -> None:
    """Write every Badugi-family hand of FILE as PHH or in our text format.

    Hands of other games are skipped (and counted). Exit status 1 when a hand could not be
    converted (the others are written) or FILE holds no Badugi-family hand; with no hand
    written, no --out file is either.
    """
    from ..convert import convert_file

    if out is not None and _same_file(out, file):
        usage(
            f"--out {out!r} is FILE itself: its hands would be replaced by their conversion; "
            "write it to another file",
            "--out",
        )
    with standard_input_read([file]) as (read,):
        if out is None:
            shown = _Screened(sys.stdout) if sys.stdout.isatty() else sys.stdout
            report = convert_file(read, to, shown, fmt=source_format)  # type: ignore[arg-type]
        else:
            with output_file(out) as handle:
                report = convert_file(read, to, handle, fmt=source_format)  # type: ignore[arg-type]
                if report.written == 0:  # said and failed here: the empty file is not kept
                    _say_converted(report, str(read))
    _say_converted(report, str(read))


def _same_file(one: str, other: str) -> bool:
    """Whether the two paths name one file that is there (a link to it included)."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):  # one of them is not there (yet), or cannot be looked up
        return False


def _say_converted(report: "ConvertReport", file: str) -> None:
    """What ``convert`` says under the hands: skipped, not converted; exit 1 for either of
    the latter two, or for no hand written."""
    if report.skipped:
        typer.echo(f"skipped {len(report.skipped)} hand(s) of other games", err=True)
    for warning in report.warnings:  # what the replay assumed is written as fact: said
        typer.echo(screen(warning), err=True)
    for problem in report.problems:
        typer.echo(screen(f"not converted: {problem}"), err=True)
    if report.problems:
        fail(f"{len(report.problems)} hand(s) of {file} could not be converted")
    if report.written == 0:
        fail(f"no Badugi-family hands to convert in {file}")


class _Screened:
    """Standard output that is a terminal, for ``convert``: names come from files, and a
    control character in one (an escape sequence) would act on the terminal, so each is
    written visibly (:func:`screen`).  To a pipe or a file the hands go byte for byte."""

    def __init__(self, out: Any) -> None:
        self._out = out

    def write(self, text: str) -> int:
        self._out.write(screen(text))
        return len(text)


def simulate_command(
    hands: Annotated[
        int, typer.Option(min=0, max=MAX_AMOUNT, help="How many hands to play.")
    ] = 100,
    players: Annotated[int, typer.Option(min=2, max=9, help="Players at the table.")] = 6,
    game: Annotated[GameSpelling, typer.Option(help="The game.")] = "badugi",
    structure: Annotated[
        StructureKind,
        typer.Option(
            help="fixed-limit (bets of one and two big blinds), pot-limit, half-pot-limit, "
            "no-limit or spread-limit (one to four big blinds)."
        ),
    ] = "fixed-limit",
    seed: Annotated[
        int,
        typer.Option(
            min=-MAX_AMOUNT, max=MAX_AMOUNT, help="Random seed: the same seed, the same hands."
        ),
    ] = 0,
    out: Annotated[
        str | None,
        typer.Option(
            help="Write the hands to this file (default, or -: standard output).",
            callback=dash_is_standard_output,
        ),
    ] = None,
    small_blind: Annotated[
        int, typer.Option(min=1, max=MAX_AMOUNT, help="The small blind (at most the big one).")
    ] = 1,
    big_blind: Annotated[
        int, typer.Option(min=1, max=MAX_AMOUNT, help="The big blind (and the small bet).")
    ] = 2,
    ante: Annotated[
        int, typer.Option(min=0, max=MAX_AMOUNT, help="An ante from every player (0: none).")
    ] = 0,
    session_hands: Annotated[
        int,
        typer.Option(
            min=1, max=MAX_AMOUNT, help="Hands per session; each session is a new table and date."
        ),
    ] = 500,
    cards: Annotated[
        CardsShown,
        typer.Option(
            help="all: write every card dealt, discarded and drawn (a dealer's log); "
            "showdown: draws as counts, cards only when shown."
        ),
    ] = "all",
    final_stacks: Annotated[
        bool, typer.Option(help="Write every player's final stack after each hand.")
    ] = True,
) -> None:
    """Play random legal hands and write them in the hand-history format.

    Stacks are carried from hand to hand, with rebuys, all-ins and side pots; check reports
    every one of them clean.

    Exit status 1 when --out cannot be written, 2 for an option out of its range.
    """
    from ..model.games import game_named
    from ..simulate.sessions import SimulationOptions, write_simulation

    if small_blind > big_blind:
        usage(f"the small blind {small_blind} is above the big blind {big_blind}", "--small-blind")
    try:
        options = SimulationOptions(
            hands=hands,
            players=players,
            game=game_named(game),
            structure=structure,
            seed=seed,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            session_hands=session_hands,
            cards=cards,
            final_stacks=final_stacks,
        )
    except BadugiError as exc:  # each option is in its range; together they hold too much
        usage(exc.message, "--big-blind")
    if out is None:
        stats = write_simulation(options, sys.stdout)
    else:
        with output_file(out) as handle:
            stats = write_simulation(options, handle)
    typer.echo(f"simulated {stats.summary()}" + (f" -> {out}" if out else ""), err=True)
