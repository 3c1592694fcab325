// Trusted C++ reference: each next number after the last one chosen.
class Solution {
public:
    vector<vector<int>> combine(int n, int k) {
        vector<vector<int>> found;
        vector<int> chosen;
        place(1, n, k, chosen, found);
        return found;
    }

private:
    void place(int start, int n, int k, vector<int>& chosen, vector<vector<int>>& found) {
        if ((int)chosen.size() == k) {
            found.push_back(chosen);
            return;
        }
        for (int number = start; number <= n; ++number) {
            chosen.push_back(number);
            place(number + 1, n, k, chosen, found);
            chosen.pop_back();
        }
    }
};
