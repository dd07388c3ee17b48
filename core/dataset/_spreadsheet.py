"""Text written into CSV files so that a spreadsheet reads it as text, never as a formula.

A spreadsheet (Excel, LibreOffice Calc, Google Sheets) takes a cell that begins with
``=``, ``+``, ``-`` or ``@`` for a formula, and one that begins with a tab or a carriage
return too (OWASP, "CSV Injection"): a card, deck or player name such as
``=HYPERLINK("http://...")`` in a table the project writes would be run when the file is
opened. Such a text is written with an apostrophe before it, which a spreadsheet reads as
"this cell is text" and does not show; every other text is written as it is. Numbers are
not texts, and a negative number stays a number.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["FORMULA_STARTS", "spreadsheet_frame", "spreadsheet_text"]

FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""


def spreadsheet_text(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet reads as text: with an apostrophe before it
    if it begins as a formula does.

    >>> spreadsheet_text("=1+1"), spreadsheet_text("Lightning Bolt")
    ("'=1+1", 'Lightning Bolt')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def spreadsheet_frame(frame: Any) -> Any:
    """A polars DataFrame with every text column's cells as :func:`spreadsheet_text`
    gives them (needs polars)."""
    import polars as pl  # the ``analysis`` extra, there whenever a frame is

    texts = [name for name, kind in frame.schema.items() if kind == pl.String]
    return frame.with_columns(
        pl.when(pl.any_horizontal([pl.col(name).str.starts_with(s) for s in FORMULA_STARTS]))
        .then(pl.lit("'") + pl.col(name))
        .otherwise(pl.col(name))
        .alias(name)
        for name in texts
    )
