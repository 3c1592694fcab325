impl Solution {
    pub fn reverse_list(head: Option<Box<ListNode>>) -> Option<Box<ListNode>> {
        let (mut previous, mut head) = (None, head);
        while let Some(mut node) = head {
            head = node.next.take();
            node.next = previous;
            previous = Some(node);
        }
        previous
    }
}
