"""Bots, one module each."""
