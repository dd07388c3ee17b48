"""The Comprehensive Rules' own rules that are written as plugins, one module each:
``state_based_actions`` (CR 704.5)."""
