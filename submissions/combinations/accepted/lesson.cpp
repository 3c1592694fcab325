// The lesson's search in C++, pruned: stop when too few numbers are left to fill k places.
class Solution {
public:
    vector<vector<int>> combine(int n, int k) {
        vector<vector<int>> result;
        vector<int> path;
        backtrack(1, n, k, path, result);
        return result;
    }

private:
    void backtrack(int start, int n, int k, vector<int>& path, vector<vector<int>>& result) {
        if ((int)path.size() == k) {
            result.push_back(path);
            return;
        }
        for (int number = start; number <= n - (k - (int)path.size()) + 1; number++) {
            path.push_back(number);
            backtrack(number + 1, n, k, path, result);
            path.pop_back();
        }
    }
};
