    // ---- the grader's JSON of a lesson's values, and its helpers (speech/csharp.py) ----
    private static string GraderLessonJson(object value) {
        var said = new System.Text.StringBuilder();
        GraderLessonJson(said, value);
        return said.ToString();
    }

    private static void GraderLessonJson(System.Text.StringBuilder said, object value) {
        if (value is string text) {
            said.Append('"');
            foreach (char c in text) {
                if (c == '"' || c == '\\') said.Append('\\');
                said.Append(c);
            }
            said.Append('"');
        } else if (value is System.Collections.IEnumerable items) {
            said.Append('[');
            bool first = true;
            foreach (object item in items) {
                if (!first) said.Append(", ");
                first = false;
                GraderLessonJson(said, item);
            }
            said.Append(']');
        } else if (value is bool flag) {
            said.Append(flag ? "true" : "false");
        } else if (value is double number) {
            said.Append(number.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
        } else {
            said.Append(System.Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture));
        }
    }

    // A list's items in Python's order of lists (item by item, a shorter prefix first): the
    // expected answer is sorted so too.
    private static List<object> GraderSorted(System.Collections.IEnumerable items) {
        var sorted = new List<object>();
        foreach (object item in items) sorted.Add(item);
        sorted.Sort(GraderCompare);
        return sorted;
    }

    private static int GraderCompare(object a, object b) {
        if (a is System.Collections.IEnumerable left && b is System.Collections.IEnumerable right
            && !(a is string) && !(b is string)) {
            var x = new List<object>();
            var y = new List<object>();
            foreach (object item in left) x.Add(item);
            foreach (object item in right) y.Add(item);
            for (int i = 0; i < System.Math.Min(x.Count, y.Count); i++) {
                int order = GraderCompare(x[i], y[i]);
                if (order != 0) return order;
            }
            return x.Count.CompareTo(y.Count);
        }
        return ((System.IComparable) a).CompareTo(b);
    }
