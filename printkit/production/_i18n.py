"""Gettext marker for printed labels: printkit's catalogs when present, else identity."""

from __future__ import annotations

try:  # the lead's printkit.i18n provides the real gettext lookup
    from printkit.i18n import _ as _  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - until printkit/i18n.py lands

    def _(message: str) -> str:
        return message


__all__ = ["_"]
