# SPDX-License-Identifier: GPL-2.0
"""`python3 -m bloatwatch`: the command line, as bin/bloatwatch runs it."""
import sys

from .cli import main

sys.exit(main())
