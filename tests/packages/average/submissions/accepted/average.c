#include <stdio.h>

int main(void) {
    int n;
    long long sum = 0, x;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        scanf("%lld", &x);
        sum += x;
    }
    printf("%.9f\n", (double)sum / n);
    return 0;
}
