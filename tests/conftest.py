"""What every test module shares.

The ``rules`` and ``cards`` markers, their checks and the ``scenario`` fixture come from
manaweave's pytest plugin (``manaweave.pytest_plugin``), which pytest loads from the
installed package.

Every line the engine logs is checked for values that would not read back as they were
(``manaweave.log.EventLog.check_every_line``), here and in the commands the tests run: an
engine bug that logs one fails the test that meets it, naming the event and the field.
"""

import os

from manaweave.log import CHECK_LINES_ENV, EventLog

EventLog.check_every_line = True
os.environ[CHECK_LINES_ENV] = "1"

# The example distributions' own tests run against an install of each
# (tests/test_third_party_*.py), never as part of this suite.
collect_ignore_glob = ["third_party/*"]
