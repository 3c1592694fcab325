// LeetCode's definition, given before the student's file where a problem uses a linked list.
#define GRADER_LIST_NODE 1
struct ListNode {
    int val;
    ListNode *next;
    ListNode() : val(0), next(nullptr) {}
    ListNode(int x) : val(x), next(nullptr) {}
    ListNode(int x, ListNode *next) : val(x), next(next) {}
};
