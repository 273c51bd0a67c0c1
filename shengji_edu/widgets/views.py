"""What the table shows, as HTML: pure functions of the engine's state and a language.

Nothing here decides a rule: who wins a trick comes from :func:`~shengji_edu.tricks.
trick_winner`, what counts from the round's result and :func:`~shengji_edu.scoring.settle`,
the order of cards from :meth:`Trump.sort`. Every sentence goes through the table's
:class:`~shengji_edu.i18n.Translator` (``tr.say``), so ``lang="zh"`` shows all of it in
Chinese with the terms of RULES (庄家, 闲家, 主牌, 级牌, 底牌, 甩牌, 拖拉机, 对子 …).

Text that must read well without the stylesheet (Notebook 6 pads no table cell) separates
its parts with literal " · " rather than relying on CSS spacing. Card faces carry classes
for the stylesheet *and* an inline colour, so they stay red and black even where a front
end drops the ``<style>`` element.

Decisions where RULES is silent:

* The centre shows the running trick in front of each seat; once a trick is complete it
  stays there, marked "won", until the student has seen it: when a computer player won
  it, the table waits for *go on* (or the pause chosen) before that player leads again;
  the last trick of the hand is shown before the result. "last trick" shows the previous
  finished trick at any time.
* A seat shows its card count: everyone at a real table can count the cards in a hand.
* The dealers' row shows what counts for them: keeping the defenders under the threshold.
  The points the dealers capture are not shown, since they never count (RULES §7).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, rank_text
from ..game import AUCTION, DEALING, FINISHED, KITTY, OVERCALL, PLAYING, RETURNS, team_of
from ..game import events as ev
from ..render.text import throw_failed_message
from ..scoring import trick_points
from ..tricks import trick_winner
from ..trump import Trump
from .pieces import (
    COMPUTER_NAMES,
    POSITIONS,
    SEAT_NAMES,
    SEP,
    Context,
    bold,
    chip,
    dealt_total,
    display_trump,
    esc,
    face,
    faces,
    seat_name,
    suit_text,
    take_deal_points,
    team_name,
    trump_words,
)


# --- the status bar ---------------------------------------------------------------------------
def status_html(ctx: Context) -> str:
    """Hand and seed; level, trump and dealer at a glance; one row per team."""
    tr, rnd = ctx.tr, ctx.round
    computer = tr.gettext(COMPUTER_NAMES.get(ctx.computer, ctx.computer))
    head = SEP.join(
        [
            bold(tr.say("Hand {n}", n=len(ctx.match.rounds))),
            esc(tr.say("seed {seed}", seed=ctx.seed)),
            esc(tr.say("you are {seat}", seat=tr.gettext(SEAT_NAMES[ctx.you]))),
            esc(tr.say("computer players: {kind}", kind=computer)),
        ]
    )
    level = rank_text(rnd.level_rank)
    if rnd.trump is not None:
        trump = trump_words(ctx, rnd.trump.suit)
    elif rnd.standing_declaration is not None:
        trump = tr.say(
            "{trump} so far (not fixed yet)",
            trump=trump_words(ctx, rnd.standing_declaration.suit),
        )
    else:
        trump = tr.say("trump not declared yet")
    dealer = seat_name(ctx, rnd.dealer) if rnd.dealer is not None else tr.say("the first declarer")
    glance = SEP.join(
        [
            chip(bold(tr.say("playing level {level}", level=level))),
            chip(bold(trump)),
            chip(esc(tr.say("dealer: {seat}", seat=dealer))),
        ]
    )
    need = take_deal_points(rnd.rules)
    rows = []
    for team in (0, 1):
        parts = [
            esc(team_name(ctx, team)),
            esc(tr.say("level {level}", level=rank_text(rnd.levels[team]))),
        ]
        if rnd.dealer is not None and rnd.is_dealer_team(team):
            parts.append(bold(tr.say("dealers")))
            parts.append(esc(tr.say("keep the defenders under {need}", need=need)))
        elif rnd.dealer is not None:
            points = rnd.defender_points
            parts.append(bold(tr.say("defenders")))
            text = tr.say_n("{n} point", "{n} points", points)
            parts.append(f"<b>{esc(text)}</b> / {need}")
            if rnd.penalty:
                parts.append(esc(tr.say("throw penalties {points:+}", points=rnd.penalty)))
        rows.append(f"<div class='shengji-team shengji-team-{team}'>{SEP.join(parts)}</div>")
    rules = f"<div class='shengji-rules'>{esc(rules_text(ctx))}</div>"
    return f"<div>{head}</div><div>{glance}</div>{''.join(rows)}{rules}"


def rules_text(ctx: Context) -> str:
    """The rules in force, in one line: what differs between tables is named."""
    tr, rules = ctx.tr, ctx.round.rules
    kitty = {
        "power": tr.say("kitty ×2, ×4, ×16"),
        "linear": tr.say("kitty ×2, ×4, ×8"),
        "plain": tr.say("kitty ×1, ×2, ×4"),
    }.get(rules.kitty, rules.kitty)
    parts = [
        tr.say_n("{n} deck", "{n} decks", rules.decks),
        tr.say("{need} take the deal", need=take_deal_points(rules)),
        kitty,
    ]
    if rules.kitty_max is not None:
        parts.append(tr.say("at most ×{n}", n=rules.kitty_max))
    if rules.settlement == "escalating":
        parts.append(tr.say("escalating settlement"))
    if rules.throw_penalty:
        parts.append(tr.say("a failed throw costs {n}", n=rules.throw_penalty))
    if rules.bidding == "after_deal":
        parts.append(tr.say("declaring after the deal"))
    if rules.twos_are_trump:
        parts.append(tr.say("2s always trump (常主)"))
    if rules.overcall_after_bury:
        parts.append(tr.say("overcall after the bury (反主)"))
    if ctx.match.start_level != 2:
        parts.append(tr.say("started at level {level}", level=rank_text(ctx.match.start_level)))
    return tr.say("Rules: {rules}", rules=SEP.join(parts))


# --- the centre: four seats around the trick --------------------------------------------------
def centre_html(ctx: Context, show_last: bool = False) -> str:
    """The seats around the middle; the middle holds the trick, the deal or the result."""
    rnd = ctx.round
    trump = display_trump(rnd)
    plays: dict[int, Sequence[Card]] = {}
    marks: dict[int, str] = {}
    tr = ctx.tr
    shown_trick = None
    if rnd.phase == PLAYING and rnd.trump is not None:
        current = rnd.current_trick
        if show_last and rnd.tricks:
            shown_trick = rnd.tricks[-1]
        elif current:
            best = current[trick_winner([cards for _, cards in current], rnd.trump)][0]
            for seat, cards in current:
                plays[seat] = cards
            marks[best] = tr.say("winning")
        elif rnd.tricks:
            shown_trick = rnd.tricks[-1]  # complete: stays on the table until the next lead
    elif rnd.phase == FINISHED and (show_last or ctx.paused) and rnd.tricks:
        shown_trick = rnd.tricks[-1]
    if shown_trick is not None:
        for seat, cards in shown_trick.plays:
            plays[seat] = cards
        marks = {shown_trick.winner: tr.say("won")}
    turn = rnd.turn
    seats = []
    for offset, position in enumerate(POSITIONS):
        seat = (ctx.you + offset) % 4
        seats.append(_seat_html(ctx, seat, position, plays.get(seat), marks.get(seat), turn, trump))
    if rnd.phase == FINISHED and not show_last and not ctx.paused:
        # The hand is over: the result takes the whole table (every seat holds 0 cards).
        return f"<div class='shengji-centre shengji-centre-over'>{result_html(ctx)}</div>"
    middle = _middle_html(ctx, shown_trick, show_last)
    return (
        f"<div class='shengji-centre'>{''.join(seats)}"
        f"<div class='shengji-middle'>{middle}</div></div>"
    )


def _seat_html(
    ctx: Context,
    seat: int,
    position: str,
    cards: Sequence[Card] | None,
    mark: str | None,
    turn: int | None,
    trump: Trump,
) -> str:
    tr, rnd = ctx.tr, ctx.round
    css = ["shengji-seat", f"shengji-seat-{position}", f"shengji-seat-{seat}"]
    if turn == seat and rnd.phase != DEALING:
        css.append("shengji-turn")
    badge = (
        " <span class='shengji-badge'>" + esc(tr.say("dealer")) + "</span>"
        if rnd.dealer == seat
        else ""
    )
    count = len(rnd.hand(seat))
    info = [esc(tr.say_n("{n} card", "{n} cards", count))]
    if turn == seat and rnd.phase in (AUCTION, KITTY, OVERCALL, RETURNS, PLAYING):
        info.append(esc(tr.say("your turn") if seat == ctx.you else tr.say("to play…")))
    played = faces(ctx, cards, trump) if cards else ""
    tag = f" <span class='shengji-mark'>{esc(mark)}</span>" if mark and cards else ""
    return (
        f"<div class='{' '.join(css)}'><div class='shengji-seat-name'>"
        f"{esc(seat_name(ctx, seat))}{badge}</div>"
        f"<div class='shengji-seat-info'>{SEP.join(info)}</div>"
        f"<div class='shengji-seat-play'>{played}{tag}</div></div>"
    )


def _middle_html(ctx: Context, shown_trick, show_last: bool) -> str:
    tr, rnd = ctx.tr, ctx.round
    lines: list[str] = []
    phase = rnd.phase
    if phase == DEALING:
        lines.append(
            esc(
                tr.say(
                    "Dealing: {dealt} of {total} cards",
                    dealt=rnd.dealt,
                    total=dealt_total(rnd.rules),
                )
            )
        )
        standing = rnd.standing_declaration
        if standing is not None:
            lines.append(
                esc(tr.say("{seat} declared", seat=seat_name(ctx, standing.seat)))
                + " "
                + faces(ctx, standing.cards, display_trump(rnd))
            )
        else:
            lines.append(esc(tr.say("Nobody has declared trump yet.")))
    elif phase == AUCTION:
        lines.append(esc(tr.say("The auction after the deal")))
        standing = rnd.standing_declaration
        if standing is not None:
            lines.append(
                esc(tr.say("{seat} declared", seat=seat_name(ctx, standing.seat)))
                + " "
                + faces(ctx, standing.cards, display_trump(rnd))
            )
    elif phase == KITTY:
        lines.append(esc(tr.say("The kitty")))
        if rnd.overcalls:
            lines.append(_standing_line(ctx))
    elif phase == OVERCALL:
        lines.append(esc(tr.say("The overcall round after the bury")))
        lines.append(_standing_line(ctx))
    elif phase in (PLAYING, FINISHED):
        if shown_trick is not None:
            number = rnd.tricks.index(shown_trick) + 1
            title = tr.say(
                "Trick {n} won by {seat}", n=number, seat=seat_name(ctx, shown_trick.winner)
            )
            if show_last:
                title = tr.say("Last trick: {title}", title=title)
            points = tr.say_n("{n} point", "{n} points", shown_trick.points)
            lines.append(f"<b>{esc(title)}</b>{SEP}{esc(points)}")
            if shown_trick.attempted is not None:
                lines.append(esc(tr.say("failed throw:")) + " " + faces(ctx, shown_trick.attempted))
        else:
            current = rnd.current_trick
            number = len(rnd.tricks) + 1
            points = trick_points(c for _, cards in current for c in cards)
            on_table = tr.say_n("{n} point on the table", "{n} points on the table", points)
            lines.append(bold(tr.say("Trick {n}", n=number)) + SEP + esc(on_table))
    lines.append(f"<div class='shengji-next'>{esc(next_step(ctx))}</div>")
    return "".join(f"<div>{line}</div>" for line in lines)


def _standing_line(ctx: Context) -> str:
    """Who the trump stands on in the overcall round: a declaration or the turned-up card."""
    tr, rnd = ctx.tr, ctx.round
    standing = rnd.standing_declaration
    if standing is not None:
        return (
            esc(tr.say("{seat} declared", seat=seat_name(ctx, standing.seat)))
            + " "
            + faces(ctx, standing.cards)
        )
    flip = rnd.kitty_flip
    if flip is not None:
        return esc(tr.say("turned up from the kitty:")) + " " + faces(ctx, [flip])
    return ""


def next_step(ctx: Context) -> str:
    """What the table waits for, in one sentence."""
    tr, rnd = ctx.tr, ctx.round
    phase = rnd.phase
    if phase == DEALING:
        if rnd.next_receiver is None:
            return tr.say("All cards are dealt: declare now if you like, then fix the trump.")
        if ctx.stopped:
            return tr.say("You may declare now: press a declare button, or deal on.")
        return tr.say("Press deal next or deal all; declare when a declare button appears.")
    if phase == FINISHED and ctx.paused and rnd.tricks:
        return tr.say(
            "The last trick: {seat} won it. Press go on to see the result.",
            seat=seat_name(ctx, rnd.tricks[-1].winner),
        )
    if phase == FINISHED:
        if ctx.match.over:
            return tr.say("The hand is over, and so is the match.")
        return tr.say("The hand is over: press next hand to go on with the match.")
    turn = rnd.turn
    if ctx.paused and rnd.tricks:
        return tr.say(
            "{seat} won the trick and leads the next one: press go on when you have seen it.",
            seat=seat_name(ctx, rnd.tricks[-1].winner),
        )
    if turn != ctx.you:
        return tr.say("Waiting for {seat}.", seat=seat_name(ctx, turn))
    if phase == AUCTION:
        return tr.say("Your bid: declare or pass.")
    if phase == OVERCALL:
        if rnd.legal_overcalls(ctx.you):
            return tr.say("Overcall with a button below (you take the kitty), or do not overcall.")
        return tr.say("You cannot overcall: press do not overcall.")
    if phase == RETURNS:
        to = rnd.returns_due[0]
        n = len(rnd.reported_cards(to))
        return tr.say_n(
            "Your report was the largest: select {n} card to give back to seat {seat} (no joker, "
            "none of the suit it reported, if you can) and press give back.",
            "Your report was the largest: select {n} cards to give back to seat {seat} (no joker, "
            "none of the suit it reported, if you can) and press give back.",
            n,
            seat=to,
        )
    if phase == KITTY and rnd.dealer != ctx.you:
        n = len(rnd.kitty)
        return tr.say_n(
            "You overcalled: select {n} card to bury (the kitty's cards are framed in blue).",
            "You overcalled: select {n} cards to bury (the kitty's cards are framed in blue).",
            n,
        )
    if phase == KITTY:
        n = len(rnd.kitty)
        return tr.say_n(
            "You are the dealer: select {n} card to bury (the kitty's cards are framed in blue).",
            "You are the dealer: select {n} cards to bury (the kitty's cards are framed in blue).",
            n,
        )
    lead = rnd.lead
    if lead is None:
        return tr.say("Your turn: lead (select cards of one suit and press play).")
    leader = rnd.current_trick[0][0]
    return tr.say_n(
        "Your turn: follow {seat}'s lead of {n} card.",
        "Your turn: follow {seat}'s lead of {n} cards.",
        len(lead),
        seat=seat_name(ctx, leader),
    )


# --- the result -------------------------------------------------------------------------------
def result_html(ctx: Context) -> str:
    """How the hand ended: the kitty, what counted, who goes up how far."""
    tr, rnd = ctx.tr, ctx.round
    result = rnd.result
    if rnd.phase != FINISHED or result is None:
        return ""
    s = result.settlement
    dealer_team = team_of(result.dealer)
    last = rnd.tricks[-1]
    raw = trick_points(rnd.kitty)
    if rnd.rules.settlement == "forty_five":  # RULES §12.10: the last trick counts instead
        kitty = tr.say(
            "{seat} won the last trick; in the 45-point game the kitty does not count.",
            seat=seat_name(ctx, last.winner),
        )
    elif rnd.is_dealer_team(last.winner):
        kitty = tr.say(
            "{seat} won the last trick for the dealers: the kitty's {raw} points do not count.",
            seat=seat_name(ctx, last.winner),
            raw=raw,
        )
    else:
        kitty = tr.say(
            "{seat} won the last trick for the defenders: the kitty's {raw} points × "
            "{multiplier} = {points}.",
            seat=seat_name(ctx, last.winner),
            raw=raw,
            multiplier=result.kitty_multiplier,
            points=result.kitty_points,
        )
    total = tr.say(
        "tricks {tricks} + kitty {kitty}", tricks=result.trick_points, kitty=result.kitty_points
    )
    if result.penalty:
        total += " " + tr.say("+ throw penalties {points:+}", points=result.penalty)
    if s.draw:  # the 45-point game (RULES §12.10)
        outcome = tr.say("a draw (平局): nobody goes up")
    else:
        outcome = outcome_text(
            ctx, s.defenders_take_deal, s.defender_levels, s.dealer_levels, dealer_team
        )
    levels = SEP.join(
        tr.say(
            "{team} {before} → {after}",
            team=team_name(ctx, t),
            before=rank_text(result.levels_before[t]),
            after=rank_text(result.levels_after[t]),
        )
        for t in (0, 1)
    )
    kitty_faces = " ".join(face(ctx, c, rnd.trump, kitty=True) for c in rnd.trump.sort(rnd.kitty))
    lines = [
        bold(tr.say("The hand is over"))
        + SEP
        + esc(
            tr.say(
                "defenders' points: {total} = {points}", total=total, points=result.defender_points
            )
        ),
        esc(tr.say("Kitty buried by {seat}:", seat=seat_name(ctx, rnd.buried_by)))
        + " "
        + kitty_faces,
        esc(kitty),
        "<b>" + esc(tr.say("Result: {outcome}", outcome=outcome)) + "</b>",
        esc(tr.say("Levels: {levels}", levels=levels)),
    ]
    if result.match_won:
        lines.append(bold(tr.say("{team} win the match!", team=team_name(ctx, dealer_team))))
    elif result.next_dealer is None:  # after a draw
        lines.append(esc(tr.say("Next hand: no dealer; the first to declare deals (抢庄)")))
    else:
        lines.append(esc(tr.say("Next dealer: {seat}", seat=seat_name(ctx, result.next_dealer))))
    return "<div class='shengji-result'>" + "".join(f"<div>{x}</div>" for x in lines) + "</div>"


def outcome_text(
    ctx: Context, take_deal: bool, defender_levels: int, dealer_levels: int, dealer_team: int
) -> str:
    """Who did what, with the team named first and its role said as a role ("are the
    dealers"), never as a word in front of the team's name (Chinese would read 庄家对方 as
    "the dealer's opponents"); no "go up 0 levels"."""
    tr = ctx.tr
    if take_deal:
        team = team_name(ctx, 1 - dealer_team)
        if defender_levels == 0:
            return tr.say("{team}, the defenders, take the deal", team=team)
        return tr.say_n(
            "{team}, the defenders, take the deal and go up {n} level",
            "{team}, the defenders, take the deal and go up {n} levels",
            defender_levels,
            team=team,
        )
    team = team_name(ctx, dealer_team)
    if dealer_levels == 0:
        return tr.say("{team}, the dealers, keep the deal", team=team)
    return tr.say_n(
        "{team}, the dealers, keep the deal and go up {n} level",
        "{team}, the dealers, keep the deal and go up {n} levels",
        dealer_levels,
        team=team,
    )


# --- messages about events --------------------------------------------------------------------
def lead_indices(events: Sequence[ev.Event]) -> set[int]:
    """The positions of the plays that lead a trick (the first play after a trick or the
    bury)."""
    leads, leading = set(), True
    for i, event in enumerate(events):
        if event.kind == ev.PLAY:
            if leading:
                leads.add(i)
            leading = False
        elif event.kind == ev.TRICK:
            leading = True
    return leads


def lead_text(ctx: Context, seat: int, text: str) -> str:
    """A computer player's lead, named when it is more than one card: a pair, a tractor or
    a throw (several units at once). The units come from :func:`~shengji_edu.units.
    decompose`."""
    from ..cards import parse_cards
    from ..units import decompose

    cards = parse_cards(text)
    if len(cards) < 2:
        return ""
    tr = ctx.tr
    units = decompose(cards, ctx.round.trump)
    name = seat_name(ctx, seat)
    shown = tr.cards(cards)
    if len(units) > 1:
        return tr.say_n(
            "{seat} throws {cards} ({n} unit at once): it stands, nobody could beat a part.",
            "{seat} throws {cards} ({n} units at once): it stands, nobody could beat a part.",
            len(units),
            seat=name,
            cards=shown,
        )
    kind = units[0].kind
    if kind == "tractor":
        return tr.say("{seat} leads a tractor: {cards}.", seat=name, cards=shown)
    if kind == "titanic":
        return tr.say("{seat} leads a titanic: {cards}.", seat=name, cards=shown)
    if kind == "triple":
        return tr.say("{seat} leads a triple: {cards}.", seat=name, cards=shown)
    return tr.say("{seat} leads a pair: {cards}.", seat=name, cards=shown)


def event_text(ctx: Context, event: ev.Event, lead: bool = False, auto: bool = False) -> str:
    """One sentence about something that happened ("" for what the table already shows)."""
    tr = ctx.tr
    seat = seat_name(ctx, event.seat) if event.seat is not None else ""
    data = event.data
    kind = event.kind
    if kind == ev.DECLARE:
        cards = _cards_text(ctx, data["cards"])
        if data.get("reinforce"):
            return tr.say("{seat} reinforces with {cards}.", seat=seat, cards=cards)
        return tr.say("{seat} declares {cards}.", seat=seat, cards=cards)
    if kind == ev.PASS:
        return tr.say("{seat} passes.", seat=seat)
    if kind == ev.OVERCALL_PASS:
        if auto:
            return tr.say(
                "You cannot overcall: nothing you hold beats the standing trump, so you pass."
            )
        return tr.say("{seat} does not overcall.", seat=seat)
    if kind == ev.OVERCALL:
        return tr.say(
            "{seat} overcalls with {cards}. Trump: {suit}.",
            seat=seat,
            cards=_cards_text(ctx, data["cards"]),
            suit=suit_text(ctx, data["suit"]),
        )
    if kind == ev.TRUMP_FIXED:
        suit = suit_text(ctx, data["suit"])
        level = rank_text(data["level"])
        if data.get("kitty_flip"):
            return tr.say(
                "Nobody declared: the kitty card {card} was turned up. Trump: {suit} at level "
                "{level}; {seat} deals.",
                card=_cards_text(ctx, data["kitty_flip"]),
                suit=suit,
                level=level,
                seat=seat,
            )
        return tr.say(
            "Trump: {suit} at level {level}; {seat} deals.", suit=suit, level=level, seat=seat
        )
    if kind == ev.KITTY_TAKEN:
        if event.seat == ctx.you:
            n = len(ctx.round.kitty)
            return tr.say_n(
                "You take the {n} kitty card (framed in blue): select {n} card and press bury.",
                "You take the {n} kitty cards (framed in blue): select {n} cards and press bury.",
                n,
            )
        return tr.say("{seat} takes the kitty.", seat=seat)
    if kind == ev.BURY:
        if event.seat == ctx.you:
            return ""
        return tr.say_n(
            "{seat} buries {n} card.", "{seat} buries {n} cards.", data["count"], seat=seat
        )
    if kind == ev.THROW_FAILED:
        return throw_failed_message(event, seat).render(tr)
    if kind == ev.TRICK:
        trick = ctx.round.tricks[data["number"] - 1]
        best = dict(trick.plays)[trick.winner]
        return tr.say_n(
            "Trick {number}: {seat} wins it with {cards}, {n} point.",
            "Trick {number}: {seat} wins it with {cards}, {n} points.",
            data["points"],
            number=data["number"],
            seat=seat,
            cards=ctx.tr.cards(best),
        )
    if kind == ev.PLAY and lead and event.seat != ctx.you and ctx.round.trump is not None:
        return lead_text(ctx, event.seat, data["cards"])
    if kind == ev.SETTLE:
        return tr.say("The hand is over: the result is on the table.")
    return ""


def _cards_text(ctx: Context, text: str) -> str:
    from ..cards import parse_cards

    return ctx.tr.cards(parse_cards(text))


# --- the log ----------------------------------------------------------------------------------
def log_html(ctx: Context) -> str:
    """The hand so far, newest first: tricks with their winner (★) and points, declarations."""
    tr, rnd = ctx.tr, ctx.round
    lines = []
    for event in rnd.events:
        if event.kind == ev.TRICK:
            number = event.data["number"]
            trick = rnd.tricks[number - 1]
            plays = SEP.join(
                f"{esc(tr.gettext(SEAT_NAMES[s]))} {faces(ctx, c)}"
                + (" ★" if s == trick.winner else "")
                for s, c in trick.plays
            )
            gain = (
                SEP + esc(tr.say_n("{n} point", "{n} points", trick.points)) if trick.points else ""
            )
            lines.append(f"{number}. {plays}{gain}")
        elif event.kind in (ev.DECLARE, ev.PASS, ev.TRUMP_FIXED, ev.OVERCALL, ev.THROW_FAILED):
            lines.append(esc(event_text(ctx, event)))
    kitty = ""
    if rnd.phase in (PLAYING, OVERCALL) and rnd.buried_by == ctx.you and rnd.kitty:
        # you buried it: you may look at it (nobody else may)
        kitty = (
            "<div class='shengji-your-kitty'>"
            + bold(tr.say("The kitty you buried:"))
            + " "
            + " ".join(
                face(ctx, c, rnd.trump, kitty=True) for c in display_trump(rnd).sort(rnd.kitty)
            )
            + "</div>"
        )
    if not lines:
        return kitty + "<i>" + esc(tr.say("Nothing has happened yet.")) + "</i>"
    items = "".join(f"<div>{line}</div>" for line in reversed(lines))
    return kitty + bold(tr.say("The hand so far, newest first")) + items
