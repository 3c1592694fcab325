"""A registry that names its entries without importing them: a command pays only for the
language, checker, backend or report format it uses (the CLI's start-up is part of every
grade)."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

T = TypeVar("T")


class LazyRegistry(Mapping[str, T], Generic[T]):
    """name -> "module:attribute", relative to `package`. An attribute that is a class is
    instantiated once; anything else (a function) is the entry itself."""

    def __init__(self, package: str, entries: dict[str, str]) -> None:
        self._package = package
        self._entries = entries
        self._loaded: dict[str, T] = {}
        self._lock = threading.Lock()  # a batch's threads may ask for the same entry at once

    def register(self, name: str, where: str) -> None:
        """Add an entry from outside the package (a plug-in; `where` absolute, as
        "mypackage.lua:Lua"): every table read from the registry has it from now on."""
        with self._lock:
            if name in self._entries:
                raise ValueError(f"{name!r} is registered already")
            self._entries[name] = where

    def unregister(self, name: str) -> None:
        with self._lock:
            del self._entries[name]
            self._loaded.pop(name, None)

    def __getitem__(self, name: str) -> T:
        if name not in self._loaded:
            where = self._entries[name]  # KeyError for an unknown name, as a dict would
            module_name, _, attribute = where.partition(":")
            with self._lock:
                if name not in self._loaded:
                    module = importlib.import_module(module_name, self._package)
                    found = getattr(module, attribute)
                    self._loaded[name] = found() if isinstance(found, type) else found
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries
