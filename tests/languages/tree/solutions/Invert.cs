public class Solution {
    public TreeNode InvertTree(TreeNode root) {
        if (root == null) return null;
        TreeNode left = InvertTree(root.left);
        root.left = InvertTree(root.right);
        root.right = left;
        return root;
    }
}
