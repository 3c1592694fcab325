// LeetCode's definition, given where a problem takes or returns a binary tree, with the
// driver's conversions to and from its level order.
type GraderTree = Option<std::rc::Rc<std::cell::RefCell<TreeNode>>>;
#[derive(Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub val: i32,
    pub left: GraderTree,
    pub right: GraderTree,
}
impl TreeNode {
    #[inline]
    #[allow(dead_code)]
    pub fn new(val: i32) -> Self { TreeNode { val, left: None, right: None } }
}
fn grader_tree_node(value: &grader_driver::Json) -> GraderTree {
    use std::{cell::RefCell, rc::Rc};
    let items = match value { grader_driver::Json::List(items) => items, _ => return None };
    let number = |item: &grader_driver::Json| match item {
        grader_driver::Json::Number(n, _) => Some(*n as i32),
        _ => None,
    };
    let root = Rc::new(RefCell::new(TreeNode::new(number(items.first()?)?)));
    let mut waiting = vec![root.clone()];
    let mut at = 0;
    let mut index = 1;
    while index < items.len() && at < waiting.len() {
        let parent = waiting[at].clone();
        at += 1;
        for side in 0..2 {
            if let Some(val) = items.get(index + side).and_then(number) {
                let child = Rc::new(RefCell::new(TreeNode::new(val)));
                if side == 0 { parent.borrow_mut().left = Some(child.clone()); }
                else { parent.borrow_mut().right = Some(child.clone()); }
                waiting.push(child);
            }
        }
        index += 2;
    }
    Some(root)
}
fn grader_tree_values(root: GraderTree) -> grader_driver::Raw {
    // Level order, None tagged as Python's runner tags it; a node reached twice is said.
    let mut level = vec![root];
    let mut seen = std::collections::HashSet::new();
    let mut values: Vec<String> = Vec::new();
    let mut at = 0;
    while at < level.len() {
        let node = level[at].clone();
        at += 1;
        match node {
            None => values.push("{\"type\":\"None\",\"repr\":\"None\"}".to_string()),
            Some(node) => {
                if !seen.insert(std::rc::Rc::as_ptr(&node) as usize) {
                    return grader_driver::Raw("{\"type\":\"TreeNode\",\"repr\":\"a node reached twice: a cycle, or a shared subtree\"}".to_string());
                }
                let node = node.borrow();
                values.push(node.val.to_string());
                level.push(node.left.clone());
                level.push(node.right.clone());
            }
        }
    }
    while values.last().map_or(false, |value| value.starts_with('{')) { values.pop(); }
    grader_driver::Raw(format!("[{}]", values.join(",")))
}
