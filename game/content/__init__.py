"""Loads and validates data files into the frozen definitions declared by rules/ and physics/."""

from .errors import ContentError

__all__ = ["ContentError"]
