"""The heuristic bot: plays a land each turn, casts its most expensive spell, attacks and
blocks when the numbers favour it, and aims removal at opponents and pumps at its own."""

from __future__ import annotations

import re
from typing import ClassVar

from manaweave import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    GameView,
    IllegalChoiceError,
    Named,
    Number,
    ObjectView,
    Pass,
    PlayLand,
    TargetOption,
    hookimpl,
)
from manaweave.players import Player

HARMFUL = ("destroy", "damage", "can't attack", "can't block", "exile", "gets -", "tap target")
"""Words that mark a spell or ability as bad for what it targets."""
HELPFUL = ("gets +", "+1/+1 counter", "gains", "untap target", "regenerate", "draws")
"""Words that mark it as good for what it targets."""


def helps(text: str) -> bool:
    """Whether a spell's or ability's text reads as good for its targets."""
    lowered = text.lower()
    return any(w in lowered for w in HELPFUL) and not any(w in lowered for w in HARMFUL)


def damage_dealt(text: str) -> int:
    """How much damage a spell's or ability's text says it deals ("deals 3 damage"), 0 if
    it says none."""
    found = re.search(r"deals (\d+) damage", text)
    return int(found.group(1)) if found else 0


def left(creature: ObjectView) -> int:
    """How much more damage the creature survives."""
    return (creature.toughness or 0) - creature.damage


def can_be_blocked_by(attacker: ObjectView, blocker: ObjectView) -> bool:
    """A rough check of flying (702.9b); the engine checks the rest."""
    flies = "flying" in attacker.keywords
    return not flies or "flying" in blocker.keywords or "reach" in blocker.keywords


class HeuristicBot:
    """Plays a land each turn and its most expensive spell, and attacks and blocks when the
    numbers favour it. It aims removal at opponents and pumps at its own creatures."""

    decides_at_once: ClassVar[bool] = True
    """It answers without awaiting anything, so the engine asks it without a cancel
    scope, which costs more than its answer (docs/players.md, "Time limits")."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # no randomness; kept so every bot is built the same way
        self.casting = ""  # the text of the spell or ability being cast, for its targets
        self.mulligans = 0
        self.refused = False

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed})"

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        # A bug in the heuristics must not cost the game: answer safely next time.
        self.refused = True

    async def decide(self, decision: Decision) -> Choice:
        if self.refused:
            self.refused = False
            return decision.legal_choice()
        answer = self.answer(decision)
        if answer is None or not decision.is_legal(answer.indices):
            return decision.legal_choice()
        return answer

    def answer(self, decision: Decision) -> Choice | None:
        """This bot's answer, or ``None`` to take the decision's own legal answer."""
        kind = decision.kind
        view = decision.view
        if kind is not DecisionKind.MULLIGAN:
            self.mulligans = 0
        if kind is DecisionKind.MULLIGAN:
            return self.mulligan(decision, view)
        if kind in (DecisionKind.BOTTOM, DecisionKind.DISCARD):
            return self.worst_cards(decision, view)
        if kind is DecisionKind.PRIORITY:
            return self.priority(decision, view)
        if kind is DecisionKind.TARGET:
            return self.target(decision, view)
        if kind is DecisionKind.ATTACKERS:
            return self.attack(decision, view)
        if kind is DecisionKind.BLOCKERS:
            return self.block(decision, view)
        if kind is DecisionKind.DAMAGE_ASSIGNMENT:
            return self.assign_damage(decision, view)
        if kind in (DecisionKind.MAY, DecisionKind.X_VALUE):
            return self.most(decision)
        return None

    # --- before the game ----------------------------------------------------------------------

    def mulligan(self, decision: Decision, view: GameView) -> Choice:
        lands = sum("Land" in card.types for card in view.hand)
        keep = 2 <= lands <= 5 or self.mulligans >= 1
        self.mulligans += 0 if keep else 1
        return decision.choose(Named("keep" if keep else "mulligan"))

    def worst_cards(self, decision: Decision, view: GameView) -> Choice:
        """The cards to put away: extra lands when there are enough, else the dearest."""
        cards = {card.id: card for card in view.hand}
        lands = sum("Land" in card.types for card in view.hand) + len(self.mine(view, "Land"))

        def worth(index: int) -> tuple[int, int]:
            option = decision.options[index]
            card = cards.get(option.object) if isinstance(option, CardOption) else None
            if card is None:
                return (0, 0)
            if "Land" in card.types:
                return (0 if lands > 4 else 2, 0)
            return (1, -card.mana_value)

        return Choice(tuple(sorted(range(len(decision)), key=worth)[: decision.min]))

    # --- priority -----------------------------------------------------------------------------

    def priority(self, decision: Decision, view: GameView) -> Choice:
        me = view.viewer
        # With shared team turns the team's turn is each of its players' (805.4).
        my_main = me in view.active_players and view.step == "precombat_main" and not view.stack
        hand = {card.id: card for card in view.hand}
        best: ObjectView | None = None
        best_index = 0
        for index, option in enumerate(decision.options):
            if isinstance(option, PlayLand):
                return Choice.of(index)
            if isinstance(option, Activate) and my_main and self.worth_activating(option):
                self.casting = option.text
                return Choice.of(index)
            if not isinstance(option, Cast) or option.card not in hand:
                continue
            card = hand[option.card]
            worth = self.worth_casting(card, view, my_main)
            if worth and (best is None or card.mana_value > best.mana_value):
                best, best_index = card, index
        if best is not None:
            self.casting = best.text
            return Choice.of(best_index)
        return decision.choose(Pass())

    def worth_casting(self, card: ObjectView, view: GameView, my_main: bool) -> bool:
        text = card.text.lower()
        theirs = [c for c in self.creatures(view) if c.controller != view.viewer]
        mine = self.mine(view, "Creature")
        if "target creature" in text or "enchant creature" in text:
            if helps(card.text):
                # Pumps in combat, on a creature in it; Auras in the main phase.
                fighting = [c for c in mine if c.attacking is not None or c.blocking is not None]
                if "Instant" in card.types:
                    return view.step == "declare_blockers" and bool(fighting)
                return my_main and bool(mine)
            if not theirs:
                return False  # removal with nothing of theirs to remove
        if "counter target" in text:
            return any(item.controller != view.viewer for item in view.stack)
        return my_main

    def worth_activating(self, option: Activate) -> bool:
        text = option.text.lower()
        return (
            not option.is_mana_ability
            and "damage" in text
            and "sacrifice" not in text
            and "pay" not in text
        )

    # --- targets ------------------------------------------------------------------------------

    def target(self, decision: Decision, view: GameView) -> Choice | None:
        side = {view.viewer, *view.teammates()}  # a teammate's is as good as ours
        objects = {o.id: o for o in (*view.battlefield, *view.stack)}
        good = helps(self.casting) if self.casting else False
        damage = damage_dealt(self.casting) if not good else 0
        for index, option in enumerate(decision.options):
            # Burn to the face when it is lethal (119.4, 704.5a).
            if (
                damage
                and isinstance(option, TargetOption)
                and option.player is not None
                and option.player not in side
                and view.player(option.player).life <= damage
            ):
                return Choice.of(index)

        def score(index: int) -> tuple[int, int]:
            option = decision.options[index]
            assert isinstance(option, TargetOption)
            if option.player is not None:
                ours = option.player in side
                return (1 if ours == good else -1, 0)
            target = objects.get(option.object or -1)
            if target is None:
                return (0, 0)
            ours = target.controller in side
            value = target.mana_value + (target.power or 0)
            # Removal prefers their biggest creature; a pump our biggest attacker or blocker.
            fighting = target.attacking is not None or target.blocking is not None
            return (2 if ours == good else -2, value + (10 if fighting else 0))

        if not all(isinstance(o, TargetOption) for o in decision.options):
            return None
        ranked = sorted(range(len(decision)), key=score, reverse=True)
        return Choice(tuple(ranked[: max(decision.min, 1)][: decision.max]))

    # --- combat -------------------------------------------------------------------------------

    def attack(self, decision: Decision, view: GameView) -> Choice:
        objects = {o.id: o for o in view.battlefield}
        # The weakest of the opponents it may attack (the attack options may allow only
        # some of them, 803); only that player's creatures may block (802.4a).
        defenders = {o.defender for o in decision.options if isinstance(o, Attack)}
        if not defenders:
            return Choice(())
        target = min(defenders, key=lambda p: (view.player(p).life, p))
        blockers = [c for c in self.creatures(view) if c.controller == target and c.can_block]
        ready = {o.attacker for o in decision.options if isinstance(o, Attack)}
        total = sum(objects[a].power or 0 for a in ready)
        all_in = total >= view.player(target).life and not blockers
        chosen: list[int] = []
        attacking: set[int] = set()
        for index, option in enumerate(decision.options):
            if not isinstance(option, Attack) or option.defender != target:
                continue
            if option.permanent is not None or option.attacker in attacking:
                continue  # planeswalkers are left alone; each creature attacks once
            attacker = objects[option.attacker]
            able = [b for b in blockers if can_be_blocked_by(attacker, b)]
            # Safe: nothing of theirs that can block it kills it, or each that does dies too.
            safe = all(
                (b.power or 0) < left(attacker) or (attacker.power or 0) >= left(b) for b in able
            )
            if all_in or safe:
                chosen.append(index)
                attacking.add(option.attacker)
        return Choice(tuple(chosen))

    def block(self, decision: Decision, view: GameView) -> Choice:
        objects = {o.id: o for o in view.battlefield}
        me = view.player(view.viewer)
        blocks = [(i, o) for i, o in enumerate(decision.options) if isinstance(o, Block)]
        attackers = sorted(
            {o.attacker for _, o in blocks}, key=lambda a: objects[a].power or 0, reverse=True
        )
        used: set[int] = set()
        chosen: dict[int, int] = {}  # attacker -> option index
        for attacker_id in attackers:
            attacker = objects[attacker_id]
            best: tuple[int, int] | None = None
            for index, option in blocks:
                if option.attacker != attacker_id or option.blocker in used:
                    continue
                blocker = objects[option.blocker]
                kills = (blocker.power or 0) >= left(attacker)
                survives = (attacker.power or 0) < left(blocker)
                trade = kills and blocker.mana_value <= attacker.mana_value
                rank = 2 if kills and survives else 1 if survives or trade else 0
                if rank and (best is None or rank > best[0]):
                    best = (rank, index)
            if best is not None:
                chosen[attacker_id] = best[1]
                used.add(blocks_of(decision, best[1]).blocker)
        # Chump-block the biggest attackers while what gets through would be lethal.
        unblocked = [a for a in attackers if a not in chosen]
        incoming = sum(objects[a].power or 0 for a in unblocked)
        for attacker_id in unblocked:
            if incoming < me.life:
                break
            spare = [
                (objects[o.blocker].mana_value, i)
                for i, o in blocks
                if o.attacker == attacker_id and o.blocker not in used
            ]
            if spare:
                _, index = min(spare)
                chosen[attacker_id] = index
                used.add(blocks_of(decision, index).blocker)
                incoming -= objects[attacker_id].power or 0
        return Choice(tuple(sorted(chosen.values())))

    def assign_damage(self, decision: Decision, view: GameView) -> Choice | None:
        """The split that kills the most blockers, then deals the most to players."""
        objects = {o.id: o for o in view.battlefield}

        def score(split: DamageSplit) -> tuple[int, int]:
            kills = players = 0
            for recipient, amount in zip(split.recipients, split.amounts, strict=True):
                if isinstance(recipient, tuple):
                    players += amount
                elif recipient in objects and amount >= left(objects[recipient]):
                    kills += 1
            return (kills, players)

        # The splits are computed one by one as they are read: look at the first 2000.
        splits = [
            (score(option), index)
            for index in range(min(len(decision), 2000))
            if isinstance(option := decision.options[index], DamageSplit)
        ]
        return Choice.of(max(splits, key=lambda split: split[0])[1]) if splits else None

    # --- small helpers ------------------------------------------------------------------------

    def most(self, decision: Decision) -> Choice | None:
        """Say yes to "you may", and take the largest X."""
        for index, option in enumerate(decision.options):
            if isinstance(option, Named) and option.word == "yes":
                return Choice.of(index)
        numbers = [(o.value, i) for i, o in enumerate(decision.options) if isinstance(o, Number)]
        return Choice.of(max(numbers)[1]) if numbers else None

    @staticmethod
    def creatures(view: GameView) -> list[ObjectView]:
        return [o for o in view.battlefield if "Creature" in o.types]

    @staticmethod
    def mine(view: GameView, card_type: str) -> list[ObjectView]:
        return [o for o in view.battlefield if o.controller == view.viewer and card_type in o.types]


def blocks_of(decision: Decision, index: int) -> Block:
    option = decision.options[index]
    assert isinstance(option, Block)
    return option


@hookimpl
def mw_bots() -> dict[str, type[Player]]:
    return {"heuristic": HeuristicBot}
