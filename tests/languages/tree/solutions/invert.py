# TreeNode and Optional are in scope without an import, as on LeetCode.
class Solution:
    def invertTree(self, root: Optional[TreeNode]) -> Optional[TreeNode]:  # noqa: F821
        if root:
            root.left, root.right = self.invertTree(root.right), self.invertTree(root.left)
        return root
