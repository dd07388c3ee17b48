"""The build backend: setuptools, with editable installs made as a tree of links.

The source folders are not named after the package (``core/`` is ``manaweave``,
``keywords/`` is ``manaweave.keywords``, ...). setuptools' default editable install maps
them with an import hook, which static tools cannot follow (``mypy`` reports that it cannot
find ``manaweave``) and which comes after the ordinary path search, so that from the folder
above a clone the clone's own folder was imported as an empty namespace package. The
``strict`` editable mode instead links every file into ``build/__editable__.*`` and puts
that folder on the path: a real ``manaweave`` package that both the interpreter and
``mypy`` find. Edits to existing files take effect at once; a new module needs the install
run again (``make`` does it when a source folder changes).

An explicit ``--config-settings editable_mode=...`` still wins.
"""

from __future__ import annotations

import importlib
from typing import Any

# setuptools ships no type information; the hooks are passed through unchanged.
_setuptools: Any = importlib.import_module("setuptools.build_meta")

get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
get_requires_for_build_wheel = _setuptools.get_requires_for_build_wheel
get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable
build_sdist = _setuptools.build_sdist
build_wheel = _setuptools.build_wheel


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """Build the editable wheel in ``strict`` mode unless another mode is asked for."""
    settings = dict(config_settings or {})
    if "editable_mode" not in settings and "editable-mode" not in settings:
        settings["editable_mode"] = "strict"
    built: str = _setuptools.build_editable(wheel_directory, settings, metadata_directory)
    return built
