// Trusted C++ reference: swap each remaining number into the next place.
class Solution {
public:
    vector<vector<int>> permute(vector<int>& nums) {
        vector<vector<int>> found;
        place(nums, 0, found);
        return found;
    }

private:
    void place(vector<int>& nums, size_t first, vector<vector<int>>& found) {
        if (first == nums.size()) {
            found.push_back(nums);
            return;
        }
        for (size_t i = first; i < nums.size(); ++i) {
            swap(nums[first], nums[i]);
            place(nums, first + 1, found);
            swap(nums[first], nums[i]);
        }
    }
};
