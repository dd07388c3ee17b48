"""The ``manaweave`` command line (``main.py``), its commands that need a module of their
own, and the person at the terminal (:class:`~manaweave.players.TerminalPlayer`)."""
