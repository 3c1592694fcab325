"""What g++'s compile errors leave unsaid when a file uses what a newer g++ has: LeetCode
compiles C++23 with a newer compiler than Debian's, so code that passes there can fail here
with an error that does not name its cause. Each hint names the feature, the g++ that has
it, and how the same is written for this one."""

from __future__ import annotations

import re
from typing import Final

from .cpp_toolchain import compiler, dialect_name

QUOTE: Final = "[‘’'`]"
# What g++ before 14 says of `this auto&& self` in a parameter list.
DEDUCING_THIS: Final = re.compile(rf"expected identifier before {QUOTE}this{QUOTE}")
NEWER_GCC: Final = (
    (
        DEDUCING_THIS,
        "`this auto` in a parameter list (deducing this) is C++23 that g++ 14 compiles",
        "write a recursive lambda as `function<void(int)> dfs = [&](int row) { ... "
        "dfs(row + 1); };`, or pass it to itself: `auto dfs = [&](auto&& self, int row) "
        "{ ... self(self, row + 1); }; dfs(dfs, 0);`",
    ),
    (
        re.compile(rf"{QUOTE}format{QUOTE} (is not a member of|in namespace) {QUOTE}std{QUOTE}"),
        "std::format arrives with g++ 13",
        "build the text with to_string and +, or an ostringstream",
    ),
    (
        re.compile(
            rf"{QUOTE}print(ln)?{QUOTE} (is not a member of|in namespace) {QUOTE}std{QUOTE}"
        ),
        "std::print and std::println arrive with g++ 14",
        "print with cout or printf",
    ),
    (
        re.compile(rf"{QUOTE}to{QUOTE} is not a member of {QUOTE}std::ranges{QUOTE}"),
        "std::ranges::to arrives with g++ 14",
        "build the container from the range: `vector<int> v(r.begin(), r.end());`",
    ),
)


def newer_language(said: str) -> bool:
    """g++ refused a feature of the language itself (not of its library), which clang has."""
    return DEDUCING_THIS.search(said) is not None


def explained(said: str) -> str:
    """g++'s words with a hint after them where a newer g++ would have compiled the file."""
    for pattern, feature, instead in NEWER_GCC:
        if pattern.search(said):
            version = compiler()[1].split()[-1]
            return (
                f"{said}\nThis judge compiles {dialect_name()} with g++ {version}; {feature}: "
                f"{instead}."
            )
    return said
