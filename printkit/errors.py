"""printkit's own errors. The CLI turns every one of them into one line and exit code 2."""

from __future__ import annotations


class PrintkitError(Exception):
    """Bad input a person can fix: a wrong option, a missing file, a size that cannot fit."""


class FontError(PrintkitError):
    """A font role that cannot be served (unknown role, missing or unusable file)."""


class LayoutError(PrintkitError):
    """A component that cannot be laid out as asked (too big for the paper, negative size)."""


class CapacityError(PrintkitError):
    """A printed box or track too small for what a game demands."""
