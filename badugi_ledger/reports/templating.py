"""The one Jinja2 environment of the package: the e-mailable season report and the web pages
render the same templates (``badugi_ledger/templates/``) through it, so both show the same
content the same way.

Autoescape is on for every template: a player called ``<script>`` is shown, never run.  The
``money`` filter shows an amount of the ledger (cents of a currency, or chips) as people read
it, through :func:`badugi_ledger.model.money.format_amount`: ``{{ net|money(unit) }}`` →
``12.34 USD``, ``{{ net|money(unit, sign=True) }}`` → ``+12.34 USD``.  The ``visible`` filter
writes a name from a file (or a line holding one) with its control and format characters
visible (:func:`badugi_ledger.model.escaping.for_page`): ``{{ t.payer|visible }}``.  The
``name`` filter writes it so, isolated from the words around it (:func:`isolated_name`), where
a name stands in a sentence or a heading beside a figure: ``{{ t.payee|name }}
{{ t.amount|money(unit) }}``; ``name_text`` isolates it with characters (:func:`isolated_text`)
where no element may stand, in a ``<title>`` or an ``<option>``.

Jinja2 is imported inside :func:`template_env`, so commands that render no page never load it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..model.escaping import for_page
from ..model.money import format_amount

if TYPE_CHECKING:
    import jinja2
    import markupsafe

PACKAGE = "badugi_ledger"
TEMPLATES = "templates"
"""The templates' folder inside the package."""
STATIC = "static"
"""The stylesheets' folder inside the package (``report.css``, the web's ``style.css``)."""


def money(amount: object, unit: str, *, sign: bool = False) -> str:
    """The ``money`` filter: ``amount`` (an integer of the ledger, in ``unit``) as money.

    >>> money(1234, "USD"), money(-450, "EUR", sign=True), money(28, "chips")
    ('12.34 USD', '-4.50 EUR', '28 chips')
    """
    return format_amount(int(str(amount)), unit, sign=sign)


def isolated_name(text: object) -> markupsafe.Markup:
    """The ``name`` filter: ``text`` as :func:`for_page` writes it, escaped, in a ``<bdi>``
    element.  A name in a right-to-left script (``أحمد``) takes the figure written after it
    into its own direction (Unicode's bidirectional algorithm): ``Ann pays أحمد 0.25 USD``
    was shown ``Ann pays 0.25 أحمد USD``, the amount before the name and parted from its
    unit.  Isolated, the name is laid out on its own and the sentence keeps its order.

    >>> isolated_name("<b>")
    Markup('<bdi>&lt;b&gt;</bdi>')
    """
    import markupsafe

    return markupsafe.Markup("<bdi>%s</bdi>") % for_page(text)


def isolated_text(text: object) -> str:
    """The ``name_text`` filter: ``text`` as :func:`for_page` writes it between the characters
    a ``<bdi>`` element stands for (U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL
    ISOLATE), for where no element may stand: a page's ``<title>`` and a picker's
    ``<option>``.  A right-to-left event name there took the date written after it into its
    own direction (``ليلة (2024-09-01)`` was shown with the date first).  The name's own
    isolates, if it had any, are written visibly by :func:`for_page`, so it cannot close this
    one early.

    >>> isolated_text("Zed\\u2069")
    '\\u2068Zed\\\\u2069\\u2069'
    """
    return f"\u2068{for_page(text)}\u2069"


def static_text(name: str) -> str:
    """A file of ``badugi_ledger/static/`` as text (a stylesheet to inline in a page)."""
    from importlib.resources import files

    return files(PACKAGE).joinpath(STATIC, name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def template_env() -> jinja2.Environment:
    """The package's Jinja2 environment: templates from ``badugi_ledger/templates/``, HTML
    autoescaped, undefined names an error, and the ``money``, ``visible``, ``name`` and
    ``name_text`` filters.

    >>> env = template_env()
    >>> env.from_string("{{ name }}: {{ cents|money('USD') }}").render(name="<b>", cents=-5)
    '&lt;b&gt;: -0.05 USD'
    """
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader(PACKAGE, TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["money"] = money
    env.filters["visible"] = for_page
    env.filters["name"] = isolated_name
    env.filters["name_text"] = isolated_text
    return env
