"""Monte Carlo with more worlds and a longer look ahead than the baseline's."""

from shengji_edu.players import MonteCarloPlayer


class Deep(MonteCarloPlayer):
    def __init__(self):
        super().__init__(name="deep", budget=6, horizon=3)
