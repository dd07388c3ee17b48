"""tools/card_reference.py, which writes the shipped card reference from MTGJSON files and
checks it (CI runs ``--check`` against the data it came from). Here the input is made from
the shipped file itself, in the cut-down MTGJSON format, so no data folder is needed."""

from __future__ import annotations

import gzip
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


def _all_sets(folder: Path, *, goyf_set: str = "FUT") -> Path:
    """A small ``all-sets`` folder: two sets, a card printed in both, a split card."""
    all_sets = folder / "all-sets"
    all_sets.mkdir(parents=True)
    sets = [
        {"code": "APC", "name": "Apocalypse", "releaseDate": "2001-06-04"},
        {"code": "FUT", "name": "Future Sight", "releaseDate": "2007-05-04"},
        {"code": "MMA", "name": "Modern Masters", "releaseDate": "2013-06-07"},
    ]
    cards = [
        {"name": "Tarmogoyf", "printings": ["MMA#1:mythic", f"{goyf_set}#153:rare"]},
        {"name": "Fire // Ice", "faceName": "Fire", "printings": ["APC#128:uncommon"]},
        {"name": "Fire // Ice", "faceName": "Ice", "printings": ["APC#128:uncommon"]},
    ]
    (all_sets / "sets.json").write_text(json.dumps({"sets": sets}), "utf-8")
    (all_sets / "cards.json").write_text(json.dumps({"meta": {}, "cards": cards}), "utf-8")
    return all_sets


def test_every_real_name_is_written_with_its_sets_oldest_first(tmp_path: Path) -> None:
    data = mtgjson_folder(tmp_path / "mtg")
    _all_sets(data)
    names = tmp_path / "names.json.gz"
    out = ["--output", str(tmp_path / "out.json"), "--names-output", str(names)]
    assert TOOL.main(["--from", str(data), *out]) == 0
    document = json.loads(gzip.decompress(names.read_bytes()))
    assert document["cards"] == {"Fire // Ice": "APC", "Tarmogoyf": "FUT MMA"}
    assert document["faces"] == {"Fire": "Fire // Ice", "Ice": "Fire // Ice"}
    assert document["sets"]["FUT"] == "Future Sight"
    assert "MIT" in document["meta"]["license"]
    assert TOOL.main(["--check", str(data), *out]) == 0
    first = names.read_bytes()
    assert TOOL.main(["--from", str(data), *out]) == 0
    assert names.read_bytes() == first  # no timestamp in the gzip header


def test_check_finds_stale_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = mtgjson_folder(tmp_path / "mtg")
    all_sets = _all_sets(data)
    names = tmp_path / "names.json.gz"
    out = ["--output", str(tmp_path / "out.json"), "--names-output", str(names)]
    assert TOOL.main(["--from", str(data), *out]) == 0
    (all_sets / "cards.json").unlink()
    (all_sets / "sets.json").unlink()
    all_sets.rmdir()
    _all_sets(data, goyf_set="APC")
    assert TOOL.main(["--check", str(data), *out]) == 1
    assert "cards: 1 differ: Tarmogoyf" in capsys.readouterr().err
