"""_engine."""
