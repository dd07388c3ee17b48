"""A player's process learns nothing hidden from the engine's process or the game's
files, even when both run as the same ordinary user: ``manaweave play --bot
subprocess:...`` run by a user that is not root, with a bot that tries ``/proc/<engine>``
(memory, descriptors, command line, environment), the log by its path, inherited
descriptors, every process's command line and stopping the engine. And when the engine
runs as root, with the bot as another user (``--bot-user``).

Run as root (as CI runs), the test plays the game as the user ``nobody``: in a mount
namespace of its own it makes the folders the game needs reachable to that user (a
folder only root may enter, such as ``/root`` holding Python, is replaced there by one
holding only what is needed), then drops to that user and runs the command line."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import orjson
import pytest
import trio

import manaweave
from manaweave.players import RandomBot, open_subprocess_actor

HERE = Path(__file__).parent
NOBODY = 65534
SEED = 987654321
"""The game's seed: on the engine's command line, and what the bot must not learn."""

# Run as root in a process of its own: a private mount namespace where the folders named
# make a path to every needed path that the user can enter, then the user, then the command.
LAUNCHER = r"""
import ctypes, json, os, stat, sys, tempfile
libc = ctypes.CDLL(None, use_errno=True)
MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18
def mount(source, target, kind, flags, data=None):
    if libc.mount(source and source.encode(), target.encode(), kind and kind.encode(), flags,
                  data and data.encode()) != 0:
        raise OSError(ctypes.get_errno(), f"mount {source} on {target}")
settings = json.loads(sys.argv[1])
uid = settings["uid"]
stashes = {}
def reach(path):
    parts = path.strip("/").split("/")
    for depth in range(len(parts)):
        folder = "/" + "/".join(parts[:depth])
        child = parts[depth]
        if folder not in stashes and os.stat(folder).st_mode & 0o001:
            continue
        if folder not in stashes:
            stash = tempfile.mkdtemp(prefix="stash-", dir=settings["cwd"])
            mount(folder, stash, None, MS_BIND | MS_REC)
            mount("tmpfs", folder, "tmpfs", 0, "mode=755")
            stashes[folder] = stash
        inside = os.path.join(folder, child)
        if not os.path.lexists(inside):
            original = os.path.join(stashes[folder], child)
            if os.path.isdir(original):
                os.mkdir(inside)
            else:
                open(inside, "w").close()
            mount(original, inside, None, MS_BIND | MS_REC)
unreachable = [p for p in settings["paths"] if not all(
    os.stat("/" + "/".join(p.strip("/").split("/")[:d])).st_mode & 0o001
    for d in range(len(p.strip("/").split("/"))))]
if unreachable:
    if libc.unshare(0x00020000) != 0:  # CLONE_NEWNS
        print("SKIP: cannot make a mount namespace to reach", unreachable[0])
        sys.exit(77)
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    for path in unreachable:
        reach(path)
os.environ["SNOOP_HOST_PID"] = str(os.getpid())
if uid is not None:
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
os.chdir(settings["cwd"])
os.execv(settings["argv"][0], settings["argv"])
"""


def landlock_abi() -> int:
    """The Landlock ABI version the kernel offers (landlock_create_ruleset with its
    version flag), 0 without Landlock."""
    if not sys.platform.startswith("linux"):
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    return max(int(libc.syscall(444, None, ctypes.c_size_t(0), 1)), 0)


def needed_paths() -> list[str]:
    """What the engine and the bot read: Python, the installed packages and the sources
    an editable install links to."""
    paths = {os.path.realpath(sys.executable), sys.prefix, sys.base_prefix}
    paths.update(os.path.realpath(entry) for entry in sys.path if entry and Path(entry).exists())
    paths.add(str(Path(os.path.realpath(manaweave.__file__)).parent.parent))
    return sorted(paths)


def play(
    folder: Path, argv: list[str], *, engine_as_root: bool
) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` in ``folder``: as an ordinary user (this one if it is not root,
    ``nobody`` otherwise), or as root with ``engine_as_root``, in either case where
    that user reaches what the game needs."""
    env = {**os.environ, "SNOOP_LOG": str(folder / "game.jsonl"), "HOME": str(folder)}
    if os.geteuid() != 0:
        # The engine's pid, for the bot to aim at: the shell's, which exec keeps.
        shell = ["sh", "-c", 'SNOOP_HOST_PID=$$ exec "$@"', "sh"]
        return subprocess.run(
            [*shell, *argv],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    os.chown(folder, NOBODY, NOBODY)
    settings = {
        "uid": None if engine_as_root else NOBODY,
        "paths": [*needed_paths(), str(folder)],
        "cwd": str(folder),
        "argv": argv,
    }
    result = subprocess.run(
        [sys.executable, "-c", LAUNCHER, json.dumps(settings)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode == 77 and result.stdout.startswith("SKIP"):
        pytest.skip(result.stdout.strip())
    return result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the confinement is Linux's")
@pytest.mark.skipif(
    landlock_abi() == 0,
    reason="without Landlock a process of the same user can read the game's log by its path",
)
@pytest.mark.parametrize(
    "engine_as_root",
    [
        pytest.param(False, id="the-same-ordinary-user"),
        pytest.param(
            True,
            id="the-engine-as-root-the-bot-as-another-user",
            marks=pytest.mark.skipif(os.geteuid() != 0, reason="only root switches users"),
        ),
    ],
)
def test_a_snooping_bot_learns_nothing(engine_as_root: bool) -> None:
    # Not under pytest's temporary folder, which only its user may enter.
    folder = Path(tempfile.mkdtemp(prefix="manaweave-isolation-"))
    try:
        snoop_on_a_game(folder, engine_as_root=engine_as_root)
    finally:
        shutil.rmtree(folder)


def snoop_on_a_game(folder: Path, *, engine_as_root: bool) -> None:
    shutil.copy(HERE / "_subprocess_bots.py", folder / "snooper.py")
    (folder / "snooper.py").chmod(0o644)
    argv = [
        sys.executable,
        "-m",
        "manaweave",
        "play",
        "--bot",
        "subprocess:snooper:ProcSnooping",
        "--bot",
        "random",
        "--seed",
        str(SEED),
        "--log",
        str(folder / "game.jsonl"),
        "--max-turns",
        "20",
        "--quiet",
        *(["--bot-user", str(NOBODY)] if engine_as_root else []),
    ]
    result = play(folder, argv, engine_as_root=engine_as_root)
    assert result.returncode == 0, result.stderr
    report = [line for line in result.stderr.splitlines() if line.startswith("SNOOP")]
    assert len(report) == 12, result.stderr  # every attempt was made
    if "no PID namespace" in result.stderr and landlock_abi() < 6:
        pytest.skip(
            "neither a PID namespace nor Landlock's signal scope here: the engine can be "
            "signalled (as the engine's warning says)"
        )
    assert not [line for line in report if "GOT" in line], "\n".join(report)
    assert str(SEED) not in result.stderr
    # The bot played the game through, and nothing it did reached the log.
    records = [orjson.loads(line) for line in (folder / "game.jsonl").read_bytes().splitlines()]
    assert records[0]["players"][0]["kind"] == "SubprocessPlayer"
    assert records[-1]["event"] == "game_ended"
    assert sum(r["event"] == "decision_made" and r.get("player") == 0 for r in records) > 5
    assert manaweave.replay(folder / "game.jsonl").identical


@pytest.mark.skipif(landlock_abi() == 0, reason="without Landlock every file of the user is open")
def test_a_folder_on_the_import_path_that_holds_the_log_is_not_readable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # PYTHONPATH names the folder that holds the game's folder: the bot's process may
    # not read it, only the bot's own module there.
    folder = tmp_path / "game"
    folder.mkdir()
    shutil.copy(HERE / "_subprocess_bots.py", folder / "snooper.py")
    log = folder / "game.jsonl"
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv("SNOOP_LOG", str(log))
    monkeypatch.setenv("SNOOP_HOST_PID", str(os.getpid()))

    async def main() -> None:
        async with open_subprocess_actor("snooper:ProcSnooping", kwargs={"seed": 1}) as bot:
            game = manaweave.new_game(
                decks=["m10:red-green", "m10:green-white"],
                players=[bot, RandomBot(seed=2)],
                seed=SEED,
                max_turns=5,
                log=log,
            )
            await manaweave.play_game(game)

    trio.run(main)
    report = [line for line in capfd.readouterr().err.splitlines() if line.startswith("SNOOP")]
    assert len(report) == 12
    assert "SNOOP log by path: denied (PermissionError)" in report
    assert "SNOOP current folder: denied (PermissionError)" in report
