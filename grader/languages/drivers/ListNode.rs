// LeetCode's definition, given where a problem takes or returns a linked list, with the
// driver's conversions to and from [1, 2, 3] (the trait impls an Option<Box<ListNode>> would
// need are not this crate's to make).
#[derive(PartialEq, Eq, Clone, Debug)]
pub struct ListNode {
    pub val: i32,
    pub next: Option<Box<ListNode>>,
}
impl ListNode {
    #[inline]
    #[allow(dead_code)]
    fn new(val: i32) -> Self { ListNode { next: None, val } }
}
fn grader_list_node(value: &grader_driver::Json) -> Option<Box<ListNode>> {
    use grader_driver::FromJson;
    let mut head = None;
    for val in <Vec<i32>>::from_json(value).into_iter().rev() {
        head = Some(Box::new(ListNode { val, next: head }));
    }
    head
}
fn grader_list_values(mut node: Option<Box<ListNode>>) -> Vec<i32> {
    let mut values = Vec::new();
    while let Some(boxed) = node {
        values.push(boxed.val);
        node = boxed.next;
    }
    values
}
