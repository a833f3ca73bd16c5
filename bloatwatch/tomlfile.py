# SPDX-License-Identifier: GPL-2.0
"""Reading a TOML file (bloatwatch.toml, budget files) with errors that name it."""
import tomllib

from .errors import BwError


def load_toml(path):
    """The file as a dict; a missing, unreadable or malformed file is a BwError naming it."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise BwError("%s: %s" % (path, e.strerror))
    except tomllib.TOMLDecodeError as e:
        raise BwError("%s: bad TOML (%s)" % (path, e))
