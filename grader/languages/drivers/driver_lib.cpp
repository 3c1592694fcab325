// The part of the C++ driver that does not depend on the submission: compiled once per g++
// and flags (grader/languages/pch.py) and linked into every build, or, where that object
// cannot be made, compiled with it. Follows driver.hpp.
namespace grader_driver {

static int channel = -1;

static int connect_to(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path, sizeof(address.sun_path) - 1);
    if (fd < 0 || connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0) {
        std::_Exit(97);
    }
    return fd;
}

static void open_channel() {
    if (const char *path = std::getenv("GRADER_SOCKET")) {
        channel = connect_to(path);
        for (int target = 1; target <= 2; ++target) {
            int stream = connect_to(path);
            dup2(stream, target);
            close(stream);
        }
    } else if (const char *fd = std::getenv("GRADER_FD")) {
        channel = std::atoi(fd);
    } else {
        std::_Exit(97);
    }
    unsetenv("GRADER_SOCKET");
    unsetenv("GRADER_FD");
}

static bool read_exactly(char *buffer, size_t size) {
    while (size > 0) {
        ssize_t got = read(channel, buffer, size);
        if (got <= 0) return false;
        buffer += got;
        size -= static_cast<size_t>(got);
    }
    return true;
}

static void send(const std::string &body) {
    std::fflush(stdout);
    std::fflush(stderr);
    unsigned char header[4] = {
        static_cast<unsigned char>(body.size() >> 24), static_cast<unsigned char>(body.size() >> 16),
        static_cast<unsigned char>(body.size() >> 8), static_cast<unsigned char>(body.size())};
    std::string frame(reinterpret_cast<char *>(header), 4);
    frame += body;
    const char *data = frame.data();
    size_t left = frame.size();
    while (left > 0) {
        ssize_t put = write(channel, data, left);
        if (put <= 0) std::_Exit(98);
        data += put;
        left -= static_cast<size_t>(put);
    }
}

std::string quote(const std::string &text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') { out += '\\'; out += static_cast<char>(c); }
        else if (c < 0x20) { char escaped[8]; std::snprintf(escaped, sizeof escaped, "\\u%04x", c); out += escaped; }
        else out += static_cast<char>(c);
    }
    return out + "\"";
}

void wire(std::string &out, long long value) { out += std::to_string(value); }
void wire(std::string &out, int value) { out += std::to_string(value); }
void wire(std::string &out, const std::string &value) { out += quote(value); }
void wire(std::string &out, char value) { out += quote(std::string(1, value)); }
// As the Python runner tags what JSON alone would blur (true is not 1): the harness reads both.
void wire(std::string &out, bool value) {
    out += value ? "{\"type\":\"bool\",\"repr\":\"True\"}" : "{\"type\":\"bool\",\"repr\":\"False\"}";
}
void wire(std::string &out, double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    out += std::string("{\"type\":\"float\",\"repr\":\"") + text + "\"}";
}

static Json parse(const char *&at) {
    Json value;
    while (*at == ' ' || *at == ',' || *at == ':') ++at;
    if (*at == '[') {
        ++at;
        while (*at && *at != ']') {
            value.items.push_back(parse(at));
            while (*at == ' ' || *at == ',') ++at;
        }
        if (*at) ++at;
    } else if (*at == '"') {
        for (++at; *at && *at != '"'; ++at) {
            if (*at == '\\' && at[1]) {
                ++at;
                if (*at == 'u') {
                    value.text += static_cast<char>(std::strtol(std::string(at + 1, 4).c_str(), nullptr, 16));
                    at += 4;
                } else {
                    value.text += *at == 'n' ? '\n' : *at == 't' ? '\t' : *at;
                }
            } else {
                value.text += *at;
            }
        }
        if (*at) ++at;
    } else if (std::strncmp(at, "true", 4) == 0 || std::strncmp(at, "false", 5) == 0) {
        value.number = value.real = *at == 't';
        at += *at == 't' ? 4 : 5;
    } else if (std::strncmp(at, "null", 4) == 0) {
        value.null = true;
        at += 4;
    } else {
        char *end = nullptr;
        value.real = std::strtod(at, &end);
        value.number = std::strtoll(at, nullptr, 10);
        at = end > at ? end : at + 1;
    }
    return value;
}

static std::vector<Json> request_args(const std::string &body) {
    const char *at = std::strchr(body.c_str(), '[');
    return at ? parse(at).items : std::vector<Json>{};
}

static std::string error_frame(const char *type, const std::string &message) {
    return std::string("{\"kind\":\"error\",\"type\":") + quote(type) + ",\"message\":" +
           quote(message) + ",\"trace\":\"\",\"line\":null}";
}

static std::string type_name(const std::type_info &type) {
    int status = 0;
    char *readable = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
    std::string name = status == 0 && readable ? readable : type.name();
    std::free(readable);
    return name;
}

static long long current_id = 0;  // the request being run, which a sanitizer's report answers

#if defined(__SANITIZE_ADDRESS__)
// In the sanitized rebuild (judge/crash_site.py) the sanitizers write their report to files
// of the run's (their log_path, cpp_toolchain.SANITIZER_OPTIONS), never to stderr, where what
// the program printed could pass for a report; when they stop the program, the driver sends
// the report on the judge's channel, as the answer to the request being run.
extern "C" void __sanitizer_set_death_callback(void (*callback)(void));
static const char *const REPORTS[] = {".grader-asan.", ".grader-ubsan."};

// The lines of a report that say what and where (the protocol caps a message at 2000
// characters; a report's shadow-memory map alone is longer): its verdict, the access, and
// the stack's frames, in order.
static std::string said_lines(const std::string &report) {
    std::string kept;
    size_t start = 0;
    while (start < report.size() && kept.size() < 1900) {
        size_t end = report.find('\n', start);
        if (end == std::string::npos) end = report.size();
        std::string line = report.substr(start, end - start);
        if (line.find("ERROR:") != std::string::npos ||
            line.find("runtime error") != std::string::npos ||
            line.find(" of size ") != std::string::npos ||
            line.find(" #") != std::string::npos) {
            kept += line.substr(0, 300) + "\n";
        }
        start = end + 1;
    }
    return kept.substr(0, 1990);
}

static void send_report() {
    std::string report;
    char buffer[4096];
    ssize_t got;
    for (const char *prefix : REPORTS) {
        std::string name = prefix + std::to_string(getpid());
        int logged = open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        while (logged >= 0 && (got = read(logged, buffer, sizeof buffer)) > 0) {
            report.append(buffer, static_cast<size_t>(got));
        }
        if (logged >= 0) close(logged);
    }
    send("{\"id\":" + std::to_string(current_id) + "," +
         error_frame("GraderSanitizerReport", said_lines(report)).substr(1));
}

static void capture_reports() { __sanitizer_set_death_callback(send_report); }
#else
static void capture_reports() {}
#endif

int serve(Call call) {
    // Threads a solution starts keep the usual 8 MiB stack: glibc would give each one the
    // run's stack rlimit (64 MiB, for the main thread's recursion) in address space.
    pthread_attr_t threads;
    pthread_attr_init(&threads);
    pthread_attr_setstacksize(&threads, 8 << 20);
    pthread_setattr_default_np(&threads);
    pthread_attr_destroy(&threads);
    open_channel();
    capture_reports();
    send("{\"kind\":\"ready\"}");
    char header[4];
    while (read_exactly(header, 4)) {
        size_t size = (static_cast<size_t>(static_cast<unsigned char>(header[0])) << 24) |
                      (static_cast<size_t>(static_cast<unsigned char>(header[1])) << 16) |
                      (static_cast<size_t>(static_cast<unsigned char>(header[2])) << 8) |
                      static_cast<size_t>(static_cast<unsigned char>(header[3]));
        std::string body(size, '\0');
        if (!read_exactly(&body[0], size)) break;
        std::vector<Json> args = request_args(body);
        const char *id_at = std::strstr(body.c_str(), "\"id\":");
        long long id = id_at ? std::strtoll(id_at + 5, nullptr, 10) : 0;
        current_id = id;
        std::string frame;
        try {
            frame = "{\"kind\":\"value\",\"value\":" + call(args) + "}";
        } catch (const std::bad_alloc &) {
            frame = error_frame("MemoryError", "");
        } catch (const std::exception &error) {
            frame = error_frame(type_name(typeid(error)).c_str(), error.what());
        } catch (...) {
            frame = error_frame("exception", "a value that is not a std::exception was thrown");
        }
        // Every reply echoes the request's id: "{" becomes "{"id":N,".
        send("{\"id\":" + std::to_string(id) + "," + frame.substr(1));
    }
    return 0;
}

}  // namespace grader_driver

// A guided lesson's values (grader/lessons/): its dispatcher, inside the student's class,
// declares these where it reads an argument (from the arguments' JSON text) or writes a
// value, of the types a lesson may declare; compiled here once, not in every build.
#define GRADER_LESSON_VALUES(T)                                                                \
    void grader_lesson_read(const std::string &args, int index, T &value) {                   \
        value = grader_driver::From<T>::get(grader_driver::request_args(args).at(index));     \
    }                                                                                          \
    void grader_lesson_write(std::string &out, const T &value) { grader_driver::wire(out, value); }
#define GRADER_LESSON_NESTED(T)                                                                \
    GRADER_LESSON_VALUES(T)                                                                    \
    GRADER_LESSON_VALUES(std::vector<T>)                                                       \
    GRADER_LESSON_VALUES(std::vector<std::vector<T>>)
GRADER_LESSON_NESTED(int)
GRADER_LESSON_NESTED(long long)
GRADER_LESSON_NESTED(bool)
GRADER_LESSON_NESTED(double)
GRADER_LESSON_NESTED(std::string)
#undef GRADER_LESSON_NESTED
#undef GRADER_LESSON_VALUES
