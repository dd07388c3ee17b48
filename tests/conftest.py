"""What every test module shares.

The ``rules`` and ``cards`` markers, their checks and the ``scenario`` fixture come from
manaweave's pytest plugin (``manaweave.pytest_plugin``), which pytest loads from the
installed package.
"""
