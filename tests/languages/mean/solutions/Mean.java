class Solution {
    public double mean(long[] nums) {
        long total = 0;
        for (long x : nums) total += x;
        return (double) total / nums.length;
    }
}
