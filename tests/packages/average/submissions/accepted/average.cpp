#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    cin >> n;
    vector<long long> numbers(n);
    for (auto& x : numbers) cin >> x;
    cout << fixed << setprecision(9) << accumulate(numbers.begin(), numbers.end(), 0LL) / double(n) << "\n";
}
