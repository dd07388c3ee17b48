"""Game variants and options (CR 800-903), one module each."""
