"""The replay viewer (``manaweave.viewer``, ``manaweave view``): its states are the replayed
game's and agree with the log event by event; the page holds nothing its viewer may not see;
bad input is refused with the command's exit codes; and in a headless browser the page
shows, at any step, what the log says."""

from __future__ import annotations

import gzip
import html.parser
import io
import os
import struct
import subprocess
import tempfile
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest
from _command import run_manaweave as manaweave

import manaweave as mw
from manaweave.log import read_records, redact, render_log
from manaweave.lowlevel import command_line
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.viewer import ViewerPage, build_viewer, write_viewer

DECKS = ["m10:red-green", "m10:green-white"]
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game between two heuristic bots: attacks, blocks, spells, life changes."""
    path = tmp_path_factory.mktemp("viewer") / "game.jsonl"
    mw.run(decks=DECKS, players=[HeuristicBot(seed=1), HeuristicBot(seed=2)], seed=7, log=path)
    return path


@pytest.fixture(scope="module")
def team_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole Two-Headed Giant game (810): two teams of two sharing their life totals."""
    path = tmp_path_factory.mktemp("viewer") / "two-headed-giant.jsonl"
    players = [HeuristicBot(seed=seat) for seat in range(4)]
    mw.run(decks=DECKS * 2, players=players, seed=5, log=path, variant="two_headed_giant")
    return path


@pytest.fixture(scope="module")
def records(log: Path) -> list[dict[str, Any]]:
    return list(read_records(log))


@pytest.fixture(scope="module")
def pages(log: Path) -> dict[int | None, ViewerPage]:
    """The page for a spectator and for each seat."""
    return {viewer: build_viewer(log, viewer) for viewer in (None, 0, 1)}


def _ids(objects: list[dict[str, Any]]) -> set[int]:
    return {o["id"] for o in objects}


def test_the_states_follow_the_log(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage]
) -> None:
    page = pages[None]
    assert len(page.events) == len(records)
    hand = Counter[int]()
    seen = Counter[str]()
    for record in records:
        seq, kind = record["seq"], record["event"]
        state = page.state(seq)
        assert (state["turn"], state["step"] if kind != "turn_began" else None) == (
            record["turn"],
            record["step"],
        )
        battlefield = {o["id"]: o for o in state["battlefield"]}
        owner = record.get("player")
        if record.get("to_zone") == "hand":
            hand[owner] += 1
        if record.get("from_zone") == "hand":
            hand[owner] -= 1
        for seat, player in enumerate(state["players"]):
            assert player["hand_size"] == hand[seat], (seq, kind)
        if kind == "life_changed":
            assert state["players"][owner]["life"] == record["life"]
            seen[kind] += 1
        if record.get("to_zone") == "battlefield":
            assert battlefield[record["new_object"]]["name"] == record["card"]
            seen["entered"] += 1
        if record.get("from_zone") == "battlefield":
            assert record["object"] not in battlefield
            seen["left"] += 1
        if kind == "permanent_tapped" and record["object"] in battlefield:
            assert battlefield[record["object"]].get("tapped") is True
            seen[kind] += 1
        if kind == "permanent_untapped" and record["object"] in battlefield:
            assert "tapped" not in battlefield[record["object"]]
        if kind in {"card_discarded", "object_moved"} and record.get("to_zone") == "graveyard":
            graveyard = state["players"][owner]["graveyard"]
            assert record["new_object"] in _ids(graveyard)
    # The game had each kind of event checked, more than once.
    assert min(seen[k] for k in ("life_changed", "entered", "left", "permanent_tapped")) > 1
    last = page.state(len(records) - 1)
    ended = records[-1]
    assert ended["event"] == "game_ended"
    loser = next(r["player"] for r in records if r["event"] == "player_lost")
    assert last["players"][loser]["life"] <= 0
    assert page.incomplete is False
    assert page.digest_problem is None


def test_a_player_sees_their_own_hand_and_a_spectator_none(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage]
) -> None:
    for seq in range(0, len(records), 97):
        assert pages[None].state(seq)["hand"] == []
        for seat in (0, 1):
            state = pages[seat].state(seq)
            assert len(state["hand"]) == state["players"][seat]["hand_size"]
    drawn = next(r for r in records if r["event"] == "card_drawn" and r["turn"] > 0)
    state = pages[drawn["player"]].state(drawn["seq"])
    assert drawn["new_object"] in _ids(state["hand"])


def _hidden_names(records: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """Card names of the game that ``viewer`` never saw: in no event as they saw it, not in
    their own deck."""
    decks = records[0]["decks"]
    own = set(decks[viewer]) if viewer is not None else set()
    names = {name for deck in decks for name in deck} - own
    seen = b"\n".join(orjson.dumps(event) for event in redact(records, viewer))
    return {name for name in names if orjson.dumps(name) not in seen}


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_the_page_holds_no_card_its_viewer_may_not_see(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage], viewer: int | None
) -> None:
    hidden = _hidden_names(records, viewer)
    assert hidden  # the scan has something to look for
    page = pages[viewer].html
    leaked = sorted(name for name in hidden if name in page or name.replace("'", "\\u0027") in page)
    assert leaked == []
    # And the events in the page are the redacted ones.
    assert pages[viewer].events == list(redact(records, viewer))


def test_the_page_is_self_contained(pages: dict[int | None, ViewerPage]) -> None:
    page = pages[None].html
    assert page.startswith("<!DOCTYPE html>")
    for remote in ("http://", "https://", "src=", "@import", "url("):
        assert remote not in page
    assert page.count("</script>") == 2  # the data and the script: no line of data ends one


def test_write_viewer_does_not_replace_a_file(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    out.write_text("mine")
    with pytest.raises(FileExistsError):
        write_viewer(log, out)
    assert out.read_text() == "mine"
    page = write_viewer(log, out, 1, overwrite=True)
    assert out.read_text(encoding="utf-8") == page.html


def _redacted_log(records: list[dict[str, Any]], path: Path) -> Path:
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in redact(records, 0)))
    return path


def _changed_log(records: list[dict[str, Any]], path: Path) -> Path:
    """The log with a life total it could not have had: the replay differs there."""
    changed = [dict(r) for r in records]
    first = next(r for r in changed if r["event"] == "life_changed")
    first["life"] += 1
    path.write_bytes(render_log(changed))
    return path


def test_bad_logs_are_refused(records: list[dict[str, Any]], log: Path, tmp_path: Path) -> None:
    with pytest.raises(mw.GameLogError, match="redacted for a player or a spectator"):
        build_viewer(_redacted_log(records, tmp_path / "redacted.jsonl"))
    (tmp_path / "notes.txt").write_text("not a log\n")
    with pytest.raises(mw.GameLogError, match="not JSON"):
        build_viewer(tmp_path / "notes.txt")
    with pytest.raises(mw.ReplayMismatchError, match="life_changed"):
        build_viewer(_changed_log(records, tmp_path / "changed.jsonl"))
    with pytest.raises(ValueError, match="has players P1 to P2"):
        build_viewer(log, 2)


def test_an_incomplete_log_shows_the_events_it_has(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage], tmp_path: Path
) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records[:400]))
    page = build_viewer(cut)
    assert page.incomplete
    assert len(page.events) == 400
    assert page.state(399) == pages[None].state(399)


def test_the_command(records: list[dict[str, Any]], log: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    written = manaweave("view", str(log), "-o", str(out), cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    assert written.stdout.startswith(f"{out}: {len(records)} events, ")
    again = manaweave("view", str(log), "-o", str(out), "--as", "1", cwd=tmp_path)
    assert again.returncode == 2
    assert "exists" in again.stderr
    assert "--overwrite" in again.stderr
    seat = manaweave("view", str(log), "-o", str(tmp_path / "x.html"), "--as", "3", cwd=tmp_path)
    assert (seat.returncode, "has players P1 to P2" in seat.stderr) == (2, True)
    redacted = _redacted_log(records, tmp_path / "redacted.jsonl")
    refused = manaweave("view", str(redacted), cwd=tmp_path)
    assert refused.returncode == 3
    assert "redacted" in refused.stderr
    changed = _changed_log(records, tmp_path / "changed.jsonl")
    differs = manaweave("view", str(changed), cwd=tmp_path)
    assert differs.returncode == 1
    assert "does not replay identically" in differs.stderr
    assert not (tmp_path / "redacted.html").exists()
    assert not (tmp_path / "changed.html").exists()
    helped = manaweave("view", "--help", cwd=tmp_path)
    assert "--as SEAT" in helped.stdout
    assert "--public" in helped.stdout


# --- in a browser --------------------------------------------------------------------------------

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="no /usr/bin/chromium to open the page in (apt-get install chromium)",
)


def _chromium(url: str, *arguments: str, budget: int = 5000) -> bytes:
    """Run headless Chromium on ``url`` with a profile of its own, for ``budget``
    milliseconds of the page's (virtual) time; its standard output."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                str(CHROMIUM),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--virtual-time-budget={budget}",
                *arguments,
                url,
            ],
            capture_output=True,
            timeout=90,
            check=False,
            env={**os.environ, "HOME": profile},
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


_VOID = frozenset({"br", "input", "meta"})
"""The page's elements that have no end tag."""


class _Shown(html.parser.HTMLParser):
    """The text of each element with an id, and the card names in each such element."""

    def __init__(self) -> None:
        super().__init__()
        self.text: dict[str, str] = {}
        self.cards: dict[str, list[str]] = {}
        self.attributes: dict[str, dict[str, str | None]] = {}
        self.within: dict[str, list[str]] = {}
        """For each element with an id, the ids of the elements it is inside."""
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        ident = found.get("id")
        if tag in _VOID:
            if ident:
                self.attributes[ident] = found
            return
        if ident:
            self.text[ident] = ""
            self.cards[ident] = []
            self.attributes[ident] = found
            self.within[ident] = [i for i in self._open if i is not None]
        if "data-name" in found:
            for open_id in self._open:
                if open_id is not None:
                    self.cards[open_id].append(str(found["data-name"]))
        self._open.append(ident)

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for open_id in self._open:
            if open_id is not None:
                self.text[open_id] += data


def _shown(page: Path, step: int) -> _Shown:
    dom = _chromium(f"{page.as_uri()}#step={step}", "--dump-dom")
    shown = _Shown()
    shown.feed(dom.decode())
    return shown


@needs_chromium
@pytest.mark.parametrize("viewer", [None, 1])
def test_the_browser_shows_what_the_log_says(
    records: list[dict[str, Any]],
    pages: dict[int | None, ViewerPage],
    tmp_path: Path,
    viewer: int | None,
) -> None:
    page = tmp_path / "game.html"
    page.write_text(pages[viewer].html, encoding="utf-8")
    # A step in combat, late enough for a board worth looking at.
    step = next(r["seq"] for r in records if r["event"] == "life_changed" and r["turn"] > 4)
    shown = _shown(page, step)
    record = records[step]
    state = pages[viewer].state(step)
    assert shown.text["position"] == f"{step} / {len(records) - 1}"
    assert shown.text["turn"] == str(record["turn"])
    assert shown.text["step"] == record["step"]
    assert shown.text["event-name"] == record["event"]
    assert shown.text["life-" + str(record["player"])] == str(record["life"])
    for seat, player in enumerate(state["players"]):
        assert shown.text[f"life-{seat}"] == str(player["life"])
        assert shown.text[f"hand-count-{seat}"] == str(player["hand_size"])
        on_battlefield = [o["name"] for o in state["battlefield"] if o["controller"] == seat]
        assert sorted(shown.cards[f"battlefield-{seat}"]) == sorted(on_battlefield)
        in_hand = shown.cards[f"hand-{seat}"]
        assert sorted(in_hand) == (
            sorted(o["name"] for o in state["hand"]) if seat == viewer else []
        )
    assert orjson.loads(shown.text["raw"]) == pages[viewer].events[step]


@needs_chromium
def test_screenshots_of_two_steps_differ(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage], tmp_path: Path
) -> None:
    page = tmp_path / "game.html"
    page.write_text(pages[None].html, encoding="utf-8")
    shots = []
    for step in (10, len(records) - 1):
        shot = tmp_path / f"step-{step}.png"
        _chromium(f"{page.as_uri()}#step={step}", f"--screenshot={shot}", "--window-size=1200,900")
        shots.append(shot.read_bytes())
    for shot in shots:
        assert shot.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(shot) > 10_000
    assert shots[0] != shots[1]


# What the page drew, looked at the way a person does: the layout boxes and the pixels of one
# opening of the page, checked against the log.

_LAYOUT_SCRIPT = """<script>
(function () {
  function box(node) {
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  }
  const found = { boxes: {}, cards: [], labels: {}, controls: {} };
  document.querySelectorAll("[id]").forEach(function (node) { found.boxes[node.id] = box(node); });
  document.querySelectorAll(".zone").forEach(function (zone) {
    found.labels[zone.querySelector(".cards").id] = box(zone.querySelector(".label"));
  });
  document.querySelectorAll(".card").forEach(function (card) {
    found.cards.push({ zone: card.parentNode.id, id: Number(card.dataset.id),
                       name: card.dataset.name, tapped: card.dataset.tapped === "1",
                       controller: card.dataset.controller, text: card.textContent,
                       box: box(card) });
  });
  document.querySelectorAll(".controls button").forEach(function (button) {
    const drawn = Array.from(button.querySelectorAll("svg")).filter(function (svg) {
      return svg.getBoundingClientRect().width > 0;
    });
    found.controls[button.id] = { text: button.textContent, icons: drawn.map(box) };
  });
  const out = document.createElement("pre");
  out.id = "layout";
  out.textContent = JSON.stringify(found);
  document.body.appendChild(out);
})();
</script>
</body>"""
"""Appended to a copy of the page: writes where everything was laid out into the DOM, for
``--dump-dom`` (the page itself has no such mode)."""

_WINDOW = (1200, 900)


class _Look:
    """One opening of a page at a fragment: the DOM Chromium dumped, the layout boxes
    (CSS pixels, as the screenshot's at a device scale of 1) and the screenshot's pixels."""

    def __init__(
        self, html_text: str, folder: Path, fragment: str, window: tuple[int, int] = _WINDOW
    ) -> None:
        page = folder / "looked-at.html"
        page.write_text(html_text.replace("</body>", _LAYOUT_SCRIPT, 1), encoding="utf-8")
        shot = folder / "looked-at.png"
        width, height = self.window = window
        dom = _chromium(
            f"{page.as_uri()}#{fragment}",
            "--dump-dom",
            f"--screenshot={shot}",
            f"--window-size={width},{height}",
        )
        self.shown = _Shown()
        self.shown.feed(dom.decode())
        self.layout: dict[str, Any] = orjson.loads(self.shown.text["layout"])
        self.png = shot.read_bytes()

    def ink(self, box: list[float]) -> list[list[bool]]:
        """Which pixels of ``box`` are drawn dark (the page's ink on its light panels)."""
        left, top, right, bottom = (round(v) for v in box)
        width, channels, rows = _pixels(self.png, bottom)
        assert 0 <= left < right <= width
        return [
            [sum(rows[y][x * channels : x * channels + 3]) < 3 * 128 for x in range(left, right)]
            for y in range(top, bottom)
        ]


def _pixels(png: bytes, rows: int) -> tuple[int, int, list[bytearray]]:
    """The first ``rows`` rows of an 8-bit RGB or RGBA PNG (as Chromium writes screenshots):
    its width, its channels and the rows' bytes."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    at, data = 8, bytearray()
    header: tuple[int, ...] = ()
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
    width, height, depth, colour, _, _, interlace = header
    assert (depth, interlace, colour in (2, 6)) == (8, 0, True), header
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompressobj().decompress(bytes(data), (stride + 1) * min(rows, height))
    found: list[bytearray] = []
    above = bytearray(stride)
    for y in range(min(rows, height)):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):  # the PNG filters (none, sub, up, average, Paeth)
            a = line[i - channels] if i >= channels else 0
            b = above[i]
            c = above[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                guess = a + b - c
                near = min((abs(guess - a), 0, a), (abs(guess - b), 1, b), (abs(guess - c), 2, c))
                line[i] = (line[i] + near[2]) & 255
        found.append(line)
        above = line
    return width, channels, found


def _overlap(one: list[float], other: list[float]) -> bool:
    """Whether two boxes share more than an edge."""
    return min(one[2], other[2]) > max(one[0], other[0]) and min(one[3], other[3]) > max(
        one[1], other[1]
    )


def _controllers(records: list[dict[str, Any]], upto: int) -> dict[int, int]:
    """Who controls each object put on the stack by the log's events up to ``upto``: the
    caster of a spell (601.2a, 601.2i), the player who activated an ability or put a
    triggered one on the stack (602.2, 603.3), the controller of a copy (707.10)."""
    onto_stack = {"spell_proposed", "spell_cast", "ability_activated", "ability_stacked"}
    found: dict[int, int] = {}
    for record in records[: upto + 1]:
        if record["event"] in onto_stack or record["event"].endswith("_copied"):
            found[record.get("new_object", record.get("object"))] = record["player"]
    return found


def _tapped(records: list[dict[str, Any]], upto: int) -> set[int]:
    """The permanents the log has tapped and not untapped, still on the battlefield, after
    event ``upto``."""
    tapped: set[int] = set()
    for record in records[: upto + 1]:
        if record["event"] == "permanent_tapped":
            tapped.add(record["object"])
        elif record["event"] == "permanent_untapped" or record.get("from_zone") == "battlefield":
            tapped.discard(record.get("object", -1))
    return tapped


@pytest.fixture(scope="module")
def board(
    records: list[dict[str, Any]],
    pages: dict[int | None, ViewerPage],
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[int, _Look]:
    """The spectator's page at the step with a spell on the stack and the most tapped
    permanents: its layout and screenshot."""
    page = pages[None]

    def crowded(seq: int) -> int:
        state = page.state(seq)
        return sum(1 for o in state["battlefield"] if o.get("tapped")) if state["stack"] else -1

    step = max(range(len(records)), key=crowded)
    return step, _Look(page.html, tmp_path_factory.mktemp("board"), f"step={step}")


_CONTROLS = ("first", "prev-turn", "prev", "play", "next", "next-turn", "last")


@needs_chromium
def test_the_controls_are_drawn_with_no_font(board: tuple[int, _Look]) -> None:
    _, look = board
    controls = look.layout["controls"]
    for name in _CONTROLS:
        # No character a font may lack (the media symbols): the symbol is drawn.
        assert controls[name]["text"].isascii(), (name, controls[name]["text"])
        (icon,) = controls[name]["icons"]
        assert min(icon[2] - icon[0], icon[3] - icon[1]) >= 10, (name, icon)
        drawn = sum(map(sum, look.ink(icon)))
        assert drawn >= 0.15 * (icon[2] - icon[0]) * (icon[3] - icon[1]), (name, drawn)
    # First and last are each other's mirror image, and neither is its own (as a box of a
    # missing glyph would be): they point their ways.
    first = look.ink(controls["first"]["icons"][0])
    last = look.ink(controls["last"]["icons"][0])
    cells = sum(len(row) for row in first)

    def differ(one: list[list[bool]], other: list[list[bool]]) -> int:
        pairs = zip(one, other, strict=True)
        return sum(a != b for p, q in pairs for a, b in zip(p, q, strict=True))

    assert differ([row[::-1] for row in first], last) <= 0.05 * cells
    assert differ([row[::-1] for row in first], first) >= 0.1 * cells


@needs_chromium
def test_tapped_cards_take_the_room_they_need(
    records: list[dict[str, Any]], board: tuple[int, _Look]
) -> None:
    step, look = board
    on_battlefield = [c for c in look.layout["cards"] if c["zone"].startswith("battlefield-")]
    # The page shows tapped the permanents the log tapped.
    assert {c["id"] for c in on_battlefield if c["tapped"]} == _tapped(records, step)
    assert sum(c["tapped"] for c in on_battlefield) >= 4
    for card in on_battlefield:
        label = look.layout["labels"][card["zone"]]
        assert not _overlap(card["box"], label), (card["name"], card["box"], label)
        for other in on_battlefield:
            if other is not card and other["zone"] == card["zone"]:
                assert not _overlap(card["box"], other["box"]), (card["name"], other["name"])


@needs_chromium
def test_stack_items_name_their_controllers_as_the_log_does(
    records: list[dict[str, Any]], board: tuple[int, _Look]
) -> None:
    step, look = board
    _check_stack(records, step, look)


def _check_stack(records: list[dict[str, Any]], step: int, look: _Look) -> set[int]:
    """Check that each item on the stack at ``step`` names its controller as the log's
    events say; the controllers."""
    stacked = [c for c in look.layout["cards"] if c["zone"] == "stack"]
    assert stacked
    controllers = _controllers(records, step)
    for item in stacked:
        seat = controllers[item["id"]]
        assert item["controller"] == str(seat)
        assert item["text"].startswith(f"P{seat + 1}'s{item['name']}"), item["text"]
        assert _overlap(item["box"], [0, 0, *look.window])  # and in sight
    return {controllers[item["id"]] for item in stacked}


@needs_chromium
def test_two_headed_giant_teams_are_shown_together_with_one_life_total_each(
    team_log: Path, tmp_path: Path
) -> None:
    """810.4, 810.10: each team has one life total and one count of poison counters; the
    page shows them once on the team, as the log's life_changed lines give them. And with
    shared team turns (805), a spell on the stack is often not the active player's: it
    names the teammate who cast it."""
    records = list(read_records(team_log))
    teams = records[0]["teams"]
    assert teams == [[0, 1], [2, 3]]
    assert "totals" in records[0]["shared_by_teams"]
    page = build_viewer(team_log)
    team_of = {seat: number for number, members in enumerate(teams) for seat in members}

    def others_on_stack(seq: int) -> bool:
        state = page.state(seq)
        return any(o["controller"] != state["active_player"] for o in state["stack"])

    # The last step with a spell of a player whose turn it is not.
    step = max(filter(others_on_stack, range(len(records))))
    life: dict[int, int] = {}
    for record in records[: step + 1]:
        if record["event"] == "life_changed":
            life[team_of[record["player"]]] = record["life"]
    assert set(life) == {0, 1}  # both teams' totals changed by then
    # Tall enough for both teams' panels of two players each.
    look = _Look(page.html, tmp_path, f"step={step}", (1200, 1800))
    assert page.state(step)["active_player"] not in _check_stack(records, step, look)
    shown = look.shown
    totals = sorted(i for i in shown.text if i.startswith(("life-", "team-life-")))
    assert totals == ["team-life-0", "team-life-1"]
    for number, members in enumerate(teams):
        assert shown.text[f"team-life-{number}"] == str(life[number])
        poison = page.state(step)["players"][members[0]]["poison"]
        assert shown.text[f"team-poison-{number}"] == str(poison)
        names = ", ".join(f"P{seat + 1}" for seat in members)
        assert shown.text[f"team-{number}"].startswith(f"Team {number + 1} ({names})")
        for seat in members:
            assert f"team-{number}" in shown.within[f"player-{seat}"]
        # The total is on the screen, drawn.
        box = look.layout["boxes"][f"team-life-{number}"]
        assert box[3] <= look.window[1]
        assert sum(map(sum, look.ink(box))) > 20


@needs_chromium
def test_auto_play_goes_at_the_speed_in_the_address(
    records: list[dict[str, Any]], pages: dict[int | None, ViewerPage], tmp_path: Path
) -> None:
    page = tmp_path / "game.html"
    page.write_text(pages[None].html, encoding="utf-8")
    # 64 events a second for 5 seconds of the page's time.
    dom = _chromium(f"{page.as_uri()}#step=0&speed=64&play", "--dump-dom", budget=5000)
    shown = _Shown()
    shown.feed(dom.decode())
    played = int(shown.text["position"].split(" / ")[0])
    assert 0.8 * 64 * 5 <= played <= 64 * 5.5
    assert shown.text["play-label"] == "pause"
    # A turn a second for 3.5 seconds: the first event of turn 3.
    dom = _chromium(f"{page.as_uri()}#step=0&speed=turn&play", "--dump-dom", budget=3500)
    shown = _Shown()
    shown.feed(dom.decode())
    at = int(shown.text["position"].split(" / ")[0])
    assert at == next(r["seq"] for r in records if r["turn"] == 3)


def _member(index: int, log: bytes) -> bytes:
    """A run's shard's member: the gzip member named ``game-INDEX.jsonl``."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=f"game-{index}.jsonl", mode="wb", fileobj=buffer, mtime=0) as gz:
        gz.write(log)
    return buffer.getvalue()


def test_a_compressed_log_reads_as_the_log_and_a_runs_shard_is_named_as_one(
    log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    compressed = tmp_path / "game.jsonl.gz"
    compressed.write_bytes(gzip.compress(log.read_bytes()))
    assert command_line(["show", str(log)]) == 0
    plain = capsys.readouterr().out
    assert command_line(["show", str(compressed)]) == 0
    assert capsys.readouterr().out == plain
    assert command_line(["view", str(compressed)]) == 0
    assert "game.html:" in capsys.readouterr().out
    assert (tmp_path / "game.html").read_text() == build_viewer(log).html
    # A run's shard holds many games: it is named as such, with how to name one of them.
    run = tmp_path / "run"
    run.mkdir()
    shard = run / "shard-000.jsonl.gz"
    shard.write_bytes(_member(4, log.read_bytes()) + _member(9, log.read_bytes()))
    for command in ("view", "show", "replay"):
        assert command_line([command, str(shard)]) == 3
        refused = capsys.readouterr().err
        assert "a simulate run's shard, which holds many games (game 4 first)" in refused
        assert f"manaweave view {run} --game INDEX" in refused
    assert command_line(["view", str(shard), "--game", "9"]) == 0
    assert "game-9.html: 1" in capsys.readouterr().out
    assert (run / "game-9.html").read_text() == build_viewer(log).html
    assert command_line(["show", str(run), "--game", "4"]) == 0
    assert capsys.readouterr().out == plain
    assert command_line(["show", str(run), "--game", "5"]) == 2
    assert "the run has no complete game 5" in capsys.readouterr().err
    assert command_line(["show", str(log), "--game", "5"]) == 2
    assert "--game picks a game of a simulate run's folder or shard" in capsys.readouterr().err
