"""Exercise 13 · Learning to play (lesson 13): a feature of a play, one step of the
card-by-card mask, and a training step of the softmax model whose loss must fall.

Each question has exactly one right answer:

* ``points_for_team(trick, play, trump)``: the points in ``play`` if, right after it is
  played, the player's team is winning the trick (the play wins, or the partner, who played
  two plays before, is winning), else 0: the learned player's feature
  ``follow_points_team`` (times 20);
* ``allowed_cards(hand, lead, chosen, trump)``: the distinct cards ``c`` of the hand, not
  all of whose copies are already in ``chosen``, such that ``chosen + [c]`` can still be
  completed to a legal follow of ``lead`` (the mask of the environment, without ``DONE``);
* ``training_step(weights, decisions, labels, rate)``: one step of gradient descent on the
  mean cross-entropy of the chosen candidates under a softmax of ``weights · features``;
  it is checked against the exact step and must lower the loss.
"""

from __future__ import annotations

import random

from ..cards import parse_cards as _cards
from ..follow import iter_legal_follows
from ..trump import Trump
from .checking import CardMultiset, Group, Question, TrueFalse, WholeNumber
from .generate import Shoe, follow_play, follower_hand, random_trick, unit_of_size
from .kinds import Numbers

EXERCISE = "ex13"

_LEVEL10 = Trump(10, "S")


# --- cases (the references and solutions are in solutions/) --------------------------
def _team_case(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1, 1, 2, 2, 4))
    led = trump.suit_of(plays[0][0])
    shoe = Shoe(rng)
    for play in plays:
        shoe.take(play)
    plays = plays[: rng.randint(1, min(3, len(plays)))]
    return (plays, follow_play(shoe, trump, led, len(plays[0])), trump)


def _mask_case(rng: random.Random) -> tuple:
    plays, trump = random_trick(rng, (1, 2, 2, 3, 4))
    lead = plays[0]
    shoe = Shoe(rng)
    shoe.take(lead)
    led = trump.suit_of(lead[0])
    hand = follower_hand(shoe, trump, led, len(lead), max_size=8)
    if rng.random() < 0.5:
        hand += unit_of_size(shoe, trump, led, min(2, len(lead)))
    while len(hand) < len(lead):
        hand += shoe.draw(1)
    rng.shuffle(hand)
    legal = next(iter_legal_follows(hand, lead, trump))
    chosen = rng.sample(legal, rng.randint(0, len(legal) - 1))
    if rng.random() < 0.2:  # a choice that cannot be completed any more
        chosen = rng.sample(hand, rng.randint(1, len(lead)))
    return (hand, lead, chosen, trump)


def _step_case(rng: random.Random) -> tuple:
    features = rng.randint(2, 4)
    weights = [round(rng.uniform(-1, 1), 2) for _ in range(features)]
    decisions, labels = [], []
    for _ in range(rng.randint(1, 5)):
        candidates = rng.randint(2, 4)
        decisions.append(
            [[round(rng.uniform(-1, 1), 2) for _ in range(features)] for _ in range(candidates)]
        )
        labels.append(rng.randrange(candidates))
    return (weights, decisions, labels, rng.choice([0.1, 0.5, 1.0]))


def _step_size(weights, decisions, labels, rate) -> int:
    return sum(len(candidates) for candidates in decisions)


q1 = Question(
    exercise=EXERCISE,
    number=1,
    function="points_for_team",
    params=("trick", "play", "trump"),
    reference="_points_for_team_reference",
    answer=WholeNumber(),
    fixed=[
        ([_cards("HA")], _cards("H5"), _LEVEL10),
        ([_cards("HK")], _cards("HA"), _LEVEL10),
        ([_cards("HA"), _cards("H3")], _cards("HK"), _LEVEL10),
        ([_cards("H3"), _cards("HA")], _cards("HK"), _LEVEL10),
        ([_cards("H3"), _cards("HQ"), _cards("H4")], _cards("S2"), _LEVEL10),
        ([_cards("H9 H9")], _cards("H10 H5"), _LEVEL10),
    ],
    generate=_team_case,
    hint="""
        trick_winner(trick + [play], trump) is the index of the play winning the trick with
        yours added. Yours has index len(trick); your partner played two plays before you,
        index len(trick) - 2 (when there is one). If either wins, the points of your play
        (sum of card.points) go to your team; otherwise count 0.
    """,
    solution="points_for_team",
)

q2 = Question(
    exercise=EXERCISE,
    number=2,
    function="allowed_cards",
    params=("hand", "lead", "chosen", "trump"),
    reference="_allowed_reference",
    answer=CardMultiset(),
    fixed=[
        (_cards("H3 H5 S2 C4"), _cards("HA"), [], _LEVEL10),
        (_cards("H3 H5 S2 C4"), _cards("HA"), _cards("H3"), _LEVEL10),
        (_cards("S3 C4 D6"), _cards("HA"), [], _LEVEL10),
        (_cards("H5 H5 H6 C3"), _cards("H9 H9"), [], _LEVEL10),
        (_cards("H5 H5 H6 C3"), _cards("H9 H9"), _cards("H5"), _LEVEL10),
        (_cards("H5 C3 C4"), _cards("H9 H9"), [], _LEVEL10),
        (_cards("H5 H6 H7"), _cards("H9 H9"), _cards("C3"), _LEVEL10),
    ],
    generate=_mask_case,
    random_cases=150,
    hint="""
        Brute force is fine here: list the legal follows with legal_follows(hand, lead,
        trump). A card c is allowed when some legal follow holds every card of chosen + [c]
        (compare with Counter: not Counter(chosen + [c]) - Counter(follow)). Return each
        allowed card once.
    """,
    solution="allowed_cards",
)

q3 = Question(
    exercise=EXERCISE,
    number=3,
    function="training_step",
    params=("weights", "decisions", "labels", "rate"),
    reference="_training_step_reference",
    answer=Group([TrueFalse(), Numbers()], "(did the loss fall?, the new weights)"),
    fixed=[
        ([0.0, 0.0], [[[1.0, 0.0], [0.0, 1.0]]], [0], 1.0),
        ([1.0, 0.0], [[[1.0, 0.0], [0.0, 1.0]], [[0.0, 0.0], [1.0, 1.0]]], [1, 1], 0.5),
        ([0.5, -0.5, 0.2], [[[1.0, 2.0, 0.0], [0.0, 1.0, 1.0], [1.0, 1.0, 1.0]]], [2], 0.1),
    ],
    generate=_step_case,
    call="descent_step",
    size=_step_size,
    hint="""
        For each decision: scores s_i = weights · candidates[i]; probabilities
        p_i = exp(s_i) / sum_j exp(s_j). The gradient of -log p_label is
        sum_i p_i * candidates[i] - candidates[label]. Average it over the decisions, and
        return weights - rate * gradient as a list of floats (numpy: .tolist()). The check
        also computes the loss before and after your step: it must fall.
    """,
    solution="training_step",
)

QUESTIONS = [q1, q2, q3]
