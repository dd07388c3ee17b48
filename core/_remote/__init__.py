"""What remote play and players in processes of their own share: the wire format of the
messages, the checks of a client's messages, the subprocess player (the engine's side and
the child's) and the sandbox it runs in. :mod:`manaweave.serve` and
:mod:`manaweave.client` are built on it."""
