// The harness's side of a C# submission: speaks grader/protocol.py on the channel.
using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

public static class GraderMain {
    [DllImport("libc", SetLastError = true)] static extern int socket(int domain, int type, int protocol);
    [DllImport("libc", SetLastError = true)] static extern int connect(int fd, byte[] address, int length);
    [DllImport("libc", SetLastError = true)] static extern int dup2(int old, int target);
    [DllImport("libc", SetLastError = true)] static extern int close(int fd);
    [DllImport("libc", SetLastError = true)] static extern IntPtr read(int fd, byte[] buffer, IntPtr count);
    [DllImport("libc", SetLastError = true)] static extern IntPtr write(int fd, byte[] buffer, IntPtr count);

    // Mono's FileStream refuses a socket's handle: the channel is read and written by hand.
    static int channel = -1;

    static int ConnectTo(string path) {
        int fd = socket(1, 1, 0);  // AF_UNIX, SOCK_STREAM
        byte[] address = new byte[110];
        address[0] = 1;  // sun_family = AF_UNIX, little-endian
        byte[] name = Encoding.UTF8.GetBytes(path);
        Array.Copy(name, 0, address, 2, Math.Min(name.Length, 107));
        if (fd < 0 || connect(fd, address, address.Length) != 0) Environment.Exit(97);
        return fd;
    }

    static void OpenChannel() {
        string path = Environment.GetEnvironmentVariable("GRADER_SOCKET");
        int fd;
        if (path != null) {
            fd = ConnectTo(path);
            for (int target = 1; target <= 2; target++) {
                int stream = ConnectTo(path);
                dup2(stream, target);
                close(stream);
            }
        } else {
            fd = int.Parse(Environment.GetEnvironmentVariable("GRADER_FD"));
        }
        channel = fd;
        var stdout = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true };
        Console.SetOut(stdout);
    }

    static void Send(string body) {
        Console.Out.Flush();
        Console.Error.Flush();
        byte[] data = Encoding.UTF8.GetBytes(body);
        byte[] frame = new byte[4 + data.Length];
        frame[0] = (byte) (data.Length >> 24);
        frame[1] = (byte) (data.Length >> 16);
        frame[2] = (byte) (data.Length >> 8);
        frame[3] = (byte) data.Length;
        Array.Copy(data, 0, frame, 4, data.Length);
        int at = 0;
        while (at < frame.Length) {
            byte[] rest = new byte[frame.Length - at];
            Array.Copy(frame, at, rest, 0, rest.Length);
            long put = (long) write(channel, rest, (IntPtr) rest.Length);
            if (put <= 0) Environment.Exit(98);
            at += (int) put;
        }
    }

    static byte[] ReadExactly(int size) {
        byte[] buffer = new byte[size];
        int at = 0;
        while (at < size) {
            byte[] chunk = new byte[size - at];
            long got = (long) read(channel, chunk, (IntPtr) chunk.Length);
            if (got <= 0) return null;
            Array.Copy(chunk, 0, buffer, at, (int) got);
            at += (int) got;
        }
        return buffer;
    }

    static string Quote(string text) {
        var quoted = new StringBuilder("\"");
        foreach (char c in text) {
            if (c == '"' || c == '\\') quoted.Append('\\').Append(c);
            else if (c < 0x20) quoted.AppendFormat("\\u{0:x4}", (int) c);
            else quoted.Append(c);
        }
        return quoted.Append('"').ToString();
    }

    static void Wire(StringBuilder sink, object value) {
        if (WireListNode(sink, value) || WireTreeNode(sink, value)) return;
        if (value is int || value is long || value is short) {
            sink.Append(Convert.ToInt64(value));
        } else if (value is string) {
            sink.Append(Quote((string) value));
        } else if (value is char) {
            sink.Append(Quote(value.ToString()));
        } else if (value is bool) {
            // As the Python runner tags what JSON alone would blur (true is not 1).
            sink.Append("{\"type\":\"bool\",\"repr\":\"").Append((bool) value ? "True" : "False").Append("\"}");
        } else if (value is double || value is float) {
            string text = Convert.ToDouble(value).ToString("R", System.Globalization.CultureInfo.InvariantCulture);
            sink.Append("{\"type\":\"float\",\"repr\":").Append(Quote(text)).Append('}');
        } else if (value is IEnumerable) {
            sink.Append('[');
            bool first = true;
            foreach (object item in (IEnumerable) value) {
                if (!first) sink.Append(',');
                first = false;
                Wire(sink, item);
            }
            sink.Append(']');
        } else {
            string type = value == null ? "null" : value.GetType().Name;
            sink.Append("{\"type\":").Append(Quote(type)).Append(",\"repr\":")
                .Append(Quote(value == null ? "null" : value.ToString())).Append('}');
        }
    }

    // The request is {"args":[...]}: numbers (long or double), booleans, strings and lists,
    // parsed; Arg() converts each to its parameter's type.
    static int at;

    static object Parse(string text) {
        while (at < text.Length && " ,:".IndexOf(text[at]) >= 0) at++;
        char c = at < text.Length ? text[at] : ']';
        if (c == '[') {
            at++;
            var items = new List<object>();
            while (at < text.Length && text[at] != ']') {
                items.Add(Parse(text));
                while (at < text.Length && " ,".IndexOf(text[at]) >= 0) at++;
            }
            at++;
            return items;
        }
        if (c == '"') {
            var output = new StringBuilder();
            for (at++; at < text.Length && text[at] != '"'; at++) {
                char d = text[at];
                if (d == '\\' && at + 1 < text.Length) {
                    d = text[++at];
                    if (d == 'u') { output.Append((char) Convert.ToInt32(text.Substring(at + 1, 4), 16)); at += 4; }
                    else output.Append(d == 'n' ? '\n' : d == 't' ? '\t' : d);
                } else output.Append(d);
            }
            at++;
            return output.ToString();
        }
        int start = at;
        if (char.IsLetter(c)) {  // true, false, null
            while (at < text.Length && char.IsLetter(text[at])) at++;
            return c == 't' ? (object) true : c == 'f' ? (object) false : null;
        }
        while (at < text.Length && "-+.eE0123456789".IndexOf(text[at]) >= 0) at++;
        if (at == start) { at++; return 0L; }
        string number = text.Substring(start, at - start);
        long whole;
        if (long.TryParse(number, out whole)) return whole;
        return double.Parse(number, System.Globalization.CultureInfo.InvariantCulture);
    }

    // A request's value as a parameter of the declared type: int, long, bool, float, str,
    // char, or list[T] of those as an array (LeetCode's C# takes arrays: char[][] board).
    static object Arg(object value, string kind) {
        if (kind.StartsWith("list[")) {
            string inner = kind.Substring(5, kind.Length - 6);
            var items = (List<object>) value;
            Array array = Array.CreateInstance(Component(inner), items.Count);
            for (int i = 0; i < items.Count; i++) array.SetValue(Arg(items[i], inner), i);
            return array;
        }
        if (kind == "ListNode") return ListNodeOf((List<object>) value);
        if (kind == "TreeNode") return TreeNodeOf((List<object>) value);
        switch (kind) {
            case "int": return Convert.ToInt32(value);
            case "long": return Convert.ToInt64(value);
            case "float": return Convert.ToDouble(value);
            case "bool": return (bool) value;
            case "char": return ((string) value)[0];
            default: return value;
        }
    }

    // LeetCode's ListNode (ListNode.cs, given where a problem takes or returns one), made and
    // read through reflection: this driver is compiled for problems without one too.
    static object ListNodeOf(List<object> values) {
        Type node = Type.GetType("ListNode");
        object head = null;
        for (int i = values.Count - 1; i >= 0; i--) head = Activator.CreateInstance(node, Convert.ToInt32(values[i]), head);
        return head;
    }

    // LeetCode's TreeNode (TreeNode.cs, given where a problem takes or returns one), from and
    // to its level order, through reflection as ListNode is.
    static object TreeNodeOf(List<object> values) {
        if (values.Count == 0 || values[0] == null) return null;
        Type node = Type.GetType("TreeNode");
        var left = node.GetField("left");
        var right = node.GetField("right");
        var waiting = new List<object> { Activator.CreateInstance(node, Convert.ToInt32(values[0]), null, null) };
        for (int i = 1, at = 0; i < values.Count && at < waiting.Count; i += 2, at++) {
            for (int side = 0; side < 2 && i + side < values.Count; side++) {
                if (values[i + side] == null) continue;
                object child = Activator.CreateInstance(node, Convert.ToInt32(values[i + side]), null, null);
                (side == 0 ? left : right).SetValue(waiting[at], child);
                waiting.Add(child);
            }
        }
        return waiting[0];
    }

    static bool WireTreeNode(StringBuilder sink, object root) {
        if (root == null || root.GetType().Name != "TreeNode") return false;
        var type = root.GetType();
        var val = type.GetField("val");
        var left = type.GetField("left");
        var right = type.GetField("right");
        if (val == null || left == null || right == null) return false;
        var seen = new HashSet<object>(new Identity());
        var level = new List<object> { root };
        var values = new List<string>();
        for (int at = 0; at < level.Count; at++) {
            object current = level[at];
            if (current == null) { values.Add("{\"type\":\"None\",\"repr\":\"None\"}"); continue; }
            if (!seen.Add(current)) {
                sink.Append("{\"type\":\"TreeNode\",\"repr\":\"a node reached twice: a cycle, or a shared subtree\"}");
                return true;
            }
            values.Add(Convert.ToInt64(val.GetValue(current)).ToString());
            level.Add(left.GetValue(current));
            level.Add(right.GetValue(current));
        }
        while (values.Count > 0 && values[values.Count - 1].StartsWith("{")) values.RemoveAt(values.Count - 1);
        sink.Append('[').Append(string.Join(",", values)).Append(']');
        return true;
    }

    static object orEmpty(object head) {
        return head ?? new List<object>();
    }

    static bool WireListNode(StringBuilder sink, object head) {
        if (head == null || head.GetType().Name != "ListNode") return false;
        var flags = System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance;
        var val = head.GetType().GetField("val", flags);
        var next = head.GetType().GetField("next", flags);
        if (val == null || next == null) return false;
        var seen = new HashSet<object>(new Identity());
        var values = new StringBuilder("[");
        for (object node = head; node != null; node = next.GetValue(node)) {
            if (!seen.Add(node)) {
                sink.Append("{\"type\":\"ListNode\",\"repr\":\"a cycle: a node points back to an earlier node\"}");
                return true;
            }
            if (node != head) values.Append(',');
            values.Append(Convert.ToInt64(val.GetValue(node)));
        }
        sink.Append(values).Append(']');
        return true;
    }

    sealed class Identity : IEqualityComparer<object> {
        public new bool Equals(object a, object b) { return ReferenceEquals(a, b); }
        public int GetHashCode(object o) { return System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(o); }
    }

    static Type Component(string kind) {
        if (kind.StartsWith("list[")) return Component(kind.Substring(5, kind.Length - 6)).MakeArrayType();
        switch (kind) {
            case "int": return typeof(int);
            case "long": return typeof(long);
            case "float": return typeof(double);
            case "bool": return typeof(bool);
            case "char": return typeof(char);
            default: return typeof(string);
        }
    }

    // Scanned by hand: Mono's Regex takes 30-40 ms to start, which every run would pay.
    static string RequestId(string text) {
        int start = text.IndexOf("\"id\":", StringComparison.Ordinal);
        if (start < 0) return "0";
        start += 5;
        int end = start;
        while (end < text.Length && (text[end] == '-' || char.IsDigit(text[end]))) end++;
        return end > start ? text.Substring(start, end - start) : "0";
    }

    static List<object> RequestArgs(string body) {
        at = Math.Max(body.IndexOf('['), 0);
        return Parse(body) as List<object> ?? new List<object>();
    }

    static string ErrorFrame(Exception error) {
        string type = error is OutOfMemoryException ? "MemoryError" : error.GetType().FullName;
        string trace = "";
        foreach (string line in (error.StackTrace ?? "").Split('\n'))
            if (!line.Contains("GraderMain")) trace += line + "\n";
        return "{\"kind\":\"error\",\"type\":" + Quote(type) + ",\"message\":" + Quote(error.Message)
            + ",\"trace\":" + Quote(trace) + ",\"line\":null}";
    }

    public static void Main() {
        OpenChannel();
        Send("{\"kind\":\"ready\"}");
        while (true) {
            byte[] header = ReadExactly(4);
            if (header == null) return;
            int size = (header[0] << 24) | (header[1] << 16) | (header[2] << 8) | header[3];
            byte[] body = ReadExactly(size);
            if (body == null) return;
            string text = Encoding.UTF8.GetString(body);
            string id = RequestId(text);
            List<object> args = RequestArgs(text);
            string frame;
            try {
                var solution = new Solution();
                GRADER_ARGS
                var value = new StringBuilder();
                Wire(value, GRADER_CALL);
                frame = "{\"kind\":\"value\",\"value\":" + value + "}";
            } catch (Exception error) {
                frame = ErrorFrame(error);
            }
            // Every reply echoes the request's id: "{" becomes "{"id":N,".
            Send("{\"id\":" + id + "," + frame.Substring(1));
        }
    }
}
