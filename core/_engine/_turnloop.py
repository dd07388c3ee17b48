"""Starting the game and running turns, steps and priority (CR 103, 117, 500-514)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.cards import (
    DoesntUntap,
    NoMaximumHandSize,
    TriggeredAbility,
    TriggerEvent,
    TriggerKind,
)
from manaweave.events import (
    GameInterrupted,
    MulliganTaken,
    Skipped,
    StartingPlayerChosen,
    StepBegan,
    TurnBegan,
)

from ._combat import (
    abilities_in_play,
    declare_attackers,
    declare_blockers,
    end_combat,
    remove_from_combat_if_not_creatures,
)
from ._combat_damage import deal_combat_damage, first_strike_step_happens
from ._decisions import CardOption, DecisionKind, Named, Option, Pass
from ._errors import PluginError
from ._game import Game, GameOver, Outcome, ResumePoint
from ._loops import LoopWatch
from ._objects import AbilityOnStack
from ._preferences import engine_passes_for
from ._priority import priority_options, resolve_top, take_action
from ._sba import check_state_based_actions
from ._team_turns import next_team_player, priority_group
from ._triggers import check_state_triggers, put_triggers_on_stack
from ._turn import Phase, Step
from ._turn_markers import TurnMarkers
from ._zones import Zone

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from ._plugins import GameHooks

__all__ = ["run_game"]

_TURN = (
    Step.UNTAP,
    Step.UPKEEP,
    Step.DRAW,
    Step.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT,
    Step.DECLARE_ATTACKERS,
    Step.DECLARE_BLOCKERS,
    Step.FIRST_STRIKE_DAMAGE,
    Step.COMBAT_DAMAGE,
    Step.END_OF_COMBAT,
    Step.POSTCOMBAT_MAIN,
    Step.END,
    Step.CLEANUP,
)


async def run_game(
    game: Game, *, start: tuple[int, Step, int] | None = None, resume: bool = False
) -> Outcome:
    """Play ``game`` to its end and return the outcome.

    ``start`` = (turn, step, active player) begins a prepared game in the middle
    of a turn (for scenarios), skipping the start-of-game procedure. ``resume`` goes on
    from the decision a copied game was copied at (:attr:`Game.resume_point`): that
    player is asked again, and the game goes on from there.

    A plugin hook that raises, or code a third-party plugin contributed that raises in
    the game (a card's effect, a trigger, a replacement effect), ends the game
    (``game_ended`` with the reason ``plugin_failed``, naming the plugin); the log is
    flushed, then :class:`~manaweave.PluginError` is raised with the plugin's exception
    as its cause. So does a ``SystemExit``, ``GeneratorExit`` or other ``BaseException``
    a plugin raises (:func:`~manaweave.lowlevel.is_plugins_failure`), but a
    ``KeyboardInterrupt``: that interrupts the game (``game_interrupted``) wherever it
    is raised.
    """
    hooks = game.hooks
    try:
        if hooks is not None and hooks.failure is not None:
            raise hooks.failure  # a plugin failed as the game was set up, which ended it
        if resume:
            point = game.resume_point
            if point is None:
                raise ValueError("only a copied game can be resumed (Game.copy)")
            await _play_turns(game, point.step, True, point)
        elif start is None:
            await start_game(game)
            await _play_turns(game, Step.UNTAP, False)
        else:
            game.turn, first_step, game.active_player = start
            game.turn -= 1
            game.active_player = game.players[start[2]].id
            await _play_turns(game, first_step, True)
    except GameOver:
        pass
    except PluginError as failure:
        # A plugin's hook raised: the game ends, naming it, and the caller gets the error
        # once the log is closed.
        if hooks is not None and hooks.failure is None:
            hooks.stop(game, failure)
        raise
    except KeyboardInterrupt as interrupt:
        # The process is being stopped: the log says the game did not end, and is written.
        game.emit(
            GameInterrupted(reason="KeyboardInterrupt", plugin_time_ms=game.plugin_time.for_log())
        )
        if hooks is not None:
            _tell_interrupted(game, hooks, interrupt)
        raise
    except BaseException as error:
        # Code a plugin contributed (a card's effect, a trigger, a replacement effect)
        # raised, even a SystemExit: the game ends naming the plugin, as when one of its
        # hooks raises. A cancellation or a harness's stop goes on (is_plugins_failure).
        if hooks is None or error is game.table.players_exception:
            raise  # a player's own exception, let through for debugging it
        plugins_failure = hooks.failure_in_plugin_code(error)
        if plugins_failure is None:
            raise
        if hooks.failure is None:
            hooks.stop(game, plugins_failure)
        raise plugins_failure from error
    finally:
        game.log.close()
    assert game.outcome is not None
    if hooks is not None:
        hooks.game_end(game, game.outcome)
    return game.outcome


def _tell_interrupted(game: Game, hooks: GameHooks, interrupt: KeyboardInterrupt) -> None:
    """Call ``mw_game_interrupted``: plugins that keep something per game hear that this
    one will not end. A plugin that fails then must not turn the interruption into
    another error (the process is being stopped), so its failure is a note on it."""
    try:
        hooks.game_interrupted(game, "KeyboardInterrupt")
    except PluginError as failure:
        interrupt.add_note(f"while the game was interrupted: {failure}")


def interrupt_outside_play(game: Game, interrupt: KeyboardInterrupt) -> None:
    """The process is stopped while :func:`run_game` is not playing ``game`` (a server
    waiting for its players): the log says the game did not end and is written, as when
    a game is interrupted while it is played."""
    try:
        game.emit(GameInterrupted(reason="KeyboardInterrupt"))
        if game.hooks is not None:
            _tell_interrupted(game, game.hooks, interrupt)
    finally:
        game.log.close()


async def start_game(game: Game) -> None:
    """Starting the game (CR 103): first player, shuffles, life, opening hands, mulligans."""
    game.starting_player = game.variant.choose_starting_player(game)
    if game.shared_team_turns:
        # The chosen player's team is the starting team (805.3); its primary player is
        # the active player of its turns.
        primary = game.primary_player(game.team_of(game.starting_player))
        game.starting_player = game.starting_player if primary is None else primary
    game.emit(StartingPlayerChosen(rule="103.1", player=game.starting_player))
    for player in game.turn_order_from(game.starting_player):
        game.shuffle(player)
    for state in game.players:
        state.life = game.variant.starting_life(game, state.id)
    for player in game.turn_order_from(game.starting_player):
        await game.draw(player, game.variant.starting_hand_size)
    await _mulligans(game)


async def _mulligans(game: Game) -> None:
    """The London mulligan as the CR writes it (103.5): declare in turn order, then all
    who chose to mulligan shuffle, draw a new hand and bottom as many cards as their
    mulligans, repeated until everybody keeps."""
    deciding = game.turn_order_from(game.starting_player)
    hand_size = game.variant.starting_hand_size
    free = game.variant.free_mulligan(game)
    while deciding:
        taking: list[int] = []
        for player in deciding:
            state = game.players[player]
            counted = state.mulligans - (1 if free and state.mulligans else 0)
            if hand_size - (counted + 1) < 0 or state.has_left:
                continue  # may not mulligan to below zero cards
            options = [Named("keep"), Named("mulligan")]
            decision = game.decision(
                DecisionKind.MULLIGAN, player, options, f"keep {len(state.hand)} cards?"
            )
            choice = await game.ask(decision)
            if options[choice.indices[0]].word == "mulligan":
                taking.append(player)
        for player in taking:
            await _take_mulligan(game, player, hand_size, free)
        deciding = taking


async def _take_mulligan(game: Game, player: int, hand_size: int, free: bool) -> None:
    state = game.players[player]
    state.mulligans += 1
    game.emit(MulliganTaken(rule="103.5", player=player, mulligans=state.mulligans))
    for card in list(state.hand):
        game.moves.move_now(card, Zone.LIBRARY, rule="103.5")
    game.shuffle(player)
    await game.draw(player, hand_size)
    to_bottom = state.mulligans - (1 if free else 0)
    if to_bottom <= 0:
        return
    options = [CardOption(c.id, c.name) for c in state.hand]
    decision = game.decision(
        DecisionKind.BOTTOM,
        player,
        options,
        f"put {to_bottom} card(s) on the bottom of your library, in order",
        min=to_bottom,
        max=to_bottom,
        ordered=True,
    )
    choice = await game.ask(decision)
    for index in choice.indices:
        game.moves.move_now(
            game.objects[options[index].object], Zone.LIBRARY, rule="103.5", bottom=True
        )


async def _play_turns(
    game: Game, first_step: Step, resumed: bool, point: ResumePoint | None = None
) -> None:
    """The turns, from ``first_step`` of the first (with ``point``, from the decision of a
    copied game in it)."""
    if game.turn_markers is not None:
        if resumed:
            # A prepared game: its active player starts, every marker's turn at that step.
            game.starting_player = game.active_player
            await game.turn_markers.play(
                _take_marker_turn, first_turn=game.turn + 1, first_step=first_step
            )
        else:
            await game.turn_markers.play(_take_marker_turn)
        return
    step = first_step
    while True:
        await _take_turn(game, step, resumed, point=point)
        step, resumed, point = Step.UNTAP, False, None


async def _take_marker_turn(game: Game, player: int, first_step: Step | None) -> None:
    """``player``'s turn under the current turn marker (807.4)."""
    await _take_turn(game, first_step or Step.UNTAP, False, player)


async def _take_turn(
    game: Game,
    first_step: Step,
    resumed: bool,
    player: int | None = None,
    *,
    point: ResumePoint | None = None,
) -> None:
    """A turn from ``first_step``; with ``point``, the rest of a turn under way, from the
    decision in ``first_step`` that ``point`` holds."""
    if point is None and not await _begin_turn(game, resumed, player):
        return
    active_players = [game.players[p] for p in game.active_players]
    steps = _TURN[_TURN.index(first_step) :]
    skipping_combat = False
    phase: Phase | None = None  # the last step's: it ends as a step of another one begins
    for step in steps:
        if point is not None and step is first_step:
            phase = step.phase
            await _run_step(game, step, point)  # under way: began, not skipped
            continue
        if step is Step.DRAW and _skips_draw(game):
            continue
        if any(active.skips for active in active_players):
            if step is Step.BEGINNING_OF_COMBAT:
                skipping_combat = _skips(game, "combat phase")
            if step in _SKIPPABLE_STEPS and _skips(game, _SKIPPABLE_STEPS[step]):
                continue
        if skipping_combat and step in _COMBAT_PHASE:
            continue
        if step in _AFTER_ATTACKS and not (game.combat and game.combat.declared):
            continue  # no attackers declared: skip declare blockers and combat damage (508.8)
        if step is Step.FIRST_STRIKE_DAMAGE:
            remove_from_combat_if_not_creatures(game)
            if not first_strike_step_happens(game):
                continue  # one combat damage step only, unless a creature strikes first (510.4)
        if phase is not None and step.phase is not phase:
            await _phase_ends(game, phase)
        phase = step.phase
        await _run_step(game, step)
    if phase is not None:
        await _phase_ends(game, phase)


async def _begin_turn(game: Game, resumed: bool, player: int | None) -> bool:
    """Begin a turn (500.1): its number, its active player, what begins with it.
    Returns ``False`` for a turn a turn marker's player skips (614.10)."""
    markers = game.turn_markers
    if markers is not None:
        game.turn = markers.begin_turn()
    else:
        game.turn += 1
    if game.max_turns is not None and game.turn > game.max_turns:
        game.turn -= 1
        game.finish(Outcome((), "turn limit reached", game.turn, game.losers))
    previous: int | None = None
    if player is not None:
        # The turn marker says whose turn this is (807.4); a skipped turn doesn't
        # happen (614.10), and the marker moves on.
        game.active_player = player
        if game.players[player].skips["turn"]:
            _skips(game, "turn")
            return False
    elif not resumed:
        previous = None if game.turn == 1 else game.active_player
        game.active_player = game.starting_player if game.turn == 1 else game.next_turn_player()
        while any(game.players[p].skips["turn"] for p in game.active_players):
            # A skipped turn doesn't happen at all; the next player's turn is this one.
            _skips(game, "turn")
            game.active_player = game.next_turn_player()
    for active in [game.players[p] for p in game.active_players]:
        # Each player of a team whose turn it is may play a land (805.4c).
        active.lands_played = 0
        active.turn_began = game.turn
    game.step = None
    game.emit(TurnBegan(rule="500.1", player=game.active_player))
    game.influence.determine()  # who is within whose range, as each turn begins (801.2c)
    if game.effects:
        game.begin_turn_effects(previous)
    if game.hooks is not None:
        game.hooks.turn_start(game)
    return True


_SKIPPABLE_STEPS = {
    Step.UNTAP: "untap step",
    Step.UPKEEP: "upkeep step",
    Step.DRAW: "draw step",
    Step.PRECOMBAT_MAIN: "precombat main phase",
    Step.POSTCOMBAT_MAIN: "postcombat main phase",
    Step.END: "end step",
}


_COMBAT_PHASE = frozenset(
    (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    )
)

_AFTER_ATTACKS = frozenset((Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE))


def _skips(game: Game, what: str) -> bool:
    """Whether the active player skips this ``what`` as it would begin (614.10): one skip
    effect is used up by it. With shared team turns the team skips it if any of its
    players would (805.8), and it uses up one skip of each of them: skips of several
    players of the team waiting for the same step are taken as made by one effect."""
    skipping = [p for p in game.active_players if game.players[p].skips[what]]
    if not skipping:
        return False
    for player in skipping:
        game.players[player].skips[what] -= 1
        game.emit(
            Skipped(
                rule="805.8" if player != game.active_player else "614.10",
                player=player,
                skips=what,
            )
        )
    return True


def _skips_draw(game: Game) -> bool:
    return game.turn == 1 and game.variant.skips_first_draw(game, game.active_player)


async def _run_step(game: Game, step: Step, point: ResumePoint | None = None) -> None:
    """A step: it begins, its turn-based actions, priority (502-514). With ``point``, the
    rest of a step under way from the decision ``point`` holds."""
    if point is not None:
        if point.declaring:
            # A copy made as attackers or blockers were first asked: declare again.
            if step is Step.DECLARE_ATTACKERS:
                await declare_attackers(game)
            else:
                await declare_blockers(game)
            await priority_round(game)
        else:
            await priority_round(game, point)
        await _step_ends(game, step)
        if step is Step.CLEANUP:
            await _cleanup(game)  # another cleanup step follows (514.3a)
        elif step is Step.END_OF_COMBAT:
            end_combat(game)
        return
    game.step = step
    seq = game.emit(StepBegan(rule=step.rule, player=game.active_player))
    # "At the beginning of" abilities trigger as the step begins (603.2b).
    # With shared team turns the step begins for each player of the team (805.4d).
    if game.watching:
        for player in game.active_players:
            game.notice(TriggerEvent(TriggerKind.STEP, seq, player, step=step.value))
    if game.hooks is not None:
        game.hooks.step_start(game, step)
    if step is Step.UNTAP:
        await _untap(game)
    elif step is Step.DRAW:
        # 504.1; each player of a team whose turn it is draws, in the team's order (805.4b,
        # 805.6a).
        for player in game.active_players:
            await game.draw(player, 1)
    elif step is Step.PRECOMBAT_MAIN:
        await _add_lore_counters(game)
    elif step is Step.DECLARE_ATTACKERS:
        _declaring(game, step)
        await declare_attackers(game)
        game.resume_point = None  # if nobody was asked
    elif step is Step.DECLARE_BLOCKERS:
        remove_from_combat_if_not_creatures(game)
        _declaring(game, step)
        await declare_blockers(game)
        game.resume_point = None
    elif step in (Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        remove_from_combat_if_not_creatures(game)
        await deal_combat_damage(game, step)
    elif step is Step.CLEANUP:
        await _cleanup(game)
        return
    if step is not Step.UNTAP:  # no player receives priority in the untap step (502.4)
        await priority_round(game)
    await _step_ends(game, step)
    if step is Step.END_OF_COMBAT:
        end_combat(game)


async def _step_ends(game: Game, step: Step) -> None:
    """The step ends (500.5): the plugins' ``mw_step_end``, the built-in one of which
    empties the mana pools. A main phase is no step: its end is the phase's."""
    if not step.is_main and game.hooks is not None:
        await _ending(game, game.hooks.step_end(game, step))


async def _phase_ends(game: Game, phase: Phase) -> None:
    """The phase ends (500.5), after its last step: the plugins' ``mw_phase_end``."""
    if game.hooks is not None:
        await _ending(game, game.hooks.phase_end(game, phase))


async def _ending(game: Game, hooks: Awaitable[None]) -> None:
    """Run a step's or phase's end ``hooks``, during which each pool empties once
    (:meth:`Game.empty_mana_pools`)."""
    game.pools_emptied = set()
    try:
        await hooks
    finally:
        game.pools_emptied = None


def _declaring(game: Game, step: Step) -> None:
    """The declaration of attackers or blockers begins: a copy made as its first decision
    is asked goes on by declaring again (nothing has changed yet). The point holds for
    that one decision (the table clears it)."""
    if game.turn_markers is None:
        game.resume_point = ResumePoint(step, game.active_player, declaring=True)


async def _add_lore_counters(game: Game) -> None:
    """As the precombat main phase begins, the active player puts a lore counter on each
    Saga they control with a chapter ability (CR 714.3b)."""
    for permanent in list(game.battlefield):
        if (
            game.is_active(permanent.controller)
            and permanent.template.final_chapter
            and "Saga" in game.characteristics(permanent).subtypes
        ):
            await game.put_counters(permanent, "lore", 1, rule="714.3b")


async def _untap(game: Game) -> None:
    """The active player untaps their permanents (CR 502.3), except those an effect says
    don't untap during this untap step."""
    held: set[int] = set()
    for permanent, ability in game.battlefield_abilities(DoesntUntap):
        target = permanent.attached_to if ability.enchanted else permanent.id
        if target is not None:
            held.add(target)
    # Each player of a team whose turn it is untaps (805.4).
    active = set(game.active_players)
    for permanent in game.battlefield:
        if permanent.untap_skip_player in active and permanent.controller not in active:
            # "That player's next untap step" is this one, though another player controls
            # the permanent now: the effect is over and never applies to their untap step.
            permanent.untap_skips, permanent.untap_skip_player = 0, None
    for permanent in list(game.battlefield):  # replacement effects may move things
        if permanent.controller not in active or permanent.zone is not Zone.BATTLEFIELD:
            continue
        if permanent.untap_skips and (
            permanent.untap_skip_player is None or permanent.untap_skip_player in active
        ):
            # "Its controller's" or "that player's" next untap step is this one.
            permanent.untap_skips, permanent.untap_skip_player = 0, None
            continue
        if permanent.tapped and permanent.id not in held:
            await game.untap(permanent, rule="502.3")


async def _cleanup(game: Game) -> None:
    """Discard to hand size, remove damage, end effects; repeat if SBAs happen (514)."""
    while True:
        # Each player of a team whose turn it is discards down to their own maximum
        # hand size, in the team's order (805.4, 805.6).
        for player in game.active_players:
            await _discard_to_hand_size(game, player)
        game.end_turn_effects()
        # 514.3a: if state-based actions happen or abilities trigger, players get priority
        # and another cleanup step follows.
        if not await before_priority(game):
            await _step_ends(game, Step.CLEANUP)
            return
        await priority_round(game)
        await _step_ends(game, Step.CLEANUP)


async def _discard_to_hand_size(game: Game, player: int) -> None:
    state = game.players[player]
    excess = len(state.hand) - state.max_hand_size
    unlimited = any(
        source.controller == player for source, _ in abilities_in_play(game, NoMaximumHandSize)
    )
    if excess > 0 and not state.has_left and not unlimited:
        await game.discard_chosen(
            player,
            excess,
            prompt=f"discard {excess} card(s) down to your maximum hand size",
            rule="514.1",
        )


async def _state_based_actions(game: Game) -> bool:
    performed = False
    watch: LoopWatch | None = None
    passes = 0
    while await check_state_based_actions(game):
        performed = True
        passes += 1
        if passes >= _SBA_PASSES_BEFORE_WATCHING:
            # No player takes part here: a state that comes back is a mandatory loop.
            watch = watch or LoopWatch()
            if watch.repeated(game):
                _draw_by_loop(game, None)
    return performed


_SBA_PASSES_BEFORE_WATCHING = 16
"""State-based actions that keep applying for this many checks start being watched for a
loop (every real sequence settles long before)."""


def _draw_by_loop(game: Game, involved: set[int] | None) -> None:
    """The game is a draw: a loop of mandatory actions nobody stops (CR 104.4b). With a
    limited range of influence it is a draw only for the players who control objects
    in the loop (``involved``, ``None`` if not known) and those within their ranges,
    who leave the game; if others remain, this returns and they play on (801.16)."""
    if game.influence.limited:
        drawn = game.influence.drawn_by_loop(involved)
        if drawn < {p.id for p in game.alive()}:
            reason = "a loop of mandatory actions is a draw for them (801.16)"
            game.life.draw_for(sorted(drawn), reason, rule="801.16")
            return
    game.finish(Outcome((), "a loop of mandatory actions (104.4b)", game.turn, game.losers))


async def before_priority(game: Game) -> bool:
    """State-based actions, then pending triggers onto the stack, repeated until neither
    happens (CR 117.5, 704.3, 603.3). Returns whether anything happened."""
    happened = False
    # An effect that gave or took away "play with the top card of your library revealed"
    # since the last library change is seen here at the latest (401.5).
    if game.library_top_matters:
        game.reveal_library_tops()
    while True:
        if game.sba_checked_at != game.state_version and await _state_based_actions(game):
            happened = True
        if game.watching:
            check_state_triggers(game)
        if not game.pending_triggers:
            return happened
        await put_triggers_on_stack(game)
        happened = True


async def priority_round(game: Game, point: ResumePoint | None = None) -> None:
    """Players receive priority until all pass in succession with an empty stack (117).

    With shared team turns teams hold priority (805.5): the players of the team holding
    it are asked in the team's order, one who acts is asked again, and the team passes
    when each of its players has passed in succession; when every team has passed in
    succession the top object resolves or the step ends (805.5b).

    With ``point``, the round goes on from a priority decision of a copied game: the
    player who had priority is asked again, with the passes made before it."""
    player = _first_to_receive_priority(game)
    group_passes = 0  # groups (teams, or players on their own) that passed in succession
    member_passes = 0  # players of the group holding priority who passed in succession
    watch = LoopWatch()
    if point is not None:
        player, group_passes, member_passes = (
            point.player,
            point.group_passes,
            point.member_passes,
        )
        watch = point.watch or watch
    prompt = "your team has priority" if game.shared_team_turns else "you have priority"
    markers = game.turn_markers
    while True:
        if game.pending_triggers or game.sba_checked_at != game.state_version:
            await before_priority(game)
        if markers is not None and game.players[player].has_left:
            player = game.next_player(player)  # 800.4j: the game goes on without them
            member_passes = 0
            continue
        received = True if markers is None else await _receives_priority(game, markers, player)
        if received is None:
            # While the other turns went on, an ability was put on this turn's stack
            # (807.5b): everybody passes again before it resolves.
            group_passes = member_passes = 0
            continue
        stops = game.table.stops[player] if received else None
        if stops is not None and engine_passes_for(game, player, stops):
            option: Option = _PASSED_FOR_THEM  # not a stop of theirs
        elif received:
            game.priority_player = player
            options = priority_options(game, player)
            if stops is not None and len(options) == 1 and not stops.only_pass:
                option = options[0]  # passing is all they could do
            else:
                decision = game.decision(DecisionKind.PRIORITY, player, options, prompt)
                if markers is None:
                    # Where a copy of the game would go on from (Game.copy).
                    game.resume_point = ResumePoint(
                        game.step or Step.UNTAP, player, group_passes, member_passes, watch
                    )
                choice = await game.ask(decision)  # the table clears the point
                if game.players[player].has_left:
                    player = game.next_player(player)  # 800.4j
                    member_passes = 0
                    continue
                option = options[choice.indices[0]]
        else:
            option = _NOT_RECEIVED  # nothing on this stack is theirs to act on (807.5a)
        if isinstance(option, Pass):
            group = priority_group(game, player)
            member_passes += 1
            if member_passes < len(group):
                # Another player of the team may still act (805.5a).
                player = group[(group.index(player) + 1) % len(group)]
                continue
            member_passes = 0
            group_passes += 1
            if group_passes >= _priority_groups_in_game(game):
                game.priority_player = None
                if not game.stack:
                    return  # 117.4, 805.5b: the step ends
                top = game.stack[-1]
                # Only triggered abilities refill the stack by themselves: a loop through
                # priority resolves one each time around.
                if (
                    isinstance(top, AbilityOnStack)
                    and isinstance(top.ability, TriggeredAbility)
                    and watch.repeated(game)
                ):
                    # All passed, again, in the same state (104.4b).
                    _draw_by_loop(game, {i.controller for i in game.stack})
                    # The game goes on without the players it was a draw for (801.16).
                    watch.reset()
                    group_passes = member_passes = 0
                    player = _first_to_receive_priority(game)
                    continue
                await resolve_top(game)
                group_passes = 0
                player = _first_to_receive_priority(game)  # 117.3b, 805.5b
                continue
            # 117.3d; with shared team turns the next team's primary player (805.5).
            player = (
                next_team_player(game, player)
                if game.shared_team_turns
                else game.next_player(player)
            )
            continue
        await take_action(game, player, option)
        group_passes = member_passes = 0  # the same player receives priority again (117.3c)
        watch.reset()


_PASSED_FOR_THEM = Pass()
"""The pass the engine makes for a player whose stops say not to ask them now."""

_NOT_RECEIVED = Pass()
"""How a player who doesn't receive priority for a turn marker's stack (807.5a) takes
part in its round: as one who passes, without being asked."""


async def _receives_priority(game: Game, markers: TurnMarkers, player: int) -> bool | None:
    """Whether ``player`` receives priority for this turn marker's stack now (807.5a),
    the other turns having gone on before they are asked (807.4); ``None`` if something
    was put on this stack meanwhile (807.5b) and the round starts over."""
    if not markers.receives_priority(player):
        return False
    await markers.hand_over()
    if markers.take_stack_changed():
        return None
    if game.pending_triggers or game.sba_checked_at != game.state_version:
        await before_priority(game)
    return markers.receives_priority(player) and not game.players[player].has_left


def _first_to_receive_priority(game: Game) -> int:
    """Who receives priority first in a step and after a resolution (117.3b): the active
    player, or the next player still in the game (800.4j); with shared team turns the
    active team's first player still in the game (805.5b)."""
    if game.shared_team_turns:
        active = game.active_players
        return active[0] if active else next_team_player(game, game.active_player)
    player = game.active_player
    if game.players[player].has_left:
        player = game.next_player(player)  # 800.4j
    return player


def _priority_groups_in_game(game: Game) -> int:
    """How many must pass in succession for the stack to resolve or the step to end:
    the players in the game, or with shared team turns the teams (805.5b)."""
    if not game.shared_team_turns:
        return game.players_in_game
    return len({game.team_of(p.id).id for p in game.alive()})
