// The submission's own part of the driver (after driver.hpp): its entry point called with
// the request's arguments, and main().
static std::string grader_call(const std::vector<grader_driver::Json> &args) {
    using namespace grader_driver;
    Solution solution;
    GRADER_ARGS
    std::string value;
    wire(value, GRADER_CALL);
    return value;
}

int main() { return grader_driver::serve(grader_call); }
