"""``manaweave ladder``: seeded matchups between bots with win rates and intervals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manaweave import Tally, play_ladder, wilson_interval
from manaweave.lowlevel import command_line as main


def test_every_pair_and_deck_pairing_is_played_with_seats_swapped() -> None:
    decks = ["m10:red-green", "m10:green-white"]
    result = play_ladder(["random", "heuristic"], decks, games=2, seed=40, max_turns=60)
    assert len(result.games) == 1 * 4 * 2
    assert [g.seed for g in result.games] == list(range(40, 48))
    pairings = {
        (g.decks[g.bots.index("random")], g.decks[g.bots.index("heuristic")]) for g in result.games
    }
    assert pairings == {(a, b) for a in decks for b in decks}
    # Seats swap from one game to the next.
    assert [g.bots[0] for g in result.games[:2]] == ["random", "heuristic"]
    mine, theirs = result.tally("heuristic", "random"), result.tally("random", "heuristic")
    assert mine.games == theirs.games == 8
    assert (mine.wins, mine.losses, mine.draws) == (theirs.losses, theirs.wins, theirs.draws)
    by_deck = [result.tally("heuristic", "random", deck=d) for d in decks]
    assert sum(t.games for t in by_deck) == 8


def test_the_same_arguments_play_the_same_games() -> None:
    first = play_ladder(["random", "heuristic"], ["m10:red-green"], games=3, seed=7, max_turns=40)
    again = play_ladder(["random", "heuristic"], ["m10:red-green"], games=3, seed=7, max_turns=40)
    assert first.games == again.games


def test_the_heuristic_bot_beats_the_random_bot() -> None:
    result = play_ladder(["heuristic", "random"], ["m10:red-green"], games=20, seed=0)
    assert result.tally("heuristic", "random").win_rate > 0.75


@pytest.mark.parametrize(
    ("bots", "decks", "games", "message"),
    [
        (["random"], ["m10:red-green"], 1, "at least two bots"),
        (["random", "random"], ["m10:red-green"], 1, "different bots"),
        (["random", "nobody"], ["m10:red-green"], 1, "unknown bot 'nobody'"),
        (["random", "heuristic"], [], 1, "at least one deck"),
        (["random", "heuristic"], ["m10:red-green"], 0, "at least one game"),
    ],
)
def test_bad_ladders_are_clear_errors(
    bots: list[str], decks: list[str], games: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        play_ladder(bots, decks, games=games)


def test_wilson_interval_and_tally() -> None:
    low, high = wilson_interval(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    tally = Tally(wins=9, losses=0, draws=2)
    assert tally.win_rate == pytest.approx(10 / 11)
    assert tally.interval[0] < tally.win_rate < tally.interval[1] <= 1


def test_the_command_prints_win_rates_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "ladder.json"
    args = ["ladder", "--bot", "heuristic", "--bot", "random", "--games", "2"]
    assert main([*args, "--max-turns", "40", "--json", str(out_file), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out
    assert "95% CI" in out
    assert "8 games in" in out
    written = json.loads(out_file.read_text(encoding="utf-8"))
    assert len(written["games"]) == 8
    overall = [t for t in written["tallies"] if t["deck"] is None]
    assert {(t["bot"], t["against"]) for t in overall} == {
        ("heuristic", "random"),
        ("random", "heuristic"),
    }


def test_the_command_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--bot", "random", "--bot", "nobody", "--no-progress"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
