# make bench: engine and GMP side by side.
