"""Confinement of a player's process (:mod:`._subprocess_actor`): what keeps code the
engine does not trust from reading the engine's process or the game's files, stopping
the engine, or outliving the game.

Two sides:

- The engine's process makes itself unreadable to its children before starting one
  (:func:`hide_from_children`: ``PR_SET_DUMPABLE`` 0 closes ``/proc/<pid>/mem``, ``fd``,
  ``environ`` and ptrace to a process of the same user), and gives the process nothing
  but its pipes.
- The player's process confines itself before it runs any of the player's code
  (:func:`confine`, called by :mod:`._subprocess_child`): in a PID namespace of its own
  where the player is init (every process it starts dies with it, and no process
  outside can be named, so none can be signalled), under Landlock (the filesystem is
  read-only and limited to the Python installation and the player's own module; no
  ``/proc``, no log; no signal to a process outside), without the capabilities that
  creating the namespace gave, with ``no_new_privs`` and with memory and CPU limits.

Each of these is Linux's, and each may be missing (an old kernel, namespaces turned off,
another system): what could not be done is reported by code (:data:`NOT_CONFINED`), and
the engine warns, saying what is then not protected.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import resource
import signal
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib.machinery import ModuleSpec

__all__ = [
    "NOT_CONFINED",
    "confine",
    "hide_from_children",
    "landlock_abi",
    "readable_paths",
]

NOT_CONFINED: Mapping[str, str] = {
    "not_linux": "the platform is not Linux: nothing confines the player's process (it can "
    "read every file its user can, and signal or read the engine's process)",
    "dumpable": "the engine's process could not make itself unreadable: a player's process of "
    "the same user can read its memory and open files through /proc",
    "pid_namespace": "no PID namespace (unprivileged user namespaces are not available): "
    "processes the player starts in a session of their own may outlive the game",
    "landlock": "no Landlock (Linux 5.13 or later, with Landlock enabled): the player's "
    "process can read every file its user can, the game's log and /proc/<engine>/cmdline "
    "among them",
    "landlock_signals": "Landlock cannot stop signals here (Linux 6.12 or later): without a "
    "PID namespace the player's process can stop the engine's process with a signal",
    "limits": "the memory or CPU limit could not be set",
}
"""What each code a player's process reports means is not protected."""

_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_CAPBSET_DROP = 24
_PR_SET_NO_NEW_PRIVS = 38
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_SYS_CAPSET = {"x86_64": 126, "aarch64": 91}
_SYS_LANDLOCK_CREATE_RULESET = 444
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1

# Landlock's filesystem rights (linux/landlock.h), by the ABI version that added them.
_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | (1 << 14) | (1 << 15)
"""The rights a rule on a file (not a folder) may grant."""
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1

SYSTEM_FOLDERS = ("/usr", "/lib", "/lib32", "/lib64", "/etc")
"""Folders a player's process may read: shared libraries, and the system's settings
(time zone, locale). Nothing of a game is kept there."""

DEVICES = {
    "/dev/null": _READ_FILE | _WRITE_FILE,
    "/dev/urandom": _READ_FILE,
    "/dev/zero": _READ_FILE,
}


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)


def hide_from_children() -> bool:
    """Make this process unreadable to processes of the same user (its children among
    them): ``/proc/<pid>/mem``, ``fd``, ``environ``, ``maps`` and ptrace need
    ``CAP_SYS_PTRACE`` then. Whether that could be done (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    return bool(_libc().prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)


def landlock_abi() -> int:
    """The Landlock ABI version the kernel offers; 0 without Landlock."""
    if not sys.platform.startswith("linux"):
        return 0
    version = _libc().syscall(
        _SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), _LANDLOCK_CREATE_RULESET_VERSION
    )
    return max(int(version), 0)


def readable_paths(player_module: str, path: Sequence[str]) -> tuple[list[str], ModuleSpec | None]:
    """What a player's process must read to run: the Python installation and its import
    path (without the current folder or a folder that holds it), the folders ``path``
    names, the folders the files of an editable install link to, and the player's own
    module or package, found (not run) as ``player_module``. The module's spec comes
    too, for the import to use: the folder it came from is not readable."""
    import importlib.util

    here = os.path.join(os.path.realpath(os.getcwd()), "")
    paths: list[str] = [*SYSTEM_FOLDERS, *path]
    paths += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    for entry in sys.path:
        # Not the current folder (where a game's log often is), nor one that holds it.
        if entry and not here.startswith(os.path.join(os.path.realpath(entry), "")):
            paths.append(entry)
    paths += _linked_folders("manaweave")
    spec = None
    with contextlib.suppress(ImportError, ValueError):
        spec = importlib.util.find_spec(player_module)
    if spec is not None:
        if spec.submodule_search_locations:
            paths += list(spec.submodule_search_locations)
        elif spec.origin and os.path.isabs(spec.origin):
            paths.append(spec.origin)
        paths += _linked_folders(player_module)
    return paths, spec


def _linked_folders(package: str) -> set[str]:
    """The folders the files of ``package`` link to (an editable install links each
    file to its source); for a module, the file it links to."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return set()
    if spec is None:
        return set()
    found: set[str] = set()
    roots = list(spec.submodule_search_locations or ())
    if spec.origin and os.path.isabs(spec.origin) and not roots:
        found.add(os.path.realpath(spec.origin))  # a module: that file, not its folder
    for root in roots:
        for folder, _, files in os.walk(root):
            for name in files:
                full = os.path.join(folder, name)
                if os.path.islink(full):
                    found.add(os.path.dirname(os.path.realpath(full)))
    return found


def confine(
    readable: Iterable[str],
    *,
    memory: int | None,
    cpu_time: int | None,
    namespaces: bool = True,
    on_outside: Callable[[int], None] | None = None,
    close_outside: Sequence[int] = (),
) -> list[str]:
    """Confine this process (a player's, before it runs the player's code); the codes of
    :data:`NOT_CONFINED` for what could not be done.

    With ``namespaces`` it first moves to a user and PID namespace of its own and forks:
    the process that returns is init of the namespace; the one that started waits for
    it and exits with its status (it calls ``on_outside(pid)`` first with the pid of the
    one inside, as the engine sees it, then closes the descriptors ``close_outside``).
    The one inside dies when that one dies."""
    if not sys.platform.startswith("linux"):
        return ["not_linux"]
    missing: list[str] = []
    inside = namespaces and _enter_namespaces(on_outside, close_outside)
    if not inside:
        missing.append("pid_namespace")
    libc = _libc()
    libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    if inside:
        _drop_capabilities(libc)
    if not _set_limits(memory, cpu_time):
        missing.append("limits")
    abi = landlock_abi()
    if abi == 0 or not _restrict_files(libc, abi, readable):
        missing.append("landlock")
    if abi < 6 and not inside:
        missing.append("landlock_signals")
    return missing


def _enter_namespaces(
    on_outside: Callable[[int], None] | None, close_outside: Sequence[int]
) -> bool:
    """Move to a new user and PID namespace and fork; in the parent, wait for the child
    and exit with its status (never returns). In the child, init of the new namespace,
    return True; False if the namespaces cannot be made."""
    libc = _libc()
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWPID) != 0:
        return False
    try:
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{uid} {uid} 1")
        _write("/proc/self/gid_map", f"{gid} {gid} 1")
    except OSError:
        return False
    ready_read, ready_write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(ready_write)
        # Killed with the process outside: it is the one the engine kills.
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        # The process outside has told the engine our pid, or is gone (then so are we).
        if os.read(ready_read, 1) != b"x":
            os._exit(1)
        os.close(ready_read)
        # A session of its own: the processes it starts cannot signal the one outside
        # through their process group.
        os.setsid()
        return True
    os.close(ready_read)
    if on_outside is not None:
        on_outside(child)
    os.write(ready_write, b"x")
    # The protocol's pipes are the child's alone now; this process only waits.
    for fd in close_outside:
        os.close(fd)
    while True:
        try:
            _, status = os.waitpid(child, 0)
            break
        except ChildProcessError:
            os._exit(1)
        except InterruptedError:
            continue
    code = os.waitstatus_to_exitcode(status)
    if code < 0:  # killed by a signal: so is this one, for the engine to see why
        if -code not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code & 0xFF)


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="ascii") as file:
        file.write(text)


def _drop_capabilities(libc: ctypes.CDLL) -> None:
    """Drop every capability that creating the user namespace gave."""
    for cap in range(64):
        if libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            break
    number = _SYS_CAPSET.get(os.uname().machine)
    if number is None:
        return
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this one
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: nothing, twice
    libc.syscall(number, ctypes.byref(header), ctypes.byref(data))


def _set_limits(memory: int | None, cpu_time: int | None) -> bool:
    """Limit the address space and CPU time (hard and soft alike, so the process cannot
    raise them again), and turn off core dumps."""
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        for which, value in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, cpu_time)):
            if value is not None:
                hard = resource.getrlimit(which)[1]
                if hard != resource.RLIM_INFINITY:
                    value = min(value, hard)  # a lower limit of the user's holds
                resource.setrlimit(which, (value, value))
    except (OSError, ValueError):
        return False
    return True


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


def _restrict_files(libc: ctypes.CDLL, abi: int, readable: Iterable[str]) -> bool:
    """Restrict this process, with Landlock, to reading ``readable`` (each folder with
    everything in it) and the devices of :data:`DEVICES`; and, from ABI 6 on, to
    signalling and reaching abstract sockets of its own processes only."""
    handled = _FS_RIGHTS_BY_ABI[max(v for v in _FS_RIGHTS_BY_ABI if v <= abi)]
    attr = _RulesetAttr(handled_access_fs=handled)
    size = 8  # ABI 1 to 3 know handled_access_fs alone; 4 and 5 the network's too
    if abi >= 6:
        attr.scoped = _SCOPE_SIGNAL | _SCOPE_ABSTRACT_UNIX_SOCKET
        size = ctypes.sizeof(attr)
    ruleset = libc.syscall(
        _SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0
    )
    if ruleset < 0:
        return False
    try:
        rights = dict.fromkeys(readable, _EXECUTE | _READ_FILE | _READ_DIR)
        rights.update(DEVICES)
        for path, allowed in rights.items():
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # nothing there to read
            try:
                if not os.path.isdir(path):
                    allowed &= _FILE_RIGHTS
                rule = _PathBeneathAttr(allowed_access=allowed & handled, parent_fd=fd)
                if (
                    libc.syscall(
                        _SYS_LANDLOCK_ADD_RULE,
                        ruleset,
                        _LANDLOCK_RULE_PATH_BENEATH,
                        ctypes.byref(rule),
                        0,
                    )
                    != 0
                ):
                    return False
            finally:
                os.close(fd)
        return bool(libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0) == 0)
    finally:
        os.close(ruleset)
