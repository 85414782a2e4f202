"""Lazy facts: what is learned of a file when it is first asked, kept for the next askers.

``LazyFacts`` is the one mechanism for it. A ``Unit`` has it (a file's HIP groups, its
kept-off blocks, clang's parse, the hazard rules' ``Facts``), and so do those ``Facts``
(what they learn per function or per name). A fact is keyed by the function that
computes it, and by the arguments it is asked with, if any:

    unit.fact(_hip_groups)                  # _hip_groups(unit), once per unit
    facts.fact(Facts._group_origins, f)     # Facts._group_origins(facts, f), once per f

The function is the key, so a fact must be computed by a module-level function or a
method, never by a lambda or an inner function made anew at each call: a new function
would be a new key and compute again. Two modules that want the same fact call the same
function. ``known`` says whether a fact was computed, ``computed`` whether a
``functools.cached_property`` view was (``unit.computed("tokens")``): callers then take
a cheaper path through what is at hand. ``forget_facts`` drops every fact (a unit once
translated).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["LazyFacts"]

_Fact = TypeVar("_Fact")


class LazyFacts:
    """Facts of an object, computed when first asked and kept (see the module doc)."""

    def __init__(self) -> None:
        self._facts: dict[Hashable, Any] = {}

    def fact(self, compute: Callable[..., _Fact], *arguments: Hashable) -> _Fact:
        """``COMPUTE(self, *ARGUMENTS)``, computed once and kept."""
        key = (compute, *arguments) if arguments else compute
        facts = self._facts
        try:
            return facts[key]
        except KeyError:
            pass
        value = facts[key] = compute(self, *arguments)
        return value

    def known(self, compute: Callable[..., Any], *arguments: Hashable) -> bool:
        """True when the fact ``COMPUTE(self, *ARGUMENTS)`` was computed already."""
        return ((compute, *arguments) if arguments else compute) in self._facts

    def computed(self, view: str) -> bool:
        """True when the view named VIEW (a ``functools.cached_property`` of this
        object's class, e.g. ``"tokens"`` of a ``Unit``) was computed already."""
        return view in self.__dict__

    def forget_facts(self) -> None:
        """Drop every fact (not the cached views): what a translated unit no longer needs."""
        self._facts.clear()
