// LeetCode's C++: swap each remaining number into the next place, swap it back after.
class Solution {
public:
    vector<vector<int>> permute(vector<int>& nums) {
        vector<vector<int>> result;
        backtrack(nums, 0, result);
        return result;
    }

private:
    void backtrack(vector<int>& nums, int first, vector<vector<int>>& result) {
        if (first == (int)nums.size()) {
            result.push_back(nums);
            return;
        }
        for (int i = first; i < (int)nums.size(); i++) {
            swap(nums[first], nums[i]);
            backtrack(nums, first + 1, result);
            swap(nums[first], nums[i]);
        }
    }
};
