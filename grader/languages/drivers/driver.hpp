// The harness's side of a C++ submission, as the submission's file sees it: the request's
// values (Json, From<T>), the reply's (wire), and serve(), the loop speaking
// grader/protocol.py on the channel (driver_lib.cpp). Appended after the student's file,
// which #line keeps at its own line numbers; driver.cpp then adds the call and main().
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <typeinfo>
#include <unordered_set>
#include <vector>
#include <cxxabi.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace grader_driver {

// The request is {"args":[...]}: numbers, booleans, strings and lists of them, parsed, then
// converted to each parameter's declared type by From<T>.
struct Json {
    long long number = 0;  // an integer, or a boolean as 0 / 1
    double real = 0;       // every number, as a double too
    std::string text;
    std::vector<Json> items;
    bool null = false;
};

std::string quote(const std::string &text);
void wire(std::string &out, long long value);
void wire(std::string &out, int value);
void wire(std::string &out, bool value);
void wire(std::string &out, double value);
void wire(std::string &out, char value);
void wire(std::string &out, const std::string &value);
template <typename T> void wire(std::string &out, const std::vector<T> &values) {
    out += '[';
    for (size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        wire(out, values[i]);
    }
    out += ']';
}

template <typename T> struct From;
template <> struct From<int> { static int get(const Json &j) { return static_cast<int>(j.number); } };
template <> struct From<long long> { static long long get(const Json &j) { return j.number; } };
template <> struct From<std::string> { static std::string get(const Json &j) { return j.text; } };
template <> struct From<bool> { static bool get(const Json &j) { return j.number != 0; } };
template <> struct From<double> { static double get(const Json &j) { return j.real; } };
template <> struct From<char> { static char get(const Json &j) { return j.text.empty() ? '\0' : j.text[0]; } };
template <typename T> struct From<std::vector<T>> {
    static std::vector<T> get(const Json &j) {
        std::vector<T> values;
        for (const Json &item : j.items) values.push_back(From<T>::get(item));
        return values;
    }
};

#ifdef GRADER_LIST_NODE
// LeetCode's linked list (defined before the student's file), to and from [1, 2, 3].
template <> struct From<ListNode *> {
    static ListNode *get(const Json &j) {
        ListNode *head = nullptr;
        for (size_t i = j.items.size(); i-- > 0;) head = new ListNode(static_cast<int>(j.items[i].number), head);
        return head;
    }
};
inline void wire(std::string &out, ListNode *head) {
    // Floyd's tortoise and hare: a cycle is said, never followed for ever.
    for (ListNode *slow = head, *fast = head; fast && fast->next;) {
        slow = slow->next;
        fast = fast->next->next;
        if (slow == fast) {
            out += "{\"type\":\"ListNode\",\"repr\":\"a cycle: a node points back to an earlier node\"}";
            return;
        }
    }
    out += '[';
    for (ListNode *node = head; node; node = node->next) {
        if (node != head) out += ',';
        wire(out, node->val);
    }
    out += ']';
}
#endif

#ifdef GRADER_TREE_NODE
// LeetCode's binary tree (defined before the student's file), to and from its level order.
template <> struct From<TreeNode *> {
    static TreeNode *get(const Json &j) {
        if (j.items.empty() || j.items[0].null) return nullptr;
        std::vector<TreeNode *> waiting{new TreeNode(static_cast<int>(j.items[0].number))};
        size_t at = 0;
        for (size_t i = 1; i < j.items.size() && at < waiting.size(); i += 2, ++at) {
            for (size_t side = 0; side < 2 && i + side < j.items.size(); ++side) {
                if (j.items[i + side].null) continue;
                TreeNode *child = new TreeNode(static_cast<int>(j.items[i + side].number));
                (side ? waiting[at]->right : waiting[at]->left) = child;
                waiting.push_back(child);
            }
        }
        return waiting[0];
    }
};
inline void wire(std::string &out, TreeNode *root) {
    // Level order, null for a missing child; a node reached twice is said, never followed.
    std::vector<TreeNode *> level{root};
    std::unordered_set<TreeNode *> seen;
    std::string values = "[";
    size_t written = 0, kept = 1;  // the length without trailing nulls
    for (size_t at = 0; at < level.size(); ++at) {
        TreeNode *node = level[at];
        if (at) values += ',';
        if (!node) { values += "{\"type\":\"None\",\"repr\":\"None\"}"; continue; }
        if (!seen.insert(node).second) {
            out += "{\"type\":\"TreeNode\",\"repr\":\"a node reached twice: a cycle, or a shared subtree\"}";
            return;
        }
        values += std::to_string(node->val);
        kept = values.size();
        ++written;
        level.push_back(node->left);
        level.push_back(node->right);
    }
    out += root ? values.substr(0, kept) + "]" : "[]";
    (void)written;
}
#endif

// Answers every request with call(its arguments): the value it returns, or the exception it
// throws, in a frame echoing the request's id.
using Call = std::string (*)(const std::vector<Json> &args);
int serve(Call call);

}  // namespace grader_driver
