"""manaweave's pytest plugin: the ``rules`` and ``cards`` markers, the ``scenario`` fixture
and the test report. pytest loads it in every run of an environment where manaweave is
installed (the ``pytest11`` entry point; ``-p no:manaweave`` turns it off); a run whose
tests use none of it is not changed.

Markers
    ``@pytest.mark.rules("510.1c", ...)`` names the Comprehensive Rules numbers a test
    checks; ``@pytest.mark.cards("Lightning Bolt", ...)`` the cards whose rules text it
    plays out. Both may mark a test, a class, a module (``pytestmark``) or a parameter
    (``pytest.param(..., marks=...)``). A number that is not a rule of the edition
    manaweave implements, or a name no installed plugin defines as a card, is a collection
    error naming it with a suggestion. A test marked with ``cards`` fails unless each card
    it names had an object in one of the games the test built (watched with
    :func:`manaweave.lowlevel.watch_games`).

The ``scenario`` fixture
    A :class:`ScenarioFactory`: ``scenario(**options)`` is
    ``manaweave.testing.Scenario(**options)`` with the plugins of the
    ``scenario_plugins`` fixture (none unless a ``conftest.py`` overrides it) added to
    ``plugins``. When the test fails, the play-by-play of each scenario it ran is added to
    the failure report.

The report
    At the end of a run with marked tests, a summary line says how many rules and cards
    the passed tests covered, and the report (:class:`manaweave.lowlevel.TestReport`; its
    JSON schema is in docs/testing.md) is written to ``.manaweave/test-report.json``
    below pytest's root folder, or to ``--manaweave-report PATH``;
    ``--no-manaweave-report`` writes none, and a run stopped at collection keeps the last
    one. ``manaweave coverage``, ``manaweave cards`` and ``manaweave card`` read it.
"""

from __future__ import annotations

import difflib
from collections.abc import Generator, Iterable, Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from ._engine._cr_rules import rule_book
from ._engine._game_watch import GameWatch, watch_games
from ._engine._plugins import default_plugins
from .testing import Scenario
from .testing._report import DEFAULT_REPORT, TestRecord, TestReport

__all__ = ["ScenarioFactory", "marked_cards", "marked_rules", "scenario", "scenario_plugins"]

_RULES_HELP = (
    "rules(*numbers): the Comprehensive Rules numbers a test checks "
    "(checked against the edition manaweave implements)"
)
_CARDS_HELP = (
    "cards(*names): the cards whose rules text a test plays out; the test fails unless "
    "each was in one of its games"
)

_NO_REPORT = (
    pytest.ExitCode.INTERRUPTED,
    pytest.ExitCode.INTERNAL_ERROR,
    pytest.ExitCode.USAGE_ERROR,
)
"""How a run ends when it ran no test or stopped before the end: no report is written."""

_WATCH: pytest.StashKey[tuple[ExitStack, GameWatch]] = pytest.StashKey()
_SCENARIOS: pytest.StashKey[list[Scenario]] = pytest.StashKey()


# --------------------------------------------------------------------------- options


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--manaweave-report PATH`` and ``--no-manaweave-report``."""
    group = parser.getgroup("manaweave", "manaweave test report")
    group.addoption(
        "--manaweave-report",
        metavar="PATH",
        default=None,
        help="where to write the test report (default: .manaweave/test-report.json below "
        "the root folder)",
    )
    group.addoption(
        "--no-manaweave-report",
        action="store_true",
        default=False,
        help="write no manaweave test report",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers and the run's recorder."""
    config.addinivalue_line("markers", _RULES_HELP)
    config.addinivalue_line("markers", _CARDS_HELP)
    config.pluginmanager.register(_Recorder(config), "manaweave-recorder")


# --------------------------------------------------------------------------- the markers


def _marker_arguments(item: pytest.Item, name: str) -> tuple[object, ...]:
    """The arguments of every ``name`` marker of the item, outermost scope last, unique."""
    found: list[object] = []
    for mark in item.iter_markers(name):
        found += [argument for argument in mark.args if argument not in found]
    return tuple(found)


def marked_rules(item: pytest.Item) -> tuple[str, ...]:
    """The rule numbers an item's ``rules`` markers name."""
    return tuple(str(argument) for argument in _marker_arguments(item, "rules"))


def marked_cards(item: pytest.Item) -> tuple[str, ...]:
    """The card names an item's ``cards`` markers name."""
    return tuple(str(argument) for argument in _marker_arguments(item, "cards"))


def _did_you_mean(suggestions: Sequence[str]) -> str:
    if not suggestions:
        return ""
    return f" (did you mean {' or '.join(repr(s) for s in suggestions)}?)"


class _MarkerCheck:
    """Checks marker arguments, loading the rule list and the card names on first need."""

    def __init__(self) -> None:
        self._checked: set[tuple[str, object]] = set()
        self._card_names: frozenset[str] | None = None

    def problems(self, item: pytest.Item) -> Iterator[str]:
        for name in ("rules", "cards"):
            for mark in item.iter_markers(name):
                if not mark.args:
                    yield f"@pytest.mark.{name}() names nothing"
                if mark.kwargs:
                    yield f"@pytest.mark.{name} takes no keyword arguments: {sorted(mark.kwargs)}"
                for argument in mark.args:
                    if isinstance(argument, str) and (name, argument) in self._checked:
                        continue
                    problem = self._problem(name, argument)
                    if problem is None:
                        self._checked.add((name, str(argument)))
                    else:
                        yield problem

    def _problem(self, name: str, argument: object) -> str | None:
        if not isinstance(argument, str):
            what = "rule numbers" if name == "rules" else "card names"
            return f"@pytest.mark.{name} takes {what} as strings, not {argument!r}"
        if name == "rules":
            book = rule_book()
            if argument in book:
                return None
            return (
                f"@pytest.mark.rules names {argument!r}, not a rule number of the "
                f"Comprehensive Rules {book.edition}{_did_you_mean(book.suggest(argument))}"
            )
        names = self._known_cards()
        if argument in names:
            return None
        suggestions = difflib.get_close_matches(argument, sorted(names), n=2)
        return (
            f"@pytest.mark.cards names {argument!r}, a card no installed plugin defines"
            f"{_did_you_mean(suggestions)}"
        )

    def _known_cards(self) -> frozenset[str]:
        if self._card_names is None:
            self._card_names = frozenset(default_plugins().cards)
        return self._card_names


# --------------------------------------------------------------------------- the run


def _outcome(report: pytest.TestReport, earlier: str | None) -> str | None:
    """The test's outcome after ``report`` (one phase), given the earlier phases'."""
    xfail = hasattr(report, "wasxfail")
    if report.when == "setup":
        if report.failed:
            return "error"
        if report.skipped:
            return "xfailed" if xfail else "skipped"
        return None
    if report.when == "call":
        if report.passed:
            return "xpassed" if xfail else "passed"
        if report.skipped:
            return "xfailed" if xfail else "skipped"
        return "failed"
    if report.failed:  # teardown
        return "error" if earlier in (None, "passed", "xpassed") else earlier
    return earlier


class _Recorder:
    """The plugin's state for one run: marker checks, played cards, outcomes, the report."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.check = _MarkerCheck()
        self.marks: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        self.checked: set[str] = set()
        self.outcomes: dict[str, str] = {}
        self.written: Path | None = None

    # -- collection: the markers are checked as each module's tests are made

    @pytest.hookimpl(wrapper=True)
    def pytest_pycollect_makeitem(
        self, collector: pytest.Module | pytest.Class, name: str, obj: object
    ) -> Generator[None, Any, Any]:
        made = yield
        items = made if isinstance(made, list) else [made]
        problems: dict[str, None] = {}
        for item in items:
            if isinstance(item, pytest.Item):
                self.checked.add(item.nodeid)
                for problem in self.check.problems(item):
                    problems.setdefault(f"{item.nodeid}: {problem}", None)
        if problems:
            raise collector.CollectError("\n".join(problems))
        return made

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        problems: list[str] = []
        for item in session.items:
            if item.nodeid not in self.checked:  # made by other collectors (unittest, ...)
                problems += [f"{item.nodeid}: {p}" for p in self.check.problems(item)]
            rules, cards = marked_rules(item), marked_cards(item)
            self.marks[item.nodeid] = (rules, cards)
        if problems:
            raise pytest.UsageError("\n".join(problems))

    # -- running: games are watched from set-up to tear-down for tests naming cards

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        if marked_cards(item):
            stack = ExitStack()
            item.stash[_WATCH] = (stack, stack.enter_context(watch_games()))
        return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        result = yield  # a failing test raises here: it fails for its own reason
        named = marked_cards(item)
        if named and _WATCH in item.stash:
            watch = item.stash[_WATCH][1]
            missing = [name for name in named if not watch.played(name)]
            if missing:
                pytest.fail(
                    f"the cards marker names {missing} but no game of this test had them",
                    pytrace=False,
                )
        return result

    @pytest.hookimpl(wrapper=True, trylast=True)
    def pytest_runtest_teardown(self, item: pytest.Item) -> Generator[None, None, None]:
        try:
            return (yield)
        finally:
            if _WATCH in item.stash:
                item.stash[_WATCH][0].close()
                del item.stash[_WATCH]

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if report.when == "call" and report.failed:
            none: list[Scenario] = []
            made_by_test = item.stash.get(_SCENARIOS, none)
            for index, made in enumerate(made_by_test, start=1):
                if made.game is not None:
                    lines = made.narration()
                    report.sections.append((f"manaweave scenario {index}", "\n".join(lines)))
        return report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        outcome = _outcome(report, self.outcomes.get(report.nodeid))
        if outcome is not None:
            self.outcomes[report.nodeid] = outcome

    # -- the end: the report file and the summary line

    def _report_path(self) -> Path | None:
        if self.config.getoption("no_manaweave_report"):
            return None
        given: str | None = self.config.getoption("manaweave_report")
        if given is not None:
            return self.config.invocation_params.dir / given
        return self.config.rootpath / DEFAULT_REPORT

    def _used(self) -> bool:
        return any(rules or cards for rules, cards in self.marks.values())

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if not self._used() or hasattr(self.config, "workerinput"):
            return
        if exitstatus in _NO_REPORT:  # collection errors: keep the last report
            return
        path = self._report_path()
        if path is None:
            return
        records = tuple(
            TestRecord(nodeid, outcome, *self.marks.get(nodeid, ((), ())))
            for nodeid, outcome in self.outcomes.items()
        )
        TestReport(records, rule_book().edition).write(path)
        self.written = path

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self._used() or not self.outcomes:
            return
        rules: set[str] = set()
        cards: set[str] = set()
        passed = 0
        for nodeid, outcome in self.outcomes.items():
            if outcome == "passed" and nodeid in self.marks:
                passed += 1
                rules.update(self.marks[nodeid][0])
                cards.update(self.marks[nodeid][1])
        line = (
            f"manaweave: {passed} passed test(s) covered {len(rules)} rule number(s) "
            f"and {len(cards)} card(s)"
        )
        if self.written is not None:
            line += f"; report: {_shown(self.written, self.config.invocation_params.dir)}"
        terminalreporter.write_line(line)


def _shown(path: Path, base: Path) -> str:
    try:
        return str(path.relative_to(base))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------- the fixtures


class ScenarioFactory:
    """Makes the scenarios of one test: ``scenario(players=3, turn=2)`` is
    ``Scenario(players=3, turn=2)`` with the ``scenario_plugins`` fixture's plugins
    registered before the ``plugins`` given."""

    def __init__(self, plugins: Iterable[object], made: list[Scenario]) -> None:
        self.plugins = tuple(plugins)
        """The plugins every scenario of the test gets."""
        self.made = made
        """The scenarios made so far, in order."""

    def __call__(self, *, plugins: Iterable[object] = (), **options: Any) -> Scenario:
        """A new :class:`~manaweave.testing.Scenario` (the options are its own)."""
        made = Scenario(plugins=(*self.plugins, *plugins), **options)
        self.made.append(made)
        return made


@pytest.fixture
def scenario_plugins() -> Sequence[object]:
    """The plugins (card sets, keywords, variants...) every ``scenario`` of a test gets:
    none. Override it in a ``conftest.py`` to test a plugin of your own."""
    return ()


@pytest.fixture
def scenario(request: pytest.FixtureRequest, scenario_plugins: Sequence[object]) -> ScenarioFactory:
    """A :class:`ScenarioFactory`: call it for each game the test plays
    (``s = scenario(); s.add(0, "battlefield", "Forest")...``)."""
    made: list[Scenario] = []
    request.node.stash[_SCENARIOS] = made
    return ScenarioFactory(scenario_plugins, made)
