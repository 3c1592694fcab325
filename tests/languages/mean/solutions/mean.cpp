class Solution {
public:
    double mean(vector<long long>& nums, vector<vector<vector<vector<int>>>>& deep) {
        long long total = 0;
        for (long long x : nums) total += x;
        return (double) total / nums.size() + deep[0][0][0][0];
    }
};
