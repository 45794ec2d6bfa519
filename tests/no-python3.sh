#!/bin/sh
# The log compiler of the .py tests when configure found no python3: skip
# (exit 77) and say why.  make check passes the script's path as $1.
echo "SKIP: ${1:-this test} needs python3, which configure did not find"
exit 77
