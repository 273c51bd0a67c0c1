"""Is the Gin Rummy deal fair? A chi-square goodness-of-fit test over many seeded deals.

If the shuffle is fair, every card is equally likely to be the upcard, and the ace of spades
is equally likely to be at any of the 52 places in the deck. Over N deals each count should
be near N/52. Pearson's statistic ``X2 = sum((observed - expected)**2 / expected)`` then
follows (approximately, with expected counts of 200) a chi-square distribution with
52 - 1 = 51 degrees of freedom, and the p-value is its upper tail ``P(chi2_51 >= X2)``.

We have no scipy, so the tail comes from the regularized upper incomplete gamma function,
``P(chi2_k >= x) = Q(k/2, x/2)``, computed the classic way (Numerical Recipes, "gammq"): a
power series for ``P = 1 - Q`` when ``x < a + 1``, a Lentz continued fraction for ``Q``
otherwise, with ``math.lgamma`` for the normalising constant. The function is checked
against closed forms that need nothing but ``math``: for even k, ``Q(m, y)`` is the Poisson
sum ``exp(-y) * sum(y**i / i!, i < m)``; for k = 1 and 3 it is built from ``math.erfc``.

The deals use a fixed seed, so the test is deterministic; we require p > 0.001 (a fair
shuffle fails that about once in a thousand seeds, and this seed passes). A deliberately
biased sample shows the test has the power to notice a real bias.
"""

from __future__ import annotations

import math
import random

import pytest

from shengji_edu.gin import GinHand

DEALS = 10_400  # 200 expected per category


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a), the regularized upper incomplete gamma function."""
    if x < 0 or a <= 0:
        raise ValueError("need x >= 0 and a > 0")
    if x == 0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series: P(a, x) = e^-x x^a / Gamma(a) * sum x^n / (a (a+1) ... (a+n))
        term = total = 1.0 / a
        n = 0
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / (a + n)
            total += term
        return 1.0 - total * math.exp(log_prefix)
    tiny = 1e-300  # continued fraction (modified Lentz)
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(log_prefix) * h


def chi_square_p_value(statistic: float, dof: int) -> float:
    """P(chi-square with ``dof`` degrees of freedom >= ``statistic``)."""
    return regularized_gamma_q(dof / 2, statistic / 2)


def chi_square(counts: list[int]) -> float:
    """Pearson's statistic against equal expected counts."""
    expected = sum(counts) / len(counts)
    return sum((o - expected) ** 2 / expected for o in counts)


# --- the p-value function against closed forms ---------------------------------------------
def poisson_tail(dof: int, x: float) -> float:
    y = x / 2
    return math.exp(-y) * sum(y**i / math.factorial(i) for i in range(dof // 2))


@pytest.mark.parametrize("dof", [2, 4, 10, 50, 52])
@pytest.mark.parametrize("x", [0.5, 3.0, 10.0, 51.0, 70.0, 120.0])
def test_p_value_even_dof(dof, x):
    assert chi_square_p_value(x, dof) == pytest.approx(poisson_tail(dof, x), rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("x", [0.1, 1.0, 3.841458820694124, 10.0, 30.0])
def test_p_value_odd_dof(x):
    one = math.erfc(math.sqrt(x / 2))
    three = one + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    assert chi_square_p_value(x, 1) == pytest.approx(one, rel=1e-9, abs=1e-15)
    assert chi_square_p_value(x, 3) == pytest.approx(three, rel=1e-9, abs=1e-15)


def test_p_value_known_points():
    assert chi_square_p_value(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    # 51 degrees of freedom lie between the closed forms for 50 and 52
    assert poisson_tail(52, 80) > chi_square_p_value(80, 51) > poisson_tail(50, 80)
    assert chi_square_p_value(87.97, 51) == pytest.approx(0.001, rel=0.01)  # table value


# --- the deal ------------------------------------------------------------------------------
def deal_counts():
    rng = random.Random(20_240)
    upcards, ace_places = [0] * 52, [0] * 52
    for _ in range(DEALS):
        hand = GinHand(rng.getrandbits(32))
        upcards[hand.top] += 1
        ace_places[hand.deck.index(0)] += 1
    return upcards, ace_places


def test_the_shuffle_is_fair():
    for counts in deal_counts():
        assert sum(counts) == DEALS
        p = chi_square_p_value(chi_square(counts), 51)
        assert p > 0.001, (p, counts)


def test_the_test_notices_a_biased_deal():
    rng = random.Random(1)
    weights = [1.15 if card < 13 else 1.0 for card in range(52)]  # spades 15% too likely
    counts = [0] * 52
    for card in rng.choices(range(52), weights, k=DEALS):
        counts[card] += 1
    assert chi_square_p_value(chi_square(counts), 51) < 0.001
