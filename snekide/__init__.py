"""snekide: a friendly IDE for Snek, a tiny Python for small computers."""

__version__ = "0.1.0"
