"""Card sets, one module each, and the ready decks they ship."""
