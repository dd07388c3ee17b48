"""Keyword abilities (CR 702) and keyword actions (CR 701), one module each."""
