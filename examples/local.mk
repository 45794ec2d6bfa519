# Example scripts a user would copy, each checked against its expected
# output (plain and under --verify) by examples/examples.py.
EXAMPLES = examples/rsa.bgc examples/lucas-lehmer.bgc examples/fermat.bgc \
	examples/pisano.bgc examples/pollard-rho.bgc examples/miller-rabin.bgc \
	examples/crt.bgc examples/sieve.bgc
TESTS += examples/examples.py
EXTRA_DIST += examples/examples.py $(EXAMPLES) $(EXAMPLES:.bgc=.out)
