# SPDX-License-Identifier: GPL-2.0
"""The one exception type the CLI turns into `bloatwatch: ...` and a non-zero exit."""


class BwError(Exception):
    """A failure the user caused or can fix, reported as one line."""

    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status
