"""Random, but it never throws (a throw that fails costs the lead)."""

from shengji_edu.players import RandomPlayer


class Careful(RandomPlayer):
    def __init__(self):
        super().__init__(name="careful", throw_rate=0.0)
