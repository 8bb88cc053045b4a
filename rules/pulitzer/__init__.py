"""Pulitzer (Tranjis Games, 2025): 3-5 players, 2 players, and solo against the Times."""

from automa.rules.core import register_game

from .game import PulitzerGame

register_game(PulitzerGame)

__all__ = ["PulitzerGame"]
