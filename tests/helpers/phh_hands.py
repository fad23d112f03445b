"""The settings of the three-handed PHH hands the PHH tests write (Anna, Ben, Cara; fixed
limit 2/4, blinds 1/2, stacks of 20, no ante): each test adds its own actions and claims."""

THREE_HANDED = """antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [20, 20, 20]
"""


def home_session_phhs() -> list[str]:
    """The lines of ``examples/home_session.bhh`` converted to PHH: four hands of one table,
    ``[1]`` to ``[4]`` (the ``.phhs`` splitting tests damage them one way or another)."""
    import io

    from badugi_ledger.convert import convert_file
    from tests.helpers.paths import EXAMPLES

    out = io.StringIO()
    convert_file(EXAMPLES / "home_session.bhh", "phh", out)
    return out.getvalue().splitlines()
