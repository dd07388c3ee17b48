"""Running the installed ``manaweave`` command, as a user's shell does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

COMMAND = Path(sys.executable).with_name("manaweave")
"""The console script the install put beside the interpreter."""


def run_manaweave(
    *arguments: str, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``manaweave ARGUMENTS`` in ``cwd``; output captured as text, any exit code."""
    return subprocess.run(
        [str(COMMAND), *arguments],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
        timeout=timeout,
    )
