"""Wrappers that expose every automa game to other frameworks (OpenSpiel, PettingZoo)."""
