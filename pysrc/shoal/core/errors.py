"""The errors the public API raises. Both are ValueErrors, so a caller that only knows Python still catches them."""


class ShoalError(ValueError):
    """Base of every error Shoal raises on purpose."""


class IllegalAction(ShoalError):
    """An action was refused; the match is exactly as it was before the attempt."""


class BadRecord(ShoalError):
    """A saved record (or a position) could not be loaded; nothing was loaded."""
