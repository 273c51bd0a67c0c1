"""RuleSet: the named variants of RULES and their defaults ("standard").

A RuleSet is a small frozen value passed to whatever needs it (scoring, the game engine,
records), never a global, so two games with different rules can run side by side.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

KITTY_RULES = ("power", "linear")
SETTLEMENT_RULES = ("standard", "escalating")
BIDDING_RULES = ("during_deal", "after_deal")


@dataclass(frozen=True)
class RuleSet:
    """The variants of one game. Unknown values raise ``ValueError`` naming the accepted ones.

    * ``kitty``: ``"power"`` (×2 per card of the last lead's largest unit: 2, 4, 16, 64 …) or
      ``"linear"`` (single ×2, pair ×4, tractor of k pairs ×4k).
    * ``settlement``: ``"standard"`` (80–119 only takes the deal) or ``"escalating"``
      (80–119 already gives the defenders a level).
    * ``throw_penalty``: points a failed throw costs its side (0 = no penalty).
    * ``bidding``: ``"during_deal"`` (declare as cards arrive) or ``"after_deal"`` (one
      auction after the deal).
    """

    kitty: str = "power"
    settlement: str = "standard"
    throw_penalty: int = 0
    bidding: str = "during_deal"

    def __post_init__(self) -> None:
        for name, accepted in (
            ("kitty", KITTY_RULES),
            ("settlement", SETTLEMENT_RULES),
            ("bidding", BIDDING_RULES),
        ):
            value = getattr(self, name)
            if value not in accepted:
                raise ValueError(
                    f"unknown {name} rule {value!r}: use one of {', '.join(map(repr, accepted))}"
                )
        penalty = self.throw_penalty
        if isinstance(penalty, bool) or not isinstance(penalty, int) or penalty < 0:
            raise ValueError(
                f"throw_penalty must be a whole number of points >= 0 (e.g. 0 or 10), "
                f"not {penalty!r}"
            )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON records."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RuleSet:
        """Read a RuleSet from plain data, rejecting unknown keys by name."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(
                f"unknown rule {sorted(unknown)[0]!r}: the rules are {', '.join(sorted(known))}"
            )
        return cls(**data)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Read ``"kitty=linear,throw_penalty=10"`` (the command line's ``--rules``)."""
        data: dict[str, object] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"write rules as name=value, e.g. kitty=linear; got {item!r}")
            name, value = name.strip(), value.strip()
            data[name] = int(value) if name == "throw_penalty" and value.isdigit() else value
        return cls.from_dict(data)
