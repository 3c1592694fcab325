class Solution {
public:
    double mean(vector<long long>& nums) {
        long long total = 0;
        for (long long x : nums) total += x;
        return (double) total / nums.size();
    }
};
