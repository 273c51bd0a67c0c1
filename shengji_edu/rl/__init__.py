"""Shengji as a reinforcement-learning environment (the optional ``rl`` extra).

* :class:`ShengjiEnv` (:func:`env`): a PettingZoo AEC environment of a whole hand under any
  RuleSet: declaring, burying, overcalling and playing, each decision chosen card by card
  with ``Discrete(55)`` and an exact action mask (:mod:`.choosing`), observations a numpy
  encoding of the seat's view (:mod:`.encoding`).
* :class:`SingleSeatEnv`: a Gymnasium environment in which one seat learns and the other
  three are package players or functions of your own.

Install with ``pip install "shengji-edu[rl]"`` (pettingzoo, gymnasium, numpy).
"""

from .choosing import DONE, KINDS, N_ACTIONS, Choice, IllegalAction, actions_of
from .encoding import LAYOUT, SIZE, encode
from .env import AGENTS, REWARDS, ShengjiEnv, drive, env
from .single import SingleSeatEnv

__all__ = [
    "AGENTS",
    "DONE",
    "KINDS",
    "LAYOUT",
    "N_ACTIONS",
    "REWARDS",
    "SIZE",
    "Choice",
    "IllegalAction",
    "ShengjiEnv",
    "SingleSeatEnv",
    "actions_of",
    "drive",
    "encode",
    "env",
]
