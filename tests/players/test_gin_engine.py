"""Gin Rummy engine, players and arena (shengji_edu.gin.engine / players / arena)."""

from __future__ import annotations

import pytest

from shengji_edu.gin import (
    Action,
    DefensivePlayer,
    GinGame,
    GinHand,
    GinParseError,
    GreedyPlayer,
    IllegalMove,
    MonteCarloPlayer,
    RandomPlayer,
    card_text,
    deadwood,
    game_score,
    make_player,
    parse_card,
    parse_hand,
    play_hand,
    run_arena,
    score_hand,
)
from shengji_edu.gin.engine import PASS, STOCK, TAKE
from shengji_edu.gin.players import candidate_actions, paired_gain


def prepared_deck(first_hand: str, dealer_hand: str, upcard: str, stock_top: str = "") -> list:
    """A deck dealing ``first_hand`` to the non-dealer, ``dealer_hand`` to the dealer, then
    the upcard, then the stock (``stock_top`` first), the unnamed cards in id order."""
    first, second = parse_hand(first_hand), parse_hand(dealer_hand)
    deck = [c for pair in zip(first, second, strict=True) for c in pair]
    deck += parse_hand([upcard, *stock_top.split()])
    return deck + [c for c in range(52) if c not in deck]


def state(hand: GinHand):
    """Everything an action could change."""
    return (
        [sorted(h) for h in hand.hands],
        list(hand.discards),
        list(hand.stock),
        hand.turn,
        hand.phase,
        hand.passes,
        hand.taken,
        [list(p) for p in hand.picked],
        len(hand.history),
        hand.result,
    )


def refused(hand: GinHand, seat: int, action: Action, message: str) -> None:
    """The action raises IllegalMove mentioning ``message`` and changes nothing."""
    before = state(hand)
    with pytest.raises(IllegalMove, match=message):
        hand.act(seat, action)
    assert state(hand) == before


OTHER = "AD 3D 5D 9D JD KD 2H 4H 6H 8H"  # a dealer hand that suits the hands below


# --- the deal ---------------------------------------------------------------------------------
def test_deal():
    hand = GinHand(seed=5)
    assert [len(h) for h in hand.hands] == [10, 10]
    assert len(hand.discards) == 1 and len(hand.stock) == 31
    assert sorted(hand.hands[0] + hand.hands[1] + hand.discards + hand.stock) == list(range(52))
    assert (hand.turn, hand.phase) == (1, "offer")  # the non-dealer starts
    assert GinHand(seed=5).deck == hand.deck and GinHand(seed=6).deck != hand.deck
    assert GinHand(seed=5, dealer=1).turn == 0


def test_prepared_deck():
    deck = prepared_deck(
        "5S 6S 7S 7H 7D 7C JH QH KH 2C", "AD 2D 3D 4D 5D 6D 8D 9D TD JD", "AC", "3C"
    )
    hand = GinHand(seed=0, deck=deck)
    assert hand.hands[1] == parse_hand("5S 6S 7S 7H 7D 7C JH QH KH 2C")
    assert hand.top == parse_card("AC") and hand.stock[-1] == parse_card("3C")
    with pytest.raises(ValueError, match="all 52 cards"):
        GinHand(seed=0, deck=deck[:51])
    with pytest.raises(ValueError, match="appears twice"):
        GinHand(seed=0, deck=deck[:51] + deck[:1])
    with pytest.raises(ValueError, match="seat 0 or seat 1"):
        GinHand(seed=0, dealer=2)


# --- actions ----------------------------------------------------------------------------------
def test_action_values():
    assert Action("discard", "7S").card == parse_card("7S")
    assert str(Action("knock", "TH")) == "knock TH" and str(Action("knock")) == "knock (big gin)"
    with pytest.raises(ValueError, match="unknown action"):
        Action("fly")
    with pytest.raises(ValueError, match="which card"):
        Action("discard")
    with pytest.raises(ValueError, match="takes no card"):
        Action("take", "7S")
    assert Action.parse("discard 7s") == Action("discard", "7S")
    assert Action.parse("knock") == Action("knock") and Action.parse("stock") == STOCK
    for action in (Action("knock", "TH"), Action("knock"), PASS):
        assert Action.parse(str(action).replace(" (big gin)", "")) == action
    with pytest.raises(ValueError, match="cannot read action"):
        Action.parse("discard 7S 8S")
    with pytest.raises(GinParseError, match="'7X'"):
        Action.parse("discard 7X")


def test_offer_phase_and_both_passing():
    hand = GinHand(seed=1)
    assert hand.legal_actions() == [TAKE, PASS]
    refused(hand, 0, PASS, "seat 1's turn")
    refused(hand, 1, STOCK, "take the upcard")
    hand.act(1, "pass")  # actions may be written as text
    assert (hand.turn, hand.phase) == (0, "offer")
    hand.act(0, PASS)
    assert (hand.turn, hand.phase) == (1, "draw")
    assert hand.legal_actions() == [STOCK]
    refused(hand, 1, TAKE, "both players refused")
    refused(hand, 1, PASS, "only for the first upcard")
    refused(hand, 1, Action("discard", hand.hands[1][0]), "draw first")
    hand.act(1, STOCK)
    assert len(hand.hands[1]) == 11 and hand.phase == "discard"


def test_taken_card_may_not_be_discarded_the_same_turn():
    hand = GinHand(seed=2)
    upcard = hand.top
    hand.act(1, TAKE)
    assert Action("discard", upcard) not in hand.legal_actions()
    refused(hand, 1, Action("discard", upcard), "just taken from the discard pile")
    refused(hand, 1, STOCK, "discard one")
    other = next(c for c in hand.hands[1] if c != upcard)
    hand.act(1, Action("discard", other))
    assert hand.top == other and hand.picked[1] == [upcard]
    assert (hand.turn, hand.phase, hand.taken) == (0, "draw", None)
    assert hand.legal_actions() == [TAKE, STOCK]  # the pass is gone after the first offer


def test_discards_must_come_from_the_hand_and_knocks_must_be_allowed():
    deck = prepared_deck("5S 6S 7S 7H 7D 7C JH QH 2C 9C", OTHER, "KC")
    hand = GinHand(seed=0, deck=deck)
    hand.act(1, PASS)
    hand.act(0, PASS)
    hand.act(1, STOCK)
    refused(hand, 1, Action("discard", "AD"), "AD is not in your hand")
    refused(hand, 1, Action("knock", "2C"), r"deadwood \d+ is more than 10")
    refused(hand, 1, Action("knock"), "big gin")
    assert [a for a in hand.legal_actions() if a.kind == "knock"] == []


def test_knock_ends_the_hand_with_the_scoring_result():
    knocker = "5S 6S 7S 7H 7D 7C JH QH KH 2C"
    dealer = OTHER
    hand = GinHand(seed=0, deck=prepared_deck(knocker, dealer, "AC"))
    hand.act(1, TAKE)
    refused(hand, 1, Action("knock", "AC"), "just taken")
    assert Action("knock", "2C") in hand.legal_actions()
    hand.act(1, Action("knock", "2C"))
    expected = score_hand("5S 6S 7S 7H 7D 7C JH QH KH AC", dealer)
    result = hand.result
    assert hand.over and hand.legal_actions() == []
    assert (result.kind, result.winner, result.knocker, result.points) == ("knock", 1, 1, 58 - 1)
    assert result.score == expected
    refused(hand, 0, STOCK, "the hand is over")


def test_big_gin_without_a_discard():
    dealer = OTHER
    hand = GinHand(seed=0, deck=prepared_deck("AS 2S 3S 4S 7H 7D 7C JH QH KH", dealer, "5S"))
    hand.act(1, TAKE)
    assert Action("knock") in hand.legal_actions()
    hand.act(1, Action("knock"))
    assert (hand.result.kind, hand.result.points) == ("big gin", 31 + deadwood(dealer))


class StockDiscarder:
    """Never keeps anything: passes, draws from the stock, discards what it drew."""

    name = "stock discarder"

    def act(self, view):
        if view.phase == "offer":
            return PASS
        if view.phase == "draw":
            self.before = set(view.hand)
            return STOCK
        (drawn,) = set(view.hand) - self.before
        return Action("discard", drawn)


def test_the_hand_is_a_draw_when_two_stock_cards_remain():
    hand = play_hand(GinHand(seed=3), [StockDiscarder(), StockDiscarder()])
    assert hand.result.kind == "draw" and hand.result.winner is None
    assert len(hand.stock) == 2
    assert sum(a == STOCK for _, a in hand.history) == 31 - 2


def test_random_players_always_finish_legally():
    kinds = set()
    for seed in range(25):
        hand = play_hand(GinHand(seed), [RandomPlayer(), RandomPlayer()])
        kinds.add(hand.result.kind)
        cards = hand.hands[0] + hand.hands[1] + hand.discards + hand.stock
        assert sorted(cards) == list(range(52))
    assert "draw" in kinds  # random players rarely knock


def test_same_seed_same_hand():
    def replay(seed):
        hand = play_hand(GinHand(seed), [RandomPlayer(), GreedyPlayer()])
        return [(seat, str(action)) for seat, action in hand.history], hand.result

    assert replay(11) == replay(11)


def test_view_shows_what_a_player_may_know():
    hand = GinHand(seed=2)
    upcard = hand.top
    hand.act(1, TAKE)
    discard = next(c for c in hand.hands[1] if c != upcard)
    hand.act(1, Action("discard", discard))
    view = hand.view(0)
    assert view.hand == tuple(sorted(hand.hands[0]))
    assert view.opponent_known() == (upcard,) and view.picked(1) == (upcard,)
    assert view.stock_size == 31 and view.opponent_size == 10
    hidden = set(hand.hands[1]) - {upcard}
    assert set(view.unseen()) == hidden | set(hand.stock)
    assert hand.view(1).legal_actions() == []  # not seat 1's turn


def test_what_if_copies_with_a_guess():
    hand = GinHand(seed=4)
    view = hand.view(1)
    unseen = view.unseen()
    world = view.what_if(unseen[:10], unseen[10:], seed=9)
    world.act(1, PASS)
    assert hand.phase == "offer" and hand.turn == 1  # the real hand is untouched
    with pytest.raises(ValueError, match="every card"):
        view.what_if(unseen[:10], unseen[9:], seed=9)


# --- a game to 100 ----------------------------------------------------------------------------
def test_a_game_to_100():
    game = GinGame(seed=1).play([GreedyPlayer(), GreedyPlayer()])
    score = game.score
    results = [h.result for h in game.hands]
    assert score == game_score([(r.winner, r.points) for r in results])
    assert (
        max(score.hand_points)
        >= 100
        > sum(r.points for r in results[:-1] if r.winner == score.winner)
    )
    for hand, following in zip(game.hands, game.hands[1:], strict=False):
        expected = hand.dealer if hand.result.winner is None else hand.result.winner
        assert following.dealer == expected  # the winner deals the next hand


def test_a_game_hand_by_hand_is_the_same_game():
    """The front ends play GinGame a hand at a time: the same hands, the same score."""
    players = [GreedyPlayer(), GreedyPlayer()]
    whole = GinGame(seed=4).play(players)
    game = GinGame(seed=4)
    while not game.over:
        hand = game.new_hand()
        with pytest.raises(ValueError, match="finish the hand first"):
            game.new_hand()
        with pytest.raises(ValueError, match="not over yet"):
            game.hand_finished(hand)
        play_hand(hand, players)
        game.hand_finished(hand)
        with pytest.raises(ValueError, match="only once"):
            game.hand_finished(hand)
    assert game.score == whole.score
    assert [h.history for h in game.hands] == [h.history for h in whole.hands]
    assert game.points == list(whole.score.hand_points)
    with pytest.raises(ValueError, match="the game is over"):
        game.new_hand()


# --- players ------------------------------------------------------------------------------------
FIRST = "5S 6S 7H 7D 7C JH QH 2C 9C KD"  # deadwood 5+6+10+10+2+9+10 = 52
DEALER = "AD 3D 5D 9D JD 2H 4H 6H 8H TH"


def test_greedy_takes_the_upcard_only_when_it_improves():
    taker = GinHand(seed=0, deck=prepared_deck(FIRST, DEALER, "4S"))  # 4S 5S 6S: a run
    assert GreedyPlayer().act(taker.view(1)) == TAKE
    passer = GinHand(seed=0, deck=prepared_deck(FIRST, DEALER, "TD"))  # a ten for a king
    assert GreedyPlayer().act(passer.view(1)) == PASS


def test_greedy_discards_the_card_leaving_least_deadwood_and_knocks_when_it_can():
    hand = GinHand(seed=0, deck=prepared_deck(FIRST, DEALER, "4S"))
    hand.act(1, TAKE)
    action = GreedyPlayer().act(hand.view(1))
    # 11 cards: 4S 5S 6S | 7H 7D 7C | JH QH KD 9C 2C: QH, JH and KD all leave 31; the
    # higher card goes first (KD: id 38, QH: id 24, JH: id 23)
    assert action == Action("discard", "KD")
    deck = prepared_deck("5S 6S 7H 7D 7C JH QH KH 2C 9C", DEALER.replace("TH", "3C"), "4S")
    hand = GinHand(seed=0, deck=deck)
    hand.act(1, TAKE)
    assert GreedyPlayer().act(hand.view(1)) == Action("knock", "9C")


def test_defensive_player_does_not_feed_a_collected_rank():
    # Seat 1 (the opponent) takes the upcard QH; seat 0 then holds QD and JD, equally bad.
    deck = prepared_deck(
        "AC 3C 5C 9C KC 2H 8H TH 2D 4D", "AS 2S 3S 4H 5H 6H JD QD 9D 7C", "QH", "8C"
    )
    hand = GinHand(seed=0, deck=deck)
    hand.act(1, TAKE)
    hand.act(1, Action("discard", "KC"))
    hand.act(0, STOCK)  # draws 8C: 7C 8C, JD QD 9D
    view = hand.view(0)
    greedy, defensive = GreedyPlayer().act(view), DefensivePlayer().act(view)
    assert card_text(greedy.card) == "QD"  # the same rank as the QH the opponent took
    assert card_text(defensive.card) == "JD"


def test_monte_carlo_is_legal_and_reproducible():
    def run():
        hand = GinHand(seed=7)
        return play_hand(hand, [MonteCarloPlayer(budget=2), GreedyPlayer()]).history

    first = run()
    assert first == run()
    assert all(isinstance(action, Action) for _, action in first)


def test_monte_carlo_candidates_start_with_the_greedy_choice():
    hand = GinHand(seed=0, deck=prepared_deck(FIRST, DEALER, "4S"))
    view = hand.view(1)
    assert candidate_actions(view) == [TAKE, PASS]
    hand.act(1, TAKE)
    candidates = candidate_actions(hand.view(1))
    assert candidates[0] == GreedyPlayer().act(hand.view(1)) and len(candidates) == 3
    unrelated = GinHand(seed=0, deck=prepared_deck(FIRST, DEALER, "TD"))
    assert candidate_actions(unrelated.view(1)) == [PASS]  # nothing to think about


def test_paired_gain_needs_convincing_evidence():
    assert paired_gain([5, 5, 5, 5], [0, 0, 0, 0], caution=2) == 5
    assert paired_gain([30, -20, 25, -30], [0, 0, 0, 0], caution=2) == 0  # noise


def test_make_player():
    assert isinstance(make_player("montecarlo", budget=3), MonteCarloPlayer)
    with pytest.raises(ValueError, match="choose one of random, greedy, defensive"):
        make_player("genius")


# --- arena ------------------------------------------------------------------------------------
def test_greedy_beats_random_clearly():
    result = run_arena("greedy", "random", deals=12, seed=0)
    summary = result.summary()
    assert summary["a"]["hands_won"].low > 0.8
    assert summary["a"]["net_points"].low > 20
    assert "greedy" in result.report() and "random" in result.report()


def test_duplicate_deals_swap_seats():
    result = run_arena("greedy", "greedy", deals=5, seed=3)
    assert all([r["a_seat"] for r in deal["runs"]] == [0, 1] for deal in result.deals)
    # identical deterministic players: each deal is won once by each side
    assert result.summary()["a"]["hands_won"].mean == 0.5
    assert sum(result.kinds().values()) == 10


def test_arena_errors():
    with pytest.raises(ValueError, match="at least one deal"):
        run_arena("greedy", "random", deals=0)
    with pytest.raises(ValueError, match="unknown Gin Rummy player"):
        run_arena("greedy", "genius", deals=1)


def test_arena_plot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = run_arena("greedy", "random", deals=2).plot()
    assert ax.get_ylabel() == "hands won (%)"
    plt.close("all")
