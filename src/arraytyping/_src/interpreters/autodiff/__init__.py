"""Automatic differentiation: the JVP, linearization and transposition machinery (``ad``) and
the JVP and transpose rules, one module per primitive family."""
