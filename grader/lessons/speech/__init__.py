"""The languages a lesson can be written in. Add one: a module whose class meets `Speech`
(base.py), and one line here."""

from __future__ import annotations

from typing import Final

from .base import Speech
from .cpp import CppSpeech
from .csharp import CSharpSpeech
from .java import JavaSpeech
from .python import PythonSpeech
from .rust import RustSpeech

SPEECHES: Final[dict[str, Speech]] = {
    "python": PythonSpeech(),
    "rust": RustSpeech(),
    "cpp": CppSpeech(),
    "java": JavaSpeech(),
    "csharp": CSharpSpeech(),
}

__all__ = ["SPEECHES", "Speech"]
