"""A readable play-by-play of a game, written from its event log."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = ["narrate"]


def narrate(events: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """Yield one line of commentary per interesting event, in order."""
    names: dict[int, str] = {}
    players: list[str] = []

    def who(player: Any) -> str:
        return players[player] if isinstance(player, int) and player < len(players) else "?"

    def what(obj: Any) -> str:
        if isinstance(obj, str) and obj.startswith("player:"):
            return who(int(obj.split(":")[1]))
        return names.get(obj, f"#{obj}")

    for e in events:
        kind = e["event"]
        for key in ("new_object", "object"):
            if "card" in e and key in e:
                names[e[key]] = e["card"]
        if kind == "game_started":
            players = [p["name"] for p in e["players"]]
            decks = e.get("deck_names") or [""] * len(players)
            line = ", ".join(f"{n} ({d})" if d else n for n, d in zip(players, decks, strict=False))
            yield f"Game {e['game']} (seed {e['seed']}, {e['variant']}): {line}"
        elif kind == "starting_player_chosen":
            yield f"{who(e['player'])} plays first."
        elif kind == "mulligan_taken":
            yield f"{who(e['player'])} takes a mulligan."
        elif kind == "turn_began":
            yield f"--- Turn {e['turn']}: {who(e['player'])} ---"
        elif kind == "land_played":
            yield f"{who(e['player'])} plays {e['card']}."
        elif kind == "spell_cast":
            aim = ", ".join(what(t) for t in e.get("targets", []))
            yield f"{who(e['player'])} casts {e['card']}" + (f" targeting {aim}." if aim else ".")
        elif kind == "ability_activated":
            paid = f" (paying {e['total_cost']})" if "total_cost" in e else ""
            yield f"{who(e['player'])} activates {what(e['source'])}: {e['text']}{paid}"
        elif kind == "permanent_entered":
            yield f"  {e['card']} enters the battlefield."
        elif kind == "aura_attached":
            yield f"  {what(e['object'])} enchants {what(e['attached_to'])}."
        elif kind == "spell_fizzled":
            yield f"  {what(e['object'])} doesn't resolve: its targets are gone."
        elif kind == "attackers_declared" and e["attackers"]:
            attackers = ", ".join(
                what(a[0]) + (f" (at {what(a[2])})" if len(a) > 2 else "") for a in e["attackers"]
            )
            yield f"{who(e['player'])} attacks with {attackers}."
        elif kind == "blockers_declared":
            for blocker, attacker in e["blockers"]:
                yield f"  {what(blocker)} blocks {what(attacker)}."
        elif kind == "damage_dealt":
            to = who(e["to_player"]) if "to_player" in e else what(e["to_object"])
            yield f"  {e['source_name']} deals {e['amount']} damage to {to}."
        elif kind == "life_changed":
            yield f"  {who(e['player'])} is at {e['life']} life."
        elif kind == "object_moved" and e["from_zone"] == "battlefield":
            yield f"  {e['card']} is put into the {e['to_zone']}."
        elif kind == "card_discarded":
            yield f"  {who(e['player'])} discards {e['card']}."
        elif kind == "player_conceded":
            yield f"{who(e['player'])} concedes ({e['reason']})."
        elif kind == "player_lost":
            yield f"{who(e['player'])} loses: {e['reason']}."
        elif kind == "game_ended":
            if e["winners"]:
                winners = " and ".join(who(w) for w in e["winners"])
                yield f"{winners} wins after {e['turns']} turns ({e['reason']})."
            else:
                yield f"The game is a draw after {e['turns']} turns ({e['reason']})."
