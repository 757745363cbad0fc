"""The executable rules core: pure functions and value types, no I/O.

It imports nothing else of the project, so it can be used (and tested) on its own.
"""
