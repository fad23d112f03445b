"""A hand as text for a terminal: :func:`render_hand` writes a :class:`~.hand_view.HandView`
in 80 columns - seats, the rounds, each pot and who won it with what, rake, carried pot, final
stacks and the verdict - with names and free text written visibly (control characters escaped,
:func:`~badugi_ledger.model.escaping.for_terminal`).

Why a module of its own: the view (:mod:`.hand_view`) is the figures, shared by ``show``,
``show --json``, stored hands and the web app; this is only how ``show`` prints them.
"""

from __future__ import annotations

from ..model.escaping import for_terminal
from .hand_view import HandView
from .hand_words import amount_text

__all__ = ["WIDTH", "render_hand"]


WIDTH = 80


def _wrap(text: str, indent: str, width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width`` with ``indent`` before every line after the first."""
    import textwrap

    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=True, break_on_hyphens=False
    ) or [text]


def render_hand(view: HandView) -> str:
    """The hand as plain text for a terminal (80 columns; names written visibly)."""
    t = for_terminal
    unit = view.unit
    lines: list[str] = []
    title = f"hand {t(view.hand or '?')}" + (f" · {view.game}" if view.game else "")
    if view.table:
        title += f" · table {t(view.table)}"
    if view.event:
        title += f" · {t(view.event)}"
    where = f"{t(view.source)}:{view.line}" if view.line else t(view.source)
    lines += _wrap(title, "  ")
    stored = " · from the ledger" if view.stored else ""
    amounts = f" · amounts in {unit}" if view.game else ""
    lines += _wrap(f"  {where}{amounts}{stored}", "  ")
    if view.seats:
        lines.append("")
        lines.append("seats")
        name_w = min(max(len(t(s.name)) for s in view.seats), 24)
        for s in view.seats:
            stack = "carried" if s.stack is None else amount_text(s.stack, unit)
            roles = ", ".join(s.roles)
            lines.append(f"  {s.seat:>2}  {t(s.name):<{name_w}}  {stack:>12}  {roles}".rstrip())
    at = {(p.line, p.column) for p in view.problems} | {(p.line, 0) for p in view.problems}
    for r in view.rounds:
        lines.append("")
        lines.append(r.name)
        for a in r.actions:
            mark = "!" if a.line and (a.line, a.column if not view.replayed else 0) in at else " "
            number = str(a.line) if a.line else ""
            lines += _wrap(f" {mark}{number:>5}  {t(a.text)}", " " * 9)
            if mark == "!" and not view.replayed:
                for problem in view.problems:
                    if problem.line == a.line:
                        first = t(problem.message.split("\n", 1)[0])
                        lines += _wrap(f"         ^ {first} [{t(problem.rule)}]", " " * 11)
    if not view.replayed and not view.stored and view.rounds:
        lines.append("the replay stopped here (see the verdict); the rest of the hand is not shown")
    if view.pots:
        lines.append("")
        lines.append("pots")
        for p in view.pots:
            eligible = ", ".join(t(n) for n in p.eligible)
            raked = p.amount - sum(s for _, s in p.shares) if p.shares else 0
            pot = f"  {p.name} pot {amount_text(p.amount, unit)} (eligible: {eligible})"
            less = f"less the rake {amount_text(raked, unit)}" if raked > 0 else ""
            if less and len(pot) + 2 + len(less) <= WIDTH:
                lines.append(f"{pot}, {less}")
            else:  # (the rake's words kept with their figure, on a line of their own)
                lines += _wrap(pot + ("," if less else ""), "    ")
                lines += [f"    {less}"] if less else []
            if p.carried:
                lines += _wrap(f"    {t(p.detail_in(unit))}", "      ")
            elif p.halves:
                for h in p.halves:
                    who = ", ".join(f"{t(n)} {amount_text(s, unit)}" for n, s in h.shares)
                    tied = " tie" if len(h.winners) > 1 else ""
                    if len(p.halves) == 1:
                        text = f"    won{tied}: {who} with {h.hand} ({h.label})"
                    else:
                        half = f"{h.label} half ({amount_text(h.amount, unit)}){tied}"
                        text = f"    {half}: {who} with {h.hand}"
                    lines += _wrap(text, "      ")
                    if h.odd_chip:
                        lines += _wrap(f"      {t(h.odd_chip)}", "        ")
            else:
                lines += _wrap(f"    {t(p.detail)}", "      ")
            if p.odd_chip:
                lines += _wrap(f"    {t(p.odd_chip)}", "      ")
            if len(p.halves) > 1 or len(p.shares) > 1:
                shares = ", ".join(f"{t(n)} {amount_text(s, unit)}" for n, s in p.shares)
                lines += _wrap(f"    shares: {shares}", "      ")
    if view.rake or view.carry_in or view.carry_out:
        lines.append("")
        if view.carry_in:
            into = view.carried_into
            lines.append(f"carried in: {amount_text(view.carry_in, unit)} (in the {t(into)} pot)")
        if view.carry_out:
            lines.append(f"carried to the next hand: {amount_text(view.carry_out, unit)}")
        if view.rake:
            lines.append(f"rake: {amount_text(view.rake, unit)}")
    if view.final_stacks:
        lines.append("")
        lines.append("final stacks")
        start = {s.name: s.stack for s in view.seats}
        name_w = min(max(len(t(n)) for n, _ in view.final_stacks), 24)
        for name, chips in view.final_stacks:
            before = start.get(name)
            change = "" if before is None else amount_text(chips - before, unit, sign=True)
            change = f"  ({change})" if change else ""
            lines.append(f"  {t(name):<{name_w}}  {amount_text(chips, unit):>12}{change}")
    if view.notes:
        lines.append("")
        lines.append("notes")
        for note in view.notes:
            lines += _wrap(f"  {t(note)}", "    ")
    lines.append("")
    lines.append(f"verdict: {view.verdict}")
    for problem in (*view.problems, *view.warnings):
        first, _, context = problem.message.partition("\n")
        where = f"line {problem.line}: " if problem.line else ""
        text = f"  {where}{problem.kind}: {t(first)} [{t(problem.rule)}]"
        lines += _wrap(text, "    ")
        lines += [f"    {t(more)}" for more in context.split("\n") if context]  # line, caret
    return "\n".join(lines)
