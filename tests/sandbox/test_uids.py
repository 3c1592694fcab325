from __future__ import annotations

from pathlib import Path

from grader.sandbox.uids import BLOCK_SIZE, BLOCKS, RUN_UID_BASE, UidBlock

# Past every real block: taking one kills what runs with its uids.
BASE = RUN_UID_BASE + BLOCKS * BLOCK_SIZE


def test_two_graders_hold_different_blocks_and_a_freed_one_is_taken_again(
    tmp_path: Path,
) -> None:
    first, second = UidBlock(tmp_path, BASE), UidBlock(tmp_path, BASE)
    try:
        assert {first.first, second.first} == {BASE, BASE + BLOCK_SIZE}
        uids = [first.next() for _ in range(3)]
        assert uids == [first.first, first.first + 1, first.first + 2]
        assert all(uid in first and uid not in second for uid in uids)
    finally:
        first.close()
    again = UidBlock(tmp_path, BASE)
    try:
        assert again.first == BASE
    finally:
        again.close()
        second.close()
