class Solution {
public:
    vector<string> echo(int n, vector<int>& cols, vector<vector<int>> grid, string word,
                        vector<string> words) {
        long long total = 0;
        for (auto& row : grid) total += accumulate(row.begin(), row.end(), 0LL);
        string joined;
        for (size_t i = 0; i < words.size(); ++i) joined += (i ? "," : "") + words[i];
        return {to_string(n), to_string(accumulate(cols.begin(), cols.end(), 0LL)),
                to_string(total), word, joined};
    }
};
