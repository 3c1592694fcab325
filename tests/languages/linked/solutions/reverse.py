# ListNode and Optional are in scope without an import, as on LeetCode.
class Solution:
    def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:  # noqa: F821
        previous = None
        while head:
            head.next, previous, head = previous, head, head.next
        return previous
