"""What every test module shares.

The ``rules`` and ``cards`` markers, their checks and the ``scenario`` fixture come from
manaweave's pytest plugin (``manaweave.pytest_plugin``), which pytest loads from the
installed package.
"""

# The example distributions' own tests run against an install of each
# (tests/test_third_party_*.py), never as part of this suite.
collect_ignore_glob = ["third_party/*"]
