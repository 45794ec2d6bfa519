# Tests: Criterion unit tests of the engine (against GMP and a slow
# reference), CLI tests of the built binary.
