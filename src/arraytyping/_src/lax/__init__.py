"""The primitives, by family: each module defines its primitives with their type rule (abstract evaluation) and
their StableHLO lowering; ``lax.py`` holds the thin functions that bind them."""
