"""_remote."""
