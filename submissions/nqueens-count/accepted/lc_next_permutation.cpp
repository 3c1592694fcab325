class Solution {
public:
    int totalNQueens(int n) {
        vector<int> p(n);
        iota(p.begin(), p.end(), 0);
        int count = 0;
        do {
            set<int> a, b;
            for (int i = 0; i < n; ++i) a.insert(i + p[i]), b.insert(i - p[i]);
            if ((int)a.size() == n && (int)b.size() == n) ++count;
        } while (next_permutation(p.begin(), p.end()));
        return count;
    }
};
