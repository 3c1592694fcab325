#include <iostream>

int main() {
    long long n, x, sum = 0;
    std::cin >> n;
    for (int i = 0; i < n; i++) {
        std::cin >> x;
        sum += x;
    }
    std::cout << sum / n << "\n";  // 999999 where 999999.75 is the answer
}
