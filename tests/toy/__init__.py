"""The toy game's tests: its rules (``seeds/toy.md``), a plain-Python reference engine and its conformance cases."""
