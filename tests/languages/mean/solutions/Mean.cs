public class Solution {
    public double Mean(long[] nums) {
        long total = 0;
        foreach (long x in nums) total += x;
        return (double) total / nums.Length;
    }
}
