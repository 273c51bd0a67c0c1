"""The tournament's results: the leaderboard, every pair, every forfeit; text, CSV, JSON, chart.

:class:`TournamentResult` is built from the finished match records (plain data, as stored in
the results folder), so the same tables come out of a run that just ended, of a results
folder read back (:meth:`TournamentResult.load`), and of the committed example the lesson
reads. Nothing here depends on the order in which the matches were played.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..arena import ArenaResult
from ..rules import RuleSet
from . import rating as rt
from .store import MANIFEST, hands_file, read_manifest, read_matches, write_json, write_text

RESULT_FORMAT = "shengji-edu tournament results"


@dataclass
class TournamentResult:
    """A finished (or partly finished) tournament: its settings, bots and match records."""

    seed: int
    deals: int
    rules: RuleSet
    bots: list[dict[str, Any]]
    """One entry per bot, in name order: name, kind, source, sha256, status, reason, class."""
    records: list[dict[str, Any]]
    """The finished matches, in schedule order."""
    limits: dict[str, Any] = field(default_factory=dict)
    bootstrap: int = rt.BOOTSTRAP
    scheduled: int | None = None
    """Swiss rounds: how many matches were scheduled (``None``: a round robin). The ranking
    is then by rating, which accounts for whom each bot met (see :mod:`.swiss`)."""
    _standings: dict[bool, list[dict]] = field(default_factory=dict, repr=False)

    @property
    def names(self) -> list[str]:
        return [bot["name"] for bot in self.bots]

    @property
    def complete(self) -> bool:
        n = len(self.bots)
        return len(self.records) == (n * (n - 1) // 2 if self.scheduled is None else self.scheduled)

    # --- the leaderboard -----------------------------------------------------------------
    def standings(self, rating: bool | None = None) -> list[dict[str, Any]]:
        """One row per bot, best first: rank, score (hands won) and, with ``rating``
        (default: when numpy and choix are installed), the Bradley–Terry rating."""
        if rating is None:
            rating = rt.rating_available()
        if rating in self._standings:
            return self._standings[rating]
        if not self.complete:
            raise ValueError("the tournament is not finished: run the same command to go on")
        names = self.names
        wins = rt.wins_by_deal(names, self.records, self.deals)
        scores = rt.scores(wins, self.deals)
        ratings = rt.bradley_terry(wins, self.deals, self.seed, self.bootstrap) if rating else None
        by = ratings if ratings and self.scheduled is not None else scores
        ranks = rt.ranks([s.value for s in by])
        played = Counter()
        forfeits: dict[str, Counter] = {name: Counter() for name in names}
        for record in self.records:
            for deal in record["deals"]:
                for run in deal["runs"]:
                    played[record["a"]] += 1
                    played[record["b"]] += 1
                    if "forfeit" in run:
                        forfeits[run["forfeit"]["bot"]][run["forfeit"]["kind"]] += 1
        rows = []
        for i, bot in enumerate(self.bots):
            name = bot["name"]
            won = sum(sum(wins[i][j]) for j in range(len(names)))
            row = {
                "rank": ranks[i],
                "bot": name,
                "kind": bot["kind"],
                "rating": ratings[i].to_dict() if ratings else None,
                "score": scores[i].to_dict(),
                "hands": played[name],
                "won": won,
                "forfeits": sum(forfeits[name].values()),
                "forfeit_kinds": dict(sorted(forfeits[name].items())),
                "status": bot.get("status", "entered"),
                "note": _note(bot, forfeits[name], played[name]),
            }
            rows.append(row)
        rows.sort(key=lambda row: (row["rank"], row["bot"].casefold()))
        self._standings[rating] = rows
        return rows

    def pairs(self) -> list[dict[str, Any]]:
        """Every match: hands won by each bot, the first bot's share with its 95% interval."""
        rows = []
        for record in self.records:
            arena = ArenaResult(record["a"], record["b"], self.seed, self.rules, record["deals"])
            share = arena.summary()["a"]["hands_won"]
            won_a = sum(
                run["winning_team"] == run["a_team"]
                for deal in record["deals"]
                for run in deal["runs"]
            )
            hands = sum(len(deal["runs"]) for deal in record["deals"])
            counts = Counter(
                run["forfeit"]["side"]
                for deal in record["deals"]
                for run in deal["runs"]
                if "forfeit" in run
            )
            finite = len(record["deals"]) >= 2
            rows.append(
                {
                    "a": record["a"],
                    "b": record["b"],
                    "hands": hands,
                    "a_won": won_a,
                    "b_won": hands - won_a,
                    "a_share": share.mean,
                    "a_low": share.low if finite else None,
                    "a_high": share.high if finite else None,
                    "a_forfeits": counts["a"],
                    "b_forfeits": counts["b"],
                }
            )
        return rows

    def forfeits(self) -> list[dict[str, Any]]:
        """Every forfeited hand, with its reason."""
        rows = []
        for record in self.records:
            for number, deal in enumerate(record["deals"]):
                for run in deal["runs"]:
                    if "forfeit" in run:
                        f = run["forfeit"]
                        rows.append(
                            {
                                "a": record["a"],
                                "b": record["b"],
                                "deal": number,
                                "a_seats": "0,2" if run["a_team"] == 0 else "1,3",
                                "bot": f["bot"],
                                "seat": f["seat"],
                                "trick": f["trick"],
                                "kind": f["kind"],
                                "reason": f["reason"],
                            }
                        )
        return rows

    # --- text -------------------------------------------------------------------------------
    def leaderboard_text(self, rating: bool | None = None, width: int = 100) -> str:
        """The leaderboard as a plain-text table."""
        return format_standings(self.standings(rating), width)

    def pairs_text(self, limit: int = 12, width: int = 100) -> str:
        """A table of hands won (row against column), for a small field."""
        names = self.names
        if len(names) > limit:
            return f"({len(names)} bots: see pairs.csv for every pair)"
        won = {(p["a"], p["b"]): (p["a_won"], p["b_won"]) for p in self.pairs()}
        cell = max(6, min(max(len(n) for n in names) + 1, width // (len(names) + 1)))
        short = [_cut(n, cell - 1) for n in names]
        lines = [
            "hands won by the row's bot against the column's",
            " " * cell + "".join(f"{s:>{cell}}" for s in short),
        ]
        for i, a in enumerate(names):
            cells = []
            for j, b in enumerate(names):
                if i == j or ((a, b) not in won and (b, a) not in won):  # Swiss: not met
                    cells.append(f"{'-':>{cell}}")
                else:
                    w = won[(a, b)] if (a, b) in won else tuple(reversed(won[(b, a)]))
                    cells.append(f"{w[0]}/{w[0] + w[1]}".rjust(cell))
            lines.append(f"{short[i]:<{cell}}" + "".join(cells))
        return "\n".join(lines)

    def forfeits_text(self, limit: int = 3) -> str:
        """Per bot with forfeits: how many of each kind, and the first reasons."""
        by_bot: dict[str, list[dict]] = {}
        for row in self.forfeits():
            by_bot.setdefault(row["bot"], []).append(row)
        if not by_bot:
            return "no forfeits"
        lines = []
        for name in self.names:
            rows = by_bot.get(name)
            if not rows:
                continue
            kinds = Counter(row["kind"] for row in rows)
            summary = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
            lines.append(f"{name}: {len(rows)} hands forfeited ({summary})")
            for reason, count in Counter(row["reason"] for row in rows).most_common(limit):
                lines.append(f"    {count} × {_cut(reason, 90)}")
        return "\n".join(lines)

    # --- files ----------------------------------------------------------------------------
    def to_dict(self, rating: bool | None = None) -> dict[str, Any]:
        """Everything, as plain data (``leaderboard.json``)."""
        return {
            "format": RESULT_FORMAT,
            "version": 1,
            "seed": self.seed,
            "deals": self.deals,
            "rules": self.rules.to_dict(),
            "limits": self.limits,
            "bots": self.bots,
            "standings": self.standings(rating),
            "pairs": self.pairs(),
            "forfeits": self.forfeits(),
        }

    def write(self, out: str | Path, rating: bool | None = None, chart: bool = True) -> list[Path]:
        """Write leaderboard.json/.csv, pairs.csv, forfeits.csv (and the chart) into ``out``."""
        out = Path(out)
        written = []
        data = self.to_dict(rating)
        link_hands(data, [record.get("key") for record in self.records], out)
        write_json(out / "leaderboard.json", data)
        written.append(out / "leaderboard.json")
        header = ["rank", "bot", "kind", "rating", "rating_low", "rating_high"]
        header += ["hands_won", "hands_won_low", "hands_won_high", "hands", "won", "forfeits"]
        header += ["status", "note"]
        body = []
        for row in data["standings"]:
            r = row["rating"] or {}
            s = row["score"]
            body.append(
                [row["rank"], row["bot"], row["kind"], r.get("value"), r.get("low")]
                + [r.get("high"), _round(s["value"]), _round(s["low"]), _round(s["high"])]
                + [row["hands"], row["won"], row["forfeits"], row["status"], row["note"]]
            )
        written.append(_csv(out / "leaderboard.csv", header, body))
        pairs = data["pairs"]
        keys = ["a", "b", "hands", "a_won", "b_won", "a_share", "a_low", "a_high"]
        keys += ["a_forfeits", "b_forfeits", "hands_file"]
        written.append(_csv(out / "pairs.csv", keys, [[_round(p[k]) for k in keys] for p in pairs]))
        keys = ["a", "b", "deal", "a_seats", "bot", "seat", "trick", "kind", "reason"]
        keys += ["hands_file", "hand"]
        rows = [[f[k] for k in keys] for f in data["forfeits"]]
        written.append(_csv(out / "forfeits.csv", keys, rows))
        if chart:
            try:
                import matplotlib

                matplotlib.use("Agg", force=False)
                figure = self.plot(rating=rating).figure
                figure.savefig(out / "leaderboard.png", dpi=110, bbox_inches="tight")
                written.append(out / "leaderboard.png")
                import matplotlib.pyplot as plt

                plt.close(figure)
            except ImportError:
                pass
        return written

    def plot(self, ax=None, rating: bool | None = None):
        """Horizontal bars: each bot's rating (or score) with its 95% interval; the axes."""
        return plot_standings(self.standings(rating), self.deals, ax)

    # --- reading back -----------------------------------------------------------------------
    @classmethod
    def load(cls, out: str | Path) -> TournamentResult:
        """The tournament in a results folder (its manifest and finished matches)."""
        out = Path(out)
        manifest = read_manifest(out)
        if manifest is None:
            raise ValueError(f"{out} holds no tournament ({MANIFEST} is missing or unreadable)")
        keys = [m["key"] for m in manifest["matches"]]
        found = read_matches(out, set(keys))
        return cls(
            seed=manifest["seed"],
            deals=manifest["deals"],
            rules=RuleSet.from_dict(manifest["rules"]),
            bots=manifest["bots"],
            records=[found[k] for k in keys if k in found],
            limits=manifest.get("limits", {}),
            scheduled=len(keys) if manifest.get("schedule") == "swiss" else None,
        )


def link_hands(data: dict[str, Any], keys: list[str | None], out: Path) -> None:
    """Name each pair's kept hands (``hands_file``, relative to ``out``) in ``data``'s pairs,
    and each forfeit's file and hand number there (``shengji replay FILE --hand N``).

    ``keys`` are the matches' keys in the order of ``data["pairs"]``; a match of a run
    before hands were kept (or a record without a key) has ``None``."""
    by_pair = {}
    for pair, key in zip(data["pairs"], keys, strict=True):
        file = None if key is None else hands_file(out, key)
        pair["hands_file"] = by_pair[(pair["a"], pair["b"])] = file
    for forfeit in data["forfeits"]:
        file = by_pair[(forfeit["a"], forfeit["b"])]
        forfeit["hands_file"] = file
        first_seats = forfeit["a_seats"] == "0,2"
        forfeit["hand"] = None if file is None else 2 * forfeit["deal"] + (1 if first_seats else 2)


def format_standings(rows: list[dict[str, Any]], width: int = 100) -> str:
    """Standings (as :meth:`TournamentResult.standings` or ``leaderboard.json`` give them)
    as a plain-text table."""
    with_rating = bool(rows) and rows[0]["rating"] is not None
    name_width = max(3, min(28, max(len(row["bot"]) for row in rows)))
    header = f"{'rank':>4}  {'bot':<{name_width}}"
    if with_rating:
        header += f"  {'rating [95%]':<20}"
    header += f"  {'hands won [95%]':<22}  {'forfeits':>8}  note"
    lines = [header.rstrip()]
    for row in rows:
        line = f"{row['rank']:>4}  {_cut(row['bot'], name_width):<{name_width}}"
        if with_rating:
            line += f"  {_rating_text(row['rating']):<20}"
        line += f"  {_share_text(row['score']):<22}"
        line += f"  {row['forfeits']:>3}/{row['hands']:<4}  "
        line += _cut(row["note"], max(0, width - len(line)))
        lines.append(line.rstrip())
    return "\n".join(lines)


def plot_standings(rows: list[dict[str, Any]], deals: int, ax=None):
    """Horizontal bars: each bot's rating (or, without one, its score) with its 95% interval."""
    import matplotlib.pyplot as plt

    rows = list(reversed(rows))
    use_rating = rows[0]["rating"] is not None
    if ax is None:
        _fig, ax = plt.subplots(figsize=(6.5, 0.9 + 0.32 * len(rows)))
    scale = 1 if use_rating else 100
    values, below, above = [], [], []
    for row in rows:
        measure = row["rating"] if use_rating else row["score"]
        value = measure["value"] * scale
        low = value if measure["low"] is None else measure["low"] * scale
        high = value if measure["high"] is None else measure["high"] * scale
        values.append(value)
        below.append(value - low)
        above.append(high - value)
    colors = ["#999999" if row["status"] != "entered" else "#0072B2" for row in rows]
    base = rt.ELO_MEAN if use_rating else 50
    ax.barh(
        [row["bot"] for row in rows],
        [v - base for v in values],
        left=base,
        xerr=[below, above],
        color=colors,
        capsize=3,
    )
    ax.axvline(base, color="grey", linestyle="--", linewidth=1)
    what = "Bradley–Terry rating (Elo scale)" if use_rating else "hands won (%)"
    ax.set_xlabel(f"{what}, 95% interval")
    plural = "s" if deals != 1 else ""
    ax.set_title(f"{len(rows)} bots, {deals} duplicate deal{plural} per pair")
    return ax


def _note(bot: dict, forfeits: Counter, hands: int) -> str:
    if bot.get("status") not in (None, "entered"):
        return f"could not enter: {bot.get('reason', '')}"
    if not forfeits:
        return ""
    return "forfeits: " + ", ".join(f"{kind} {n}" for kind, n in sorted(forfeits.items()))


def _rating_text(measure: dict | None) -> str:
    if measure is None:
        return ""
    if measure["low"] is None:
        return f"{measure['value']:.0f}"
    return f"{measure['value']:.0f} [{measure['low']:.0f}, {measure['high']:.0f}]"


def _share_text(measure: dict) -> str:
    if measure["low"] is None:
        return f"{100 * measure['value']:.1f}%"
    return (
        f"{100 * measure['value']:.1f}% [{100 * measure['low']:.1f}, {100 * measure['high']:.1f}]"
    )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _round(value: Any) -> Any:
    if isinstance(value, float) and math.isfinite(value):
        return round(value, 4)
    return value


def _csv(path: Path, header: list[str], rows: list[list[Any]]) -> Path:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(["" if v is None else v for v in row] for row in rows)
    write_text(path, buffer.getvalue())
    return path


__all__ = ["TournamentResult"]
