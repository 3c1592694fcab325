// validate input judge_answer feedback_dir < team_output: exit 42 accepted, 43 wrong.
#include <fstream>
#include <iostream>
#include <string>

static int verdict(bool accepted, const std::string& feedback, const std::string& team,
                   const std::string& judge) {
    std::ofstream(feedback + "/teammessage.txt") << team;
    std::ofstream(feedback + "/judgemessage.txt") << judge;
    return accepted ? 42 : 43;
}

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::string expected, got, extra;
    std::ifstream(argv[2]) >> expected;
    if (!(std::cin >> got)) return verdict(false, argv[3], "no output", "empty output");
    if (std::cin >> extra) return verdict(false, argv[3], "print one number", "more than one token");
    if (got != expected)
        return verdict(false, argv[3], "the sum is not right", "expected " + expected + ", got " + got);
    return verdict(true, argv[3], "", "");
}
