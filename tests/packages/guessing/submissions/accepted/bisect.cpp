#include <iostream>
#include <string>

int main() {
    int low = 1, high = 1000;
    std::string answer;
    while (true) {
        int guess = (low + high) / 2;
        std::cout << guess << std::endl;  // endl flushes: the validator is waiting
        std::cin >> answer;
        if (answer == "correct") return 0;
        if (answer == "lower") high = guess - 1; else low = guess + 1;
    }
}
