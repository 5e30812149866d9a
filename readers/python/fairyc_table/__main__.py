"""`python -m fairyc_table TABLE.json DEPTH [FEN]`, `--moves [FEN]`, `--batch`."""

import sys

from .reader import main

main(sys.argv)
