"""The options of a variant (CR 800.2, 801-805): declared, given, checked, recorded.

A variant declares the options it accepts as :class:`VariantOption` values; a game is
given some of them (``manaweave.run(..., options={"range_of_influence": 2})``,
``manaweave play --option range-of-influence=2``), and :func:`resolve_options` checks
them and fills in the variant's defaults. The result is the game's ``options``, recorded
in ``game_started`` so that a replay plays the same rules.

Names are written with underscores; a hyphen is read as an underscore, so
``range-of-influence`` and ``range_of_influence`` are the same option.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["OptionValue", "VariantOption", "normalize_name", "parse_options", "resolve_options"]

OptionValue = int | str | bool | None
"""What an option can be: a whole number, a word, yes/no, or ``None`` (off)."""


def normalize_name(name: str) -> str:
    """An option's or variant's name as written in the log: lower case, underscores."""
    return name.strip().lower().replace("-", "_")


@dataclass(frozen=True, slots=True)
class VariantOption:
    """One option a variant accepts.

    ``kind`` is ``int``, ``str`` or ``bool``. An ``int`` option lies between ``minimum``
    and ``maximum``; a ``str`` option is one of ``choices``. ``default`` is its value when
    the game is not given one; ``None`` means "not used" and may be given only if
    ``optional``. ``rule`` is the CR rule that describes it.
    """

    name: str
    kind: type
    default: OptionValue
    rule: str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    """Whether the option may be turned off (given ``None``, or ``none``/``off``)."""

    def check(self, value: object) -> OptionValue:
        """``value`` as this option's value; raises ``ValueError`` saying what it takes."""
        if value is None:
            if self.optional:
                return None
            raise ValueError(f"option {self.name} can't be turned off; {self.takes()}")
        if self.kind is bool:
            if isinstance(value, bool):
                return value
        elif self.kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                low_ok = self.minimum is None or value >= self.minimum
                high_ok = self.maximum is None or value <= self.maximum
                if low_ok and high_ok:
                    return value
        elif self.kind is str and isinstance(value, str) and value in self.choices:
            return value
        raise ValueError(f"option {self.name} can't be {value!r}; {self.takes()}")

    def parse(self, text: str) -> OptionValue:
        """The value written ``text`` on a command line (``2``, ``left``, ``yes``,
        ``none``); raises ``ValueError`` saying what it takes."""
        word = text.strip().lower()
        if self.optional and word in ("none", "off"):
            return None
        if self.kind is bool:
            if word in ("yes", "true", "on", "1"):
                return True
            if word in ("no", "false", "off", "0"):
                return False
        elif self.kind is int:
            try:
                return self.check(int(word))
            except ValueError:
                pass
        else:
            return self.check(word)
        raise ValueError(f"option {self.name} can't be {text!r}; {self.takes()}")

    def takes(self) -> str:
        """What values the option takes, in words."""
        if self.kind is bool:
            what = "yes or no"
        elif self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            what = f"a whole number from {low} to {high}" if low and high else "a whole number"
            if low and not high:
                what = f"a whole number from {low} up"
        else:
            what = "one of " + ", ".join(self.choices)
        return f"it takes {what}" + (" (or none)" if self.optional else "")

    def describe(self) -> str:
        """``name=default`` and what it takes, for listings."""
        default = "none" if self.default is None else str(self.default).lower()
        return f"{self.name.replace('_', '-')}={default}"


def resolve_options(
    declared: tuple[VariantOption, ...], given: Mapping[str, object], variant: str
) -> Mapping[str, OptionValue]:
    """Every declared option's value: those ``given`` (checked) and the defaults of the
    rest, in declaration order, as a read-only mapping. Raises ``ValueError`` for an
    option the variant doesn't have (naming those it has) or a value it can't take."""
    by_name = {option.name: option for option in declared}
    chosen: dict[str, OptionValue] = {}
    for raw_name, value in given.items():
        name = normalize_name(raw_name)
        option = by_name.get(name)
        if option is None:
            known = ", ".join(o.name for o in declared) or "none"
            close = difflib.get_close_matches(name, list(by_name), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(
                f"the {variant} variant has no option {raw_name!r}{hint}; its options: {known}"
            )
        if name in chosen:
            raise ValueError(f"option {option.name} is given twice")
        chosen[name] = option.check(value)
    return MappingProxyType({o.name: chosen.get(o.name, o.default) for o in declared})


def parse_options(
    declared: tuple[VariantOption, ...], texts: Sequence[str], variant: str
) -> dict[str, OptionValue]:
    """Options written ``NAME=VALUE`` (``range-of-influence=2``, as ``manaweave play
    --option`` takes them), each value read as its option takes it (:meth:`VariantOption.parse`).
    Raises ``ValueError`` naming the text for a malformed one, an option the variant
    doesn't have (with those it has), a value it can't take, or an option given twice."""
    by_name = {option.name: option for option in declared}
    options: dict[str, OptionValue] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"{text!r}: write NAME=VALUE, such as attack=left")
        key = normalize_name(name)
        try:
            if key not in by_name:
                resolve_options(declared, {name: None}, variant)  # names those it has
            if key in options:
                raise ValueError(f"option {key} is given twice")
            options[key] = by_name[key].parse(value)
        except ValueError as error:
            raise ValueError(f"{text!r}: {error}") from None
    return options
