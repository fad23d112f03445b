"""The package's one Jinja2 environment (reports/templating.py), which the season report and
the web pages share: templates found in the package, HTML escaped, money shown as money."""

from __future__ import annotations

import jinja2
import pytest

from badugi_ledger.reports.templating import money, static_text, template_env


def test_one_environment_for_every_caller() -> None:
    assert template_env() is template_env()


def test_autoescape_is_on_for_every_template() -> None:
    out = template_env().from_string("<p>{{ name }}</p>").render(name="<script>alert(1)</script>")
    assert out == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"


def test_the_package_templates_load() -> None:
    env = template_env()
    for name in ("report.html", "report_page.html", "report_chart.html"):
        assert isinstance(env.get_template(name), jinja2.Template)


def test_an_undefined_name_is_an_error_not_an_empty_string() -> None:
    with pytest.raises(jinja2.UndefinedError):
        template_env().from_string("{{ nothing_here }}").render()


@pytest.mark.parametrize(
    ("amount", "unit", "shown"),
    [
        (1234, "USD", "12.34 USD"),
        (-450, "EUR", "-4.50 EUR"),
        (123456789, "GBP", "1,234,567.89 GBP"),
        (-5, "money", "-0.05"),
        (28, "chips", "28 chips"),
    ],
)
def test_money_filter_shows_cents_as_money(amount: int, unit: str, shown: str) -> None:
    assert money(amount, unit) == shown
    assert template_env().from_string("{{ a|money(u) }}").render(a=amount, u=unit) == shown


def test_money_filter_signs_on_request() -> None:
    assert template_env().from_string("{{ 150|money('USD', sign=True) }}").render() == "+1.50 USD"


def test_the_report_stylesheet_is_packaged() -> None:
    assert ".report" in static_text("report.css")
