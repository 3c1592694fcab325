    // ---- the grader's reading and writing of a lesson's values (speech/java.py) ----
    private static int graderAt;

    // The arguments' JSON text: numbers (Long, Double), booleans, strings and lists.
    private static java.util.List<Object> graderParse(String text) {
        graderAt = 0;
        @SuppressWarnings("unchecked")
        java.util.List<Object> items = (java.util.List<Object>) graderValue(text);
        return items;
    }

    private static Object graderValue(String text) {
        while (graderAt < text.length() && " ,".indexOf(text.charAt(graderAt)) >= 0) graderAt++;
        char c = text.charAt(graderAt);
        if (c == '[') {
            graderAt++;
            java.util.List<Object> items = new java.util.ArrayList<>();
            while (text.charAt(graderAt) != ']') {
                items.add(graderValue(text));
                while (" ,".indexOf(text.charAt(graderAt)) >= 0) graderAt++;
            }
            graderAt++;
            return items;
        }
        if (c == '"') {
            StringBuilder said = new StringBuilder();
            for (graderAt++; text.charAt(graderAt) != '"'; graderAt++) {
                char d = text.charAt(graderAt);
                if (d == '\\') {
                    d = text.charAt(++graderAt);
                    if (d == 'u') {
                        d = (char) Integer.parseInt(text.substring(graderAt + 1, graderAt + 5), 16);
                        graderAt += 4;
                    } else if (d == 'n') {
                        d = '\n';
                    } else if (d == 't') {
                        d = '\t';
                    }
                }
                said.append(d);
            }
            graderAt++;
            return said.toString();
        }
        int start = graderAt;
        while (graderAt < text.length() && ",] ".indexOf(text.charAt(graderAt)) < 0) graderAt++;
        String word = text.substring(start, graderAt);
        if (word.equals("true") || word.equals("false")) return word.equals("true");
        return word.matches("-?\\d+") ? (Object) Long.parseLong(word) : (Object) Double.parseDouble(word);
    }

    // A JSON list as an array of the given class (int[], long[][], String[]...).
    private static Object graderArray(Object json, Class<?> type) {
        java.util.List<?> items = (java.util.List<?>) json;
        Class<?> item = type.getComponentType();
        Object array = java.lang.reflect.Array.newInstance(item, items.size());
        for (int i = 0; i < items.size(); i++) {
            Object value = items.get(i);
            if (item.isArray()) value = graderArray(value, item);
            else if (item == int.class) value = ((Number) value).intValue();
            else if (item == long.class) value = ((Number) value).longValue();
            else if (item == double.class) value = ((Number) value).doubleValue();
            java.lang.reflect.Array.set(array, i, value);
        }
        return array;
    }

    private static <T> java.util.List<T> graderList(Object json, java.util.function.Function<Object, T> item) {
        java.util.List<T> values = new java.util.ArrayList<>();
        for (Object value : (java.util.List<?>) json) values.add(item.apply(value));
        return values;
    }

    private static String graderLessonJson(Object value) {
        StringBuilder out = new StringBuilder();
        graderLessonJson(out, value);
        return out.toString();
    }

    private static void graderLessonJson(StringBuilder out, Object value) {
        if (value instanceof java.util.List<?> items) {
            out.append('[');
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) out.append(", ");
                graderLessonJson(out, items.get(i));
            }
            out.append(']');
        } else if (value != null && value.getClass().isArray()) {
            out.append('[');
            for (int i = 0; i < java.lang.reflect.Array.getLength(value); i++) {
                if (i > 0) out.append(", ");
                graderLessonJson(out, java.lang.reflect.Array.get(value, i));
            }
            out.append(']');
        } else if (value instanceof String text) {
            out.append('"');
            for (char c : text.toCharArray()) {
                if (c < 0x20) {
                    out.append(String.format("\\u%04x", (int) c));
                    continue;
                }
                if (c == '"' || c == '\\') out.append('\\');
                out.append(c);
            }
            out.append('"');
        } else {
            out.append(value);
        }
    }
