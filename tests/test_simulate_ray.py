"""``manaweave simulate --backend ray``: a real Ray cluster, started by the test on this
machine's loopback address and stopped after it, plays the same games as the local
worker processes, with the same logs and summary."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from manaweave.log import WALL_CLOCK_FIELDS
from manaweave.simulation import SimulationError, read_game_logs, simulate

ray = pytest.importorskip("ray", reason="the ray extra is not installed")

DECKS = ["m10:red-green", "m10:green-white"]
GAMES = 10
RAY = str(Path(sys.executable).with_name("ray"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A one-node Ray cluster of 2 CPUs on 127.0.0.1, its address; stopped afterwards."""
    port = _free_port()
    temp = tmp_path_factory.mktemp("ray")
    # A cluster of the test's own on loopback: no usage reports, and no token (a token
    # left by another Ray on the machine would be one the test's driver lacks).
    quiet = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
    saved = {name: os.environ.get(name) for name in quiet}
    os.environ.update(quiet)
    environment = dict(os.environ)
    # The cluster is this process group's own (``--block``): stopping it stops nothing
    # else, where ``ray stop`` would stop every Ray on the machine.
    head = subprocess.Popen(
        [
            RAY,
            "start",
            "--head",
            "--block",
            "--node-ip-address=127.0.0.1",
            f"--port={port}",
            "--num-cpus=2",
            "--include-dashboard=false",
            "--disable-usage-stats",
            f"--temp-dir={temp}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment,
        start_new_session=True,
    )
    try:
        _wait_for(port, head)
        yield f"127.0.0.1:{port}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _wait_for(port: int, head: subprocess.Popen[bytes]) -> None:
    """Until the cluster's head answers on ``port`` (a minute at most)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if head.poll() is not None:
            raise AssertionError(f"ray start ended with exit code {head.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.5)
    raise AssertionError("the Ray head did not answer within a minute")


def _logs(out: Path) -> dict[int, list[bytes]]:
    """Each game's log lines without the wall-clock fields (which differ run to run)."""
    found = {}
    for index, log in read_game_logs(out):
        lines = []
        for line in log.splitlines():
            for field in WALL_CLOCK_FIELDS:
                line = _without(line, field)
            lines.append(line)
        found[index] = lines
    return found


def _without(line: bytes, field: str) -> bytes:
    marker = f',"{field}":'.encode()
    start = line.find(marker)
    if start < 0:
        return line
    end = start + len(marker)
    while end < len(line) and line[end : end + 1] not in (b",", b"}"):
        end += 1
    return line[:start] + line[end:]


def test_a_ray_cluster_plays_the_games_the_local_backend_plays(
    cluster: str, tmp_path: Path
) -> None:
    options = {"decks": DECKS, "games": GAMES, "seed": 3, "max_turns": 30, "swap_seats": True}
    local = simulate(tmp_path / "local", jobs=2, **options)  # type: ignore[arg-type]
    on_ray = simulate(
        tmp_path / "ray",
        backend="ray",
        address=cluster,
        chunk_size=3,
        **options,  # type: ignore[arg-type]
    )
    assert on_ray.complete
    assert [g.index for g in on_ray.games] == list(range(GAMES))
    assert [(g.seed, g.decks, g.winners, g.turns) for g in on_ray.games] == [
        (g.seed, g.decks, g.winners, g.turns) for g in local.games
    ]
    assert _logs(tmp_path / "ray") == _logs(tmp_path / "local")
    assert {g.shard for g in on_ray.games} == {"shard-900.jsonl.gz"}
    # A run begun locally is finished on the cluster, and the other way round.
    part = simulate(tmp_path / "mixed", jobs=1, limit=4, **options)  # type: ignore[arg-type]
    assert len(part.games) == 4
    mixed = simulate(
        tmp_path / "mixed",
        backend="ray",
        address=cluster,
        **options,  # type: ignore[arg-type]
    )
    assert mixed.played == GAMES - 4
    assert _logs(tmp_path / "mixed") == _logs(tmp_path / "local")


def test_a_ray_address_with_no_cluster_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match=r"no Ray cluster at 127\.0\.0\.1:"):
        simulate(
            tmp_path / "run",
            decks=DECKS,
            games=1,
            backend="ray",
            address=f"127.0.0.1:{_free_port()}",
        )
    with pytest.raises(SimulationError, match="an address is for the ray backend"):
        simulate(tmp_path / "run", decks=DECKS, games=1, address="auto")
    with pytest.raises(SimulationError, match="the backend is one of local, ray"):
        simulate(tmp_path / "run", decks=DECKS, games=1, backend="spark")  # type: ignore[arg-type]
