"""The message catalogues, one module per language with the same keys."""
