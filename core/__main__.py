"""``python -m manaweave``: the ``manaweave`` command, for when the script is not on the
``PATH``."""

import sys

from ._cli.main import main

if __name__ == "__main__":
    sys.exit(main())
