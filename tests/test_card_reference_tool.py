"""tools/card_reference.py, which writes the shipped card reference from MTGJSON files and
checks it (CI runs ``--check`` against the data it came from). Here the input is made from
the shipped file itself, in the cut-down MTGJSON format, so no data folder is needed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "core" / "data" / "card-reference.json"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "card_reference", ROOT / "tools" / "card_reference.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _load_tool()


def mtgjson_folder(folder: Path, change: dict[str, dict[str, Any]] | None = None) -> Path:
    """The shipped cards as MTGJSON-format files (``SET#number:rarity`` printings, float mana
    values), split in two files that both have Shock, with ``change`` applied per card."""
    shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))
    cards = []
    for entry in shipped["cards"]:
        face = {**entry, "manaValue": float(entry["manaValue"]), "layout": "normal"}
        face["printings"] = [f"{code}#1:common" for code in entry["printings"]]
        face.update((change or {}).get(entry["name"], {}))
        cards.append({key: value for key, value in face.items() if value is not None})
    meta = {"mtgjson": shipped["meta"]["mtgjson"], "sets": shipped["meta"]["sets"]}
    folder.mkdir(exist_ok=True)
    (folder / "a-cards.json").write_text(json.dumps({"meta": meta, "cards": cards}), "utf-8")
    shock = next(face for face in cards if face["name"] == "Shock")
    extra = {"meta": {"sets": ["M21"]}, "cards": [{**shock, "printings": ["M21#159:common"]}]}
    (folder / "b-cards.json").write_text(json.dumps(extra), "utf-8")
    return folder


def test_the_shipped_file_is_what_its_data_generates(tmp_path: Path) -> None:
    data = mtgjson_folder(tmp_path / "mtg")
    assert TOOL.main(["--check", str(data)]) == 0
    written = tmp_path / "out.json"
    assert TOOL.main(["--from", str(data), "--output", str(written)]) == 0
    assert written.read_bytes() == SHIPPED.read_bytes()


def test_check_lists_what_differs_and_how_to_regenerate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = mtgjson_folder(tmp_path / "mtg", {"Lightning Bolt": {"text": "Deal 3."}})
    assert TOOL.main(["--check", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Lightning Bolt: text: file has 'Lightning Bolt deals 3 damage" in err
    assert "data gives 'Deal 3.'" in err
    assert f"python tools/card_reference.py --from {data}" in err


def test_a_card_the_data_lacks_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = mtgjson_folder(tmp_path / "mtg", {"Grizzly Bears": {"name": "Grizzly Bear"}})
    written = tmp_path / "out.json"
    assert TOOL.main(["--from", str(data), "--output", str(written)]) == 1
    assert "not in" in capsys.readouterr().err
    assert not written.exists()


def test_files_that_disagree_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = mtgjson_folder(tmp_path / "mtg")
    other = json.loads((data / "b-cards.json").read_text("utf-8"))
    other["cards"][0]["text"] = "Something else."
    (data / "b-cards.json").write_text(json.dumps(other), "utf-8")
    assert TOOL.main(["--check", str(data)]) == 2
    assert "disagree on Shock's text" in capsys.readouterr().err


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as raised:
        TOOL.main(["--check", str(tmp_path / "nowhere")])
    assert raised.value.code == 2
