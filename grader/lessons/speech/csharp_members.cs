    // ---- the grader's reading and writing of a lesson's values (speech/csharp.py) ----
    private static int graderAt;

    // The arguments' JSON text: numbers (long, double), booleans, strings and lists.
    private static List<object> GraderParse(string text) {
        graderAt = 0;
        return (List<object>) GraderValue(text);
    }

    private static object GraderValue(string text) {
        while (graderAt < text.Length && (text[graderAt] == ' ' || text[graderAt] == ',')) graderAt++;
        char c = text[graderAt];
        if (c == '[') {
            graderAt++;
            var items = new List<object>();
            while (text[graderAt] != ']') {
                items.Add(GraderValue(text));
                while (text[graderAt] == ' ' || text[graderAt] == ',') graderAt++;
            }
            graderAt++;
            return items;
        }
        if (c == '"') {
            var said = new System.Text.StringBuilder();
            for (graderAt++; text[graderAt] != '"'; graderAt++) {
                char d = text[graderAt];
                if (d == '\\') {
                    d = text[++graderAt];
                    if (d == 'u') {
                        d = (char) System.Convert.ToInt32(text.Substring(graderAt + 1, 4), 16);
                        graderAt += 4;
                    } else if (d == 'n') {
                        d = '\n';
                    } else if (d == 't') {
                        d = '\t';
                    }
                }
                said.Append(d);
            }
            graderAt++;
            return said.ToString();
        }
        int start = graderAt;
        while (graderAt < text.Length && ",] ".IndexOf(text[graderAt]) < 0) graderAt++;
        string word = text.Substring(start, graderAt - start);
        if (word == "true" || word == "false") return word == "true";
        if (long.TryParse(word, out long whole)) return whole;
        return double.Parse(word, System.Globalization.CultureInfo.InvariantCulture);
    }

    private static T[] GraderArray<T>(object json, System.Func<object, T> item) {
        return GraderList(json, item).ToArray();
    }

    private static List<T> GraderList<T>(object json, System.Func<object, T> item) {
        var values = new List<T>();
        foreach (object value in (List<object>) json) values.Add(item(value));
        return values;
    }

    private static string GraderLessonJson(object value) {
        var said = new System.Text.StringBuilder();
        GraderLessonJson(said, value);
        return said.ToString();
    }

    private static void GraderLessonJson(System.Text.StringBuilder said, object value) {
        if (value is string text) {
            said.Append('"');
            foreach (char c in text) {
                if (c < 0x20) {
                    said.Append("\\u").Append(((int) c).ToString("x4"));
                    continue;
                }
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
        } else if (value == null) {
            said.Append("null");
        } else {
            said.Append(System.Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture));
        }
    }
