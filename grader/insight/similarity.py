"""Submissions alike after names, literals, comments and layout are normalised away: winnowed
k-gram fingerprints of their tokens, as MOSS computes them (Schleimer, Wilkerson and Aiken,
"Winnowing", SIGMOD 2003). What the starter code, the lesson's own code, or most of the class
share is common ground, not evidence; a pair's score is the share of the smaller file's
remaining fingerprints the other file has too, and the shared regions are given as line
ranges of both files."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..flags.tokens import NAME, NUMBER, STRING, Token, is_keyword, tokens
from ..languages import LANGUAGES
from ..languages.base import SourceFamily

K: Final = 6  # tokens per k-gram (the corpus of disguised copies: 6 separates best)
WINDOW: Final = 5  # winnowing window: every match of K + WINDOW - 1 tokens is found
THRESHOLD: Final = 0.7  # disguised copies score 0.8 and more, independent solutions 0.6 at most
# A fingerprint more submissions than this hold is the problem's shape, not copying (MOSS's
# -m, whose default is 10); in a small class, more than half of it.
CROWD: Final = 10
MIN_SHARED: Final = 8  # fewer shared fingerprints than this is a coincidence of tiny files


@dataclass(frozen=True, slots=True)
class Document:
    name: str  # the student, or the file as given
    path: str
    language: str
    source: str
    fingerprints: dict[int, tuple[int, int]]  # hash -> (first line, last line) it covers


@dataclass(frozen=True, slots=True)
class Region:
    a_lines: tuple[int, int]
    b_lines: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pair:
    a: Document
    b: Document
    score: float
    shared: int
    regions: tuple[Region, ...]


def normalised(found: Sequence[Token], family: SourceFamily) -> list[tuple[str, int]]:
    """Each token as the shape it has: any name `v`, any number `0`, any string `s`."""
    shaped: list[tuple[str, int]] = []
    for token in found:
        if token.kind == NAME and not is_keyword(token, family):
            shaped.append(("v", token.line))
        elif token.kind == NUMBER:
            shaped.append(("0", token.line))
        elif token.kind == STRING:
            shaped.append(("s", token.line))
        else:
            shaped.append((token.text, token.line))
    return shaped


def fingerprints(source: str, language: str) -> dict[int, tuple[int, int]]:
    family = LANGUAGES[language].family
    shaped = normalised(tokens(source, family), family)
    grams = [
        (_hash(" ".join(symbol for symbol, _ in shaped[i : i + K])), i)
        for i in range(len(shaped) - K + 1)
    ]
    chosen: dict[int, tuple[int, int]] = {}
    for start in range(max(len(grams) - WINDOW + 1, 1 if grams else 0)):
        window = grams[start : start + WINDOW]
        value, position = min(window, key=lambda gram: (gram[0], -gram[1]))
        chosen.setdefault(value, (shaped[position][1], shaped[position + K - 1][1]))
    return chosen


def document(name: str, path: str, language: str, source: str) -> Document:
    return Document(name, path, language, source, fingerprints(source, language))


def similar_pairs(
    documents: Sequence[Document],
    common: Iterable[Document] = (),
    threshold: float = THRESHOLD,
) -> list[Pair]:
    """Pairs of the same language scoring `threshold` or more, best first."""
    ground = {value for doc in common for value in doc.fingerprints}
    by_language: dict[str, list[Document]] = defaultdict(list)
    for doc in documents:
        by_language[doc.language].append(doc)
    found: list[Pair] = []
    for group in by_language.values():
        found += _pairs_of(group, ground, threshold)
    return sorted(found, key=lambda pair: (-pair.score, pair.a.name, pair.b.name))


def _pairs_of(group: list[Document], ground: set[int], threshold: float) -> list[Pair]:
    holders: dict[int, list[int]] = defaultdict(list)
    for index, doc in enumerate(group):
        for value in doc.fingerprints:
            if value not in ground:
                holders[value].append(index)
    crowd = max(2, min(CROWD, len(group) // 2))
    counted: dict[tuple[int, int], int] = defaultdict(int)
    own = [0] * len(group)
    for held in holders.values():
        if len(held) > crowd:
            continue  # what most of the class writes is the problem's shape, not copying
        for index in held:
            own[index] += 1
        for i, first in enumerate(held):
            for second in held[i + 1 :]:
                counted[(first, second)] += 1
    pairs = []
    for (first, second), shared in counted.items():
        smaller = min(own[first], own[second])
        score = shared / smaller if smaller else 0.0
        if score >= threshold and shared >= MIN_SHARED:
            a, b = group[first], group[second]
            pairs.append(Pair(a, b, round(score, 3), shared, _regions(a, b, ground)))
    return pairs


def _regions(a: Document, b: Document, ground: set[int]) -> tuple[Region, ...]:
    """The shared fingerprints as runs of lines in both files, merged where they touch."""
    shared = sorted(
        (a.fingerprints[value], b.fingerprints[value])
        for value in a.fingerprints.keys() & b.fingerprints.keys()
        if value not in ground
    )
    merged: list[list[int]] = []
    for (a_first, a_last), (b_first, b_last) in shared:
        current = merged[-1] if merged else None
        touches = current is not None and a_first <= current[1] + 1
        if current is not None and touches and current[2] - 3 <= b_first <= current[3] + 3:
            current[1] = max(current[1], a_last)
            current[2] = min(current[2], b_first)
            current[3] = max(current[3], b_last)
        else:
            merged.append([a_first, a_last, b_first, b_last])
    return tuple(Region((m[0], m[1]), (m[2], m[3])) for m in merged)


def region_lines(source: str, span: tuple[int, int]) -> list[tuple[int, str]]:
    """(line number, text) of the lines `span` covers, as far as the file goes."""
    text = source.splitlines()
    return [(number, text[number - 1]) for number in range(span[0], min(span[1], len(text)) + 1)]


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
