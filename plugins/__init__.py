"""Card sets, bots, and tools that read logs, as plugins."""
