// Static members the grader adds to a lesson's `class Solution` (speech/cpp.py): a value
// of the types a lesson's functions take and give, written as JSON.
    static void grader_lesson_json(std::string& out, long long value) { out += std::to_string(value); }
    static void grader_lesson_json(std::string& out, int value) { out += std::to_string(value); }
    static void grader_lesson_json(std::string& out, bool value) { out += value ? "true" : "false"; }
    static void grader_lesson_json(std::string& out, double value) {
        std::ostringstream said; said.precision(17); said << value; out += said.str();
    }
    static void grader_lesson_json(std::string& out, const std::string& value) {
        out += '"';
        for (char c : value) { if (c == '"' || c == '\\') out += '\\'; out += c; }
        out += '"';
    }
    template <class T>
    static void grader_lesson_json(std::string& out, const std::vector<T>& value) {
        out += "[";
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i) out += ", ";
            grader_lesson_json(out, value[i]);
        }
        out += "]";
    }
    template <class T>
    static std::string grader_lesson_json(const T& value) {
        std::string out;
        grader_lesson_json(out, value);
        return out;
    }
