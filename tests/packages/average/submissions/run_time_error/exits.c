#include <stdlib.h>

int main(void) {
    exit(3); /* a program that fails says so by its exit code */
}
