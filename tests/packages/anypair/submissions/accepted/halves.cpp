#include <cstdio>

int main() {
    long long n;
    std::scanf("%lld", &n);
    std::printf("%lld %lld\n", n / 2, n - n / 2);
}
