"""The rules engine: the turn and priority loop, the game and its parts, the log and its
replay, plugin loading. Everything else in the package is built on it; nothing here
imports an application (the command line, remote play, simulation, datasets, analysis,
learning environments, the viewer, the testing harness). Its names reach users through
:mod:`manaweave` and :mod:`manaweave.lowlevel`; see ``docs/architecture.md``."""
