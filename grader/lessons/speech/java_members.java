    // ---- the grader's JSON of a lesson's values, and its helpers (speech/java.py) ----
    private static String graderLessonJson(Object value) {
        StringBuilder out = new StringBuilder();
        graderLessonJson(out, value);
        return out.toString();
    }

    private static void graderLessonJson(StringBuilder out, Object value) {
        if (value instanceof java.util.List<?> items) {
            graderLessonJsonItems(out, items);
        } else if (value instanceof int[] items) {
            graderLessonJsonItems(out, java.util.Arrays.stream(items).boxed().toList());
        } else if (value instanceof Object[] items) {
            graderLessonJsonItems(out, java.util.Arrays.asList(items));
        } else if (value instanceof String text) {
            out.append('"');
            for (char c : text.toCharArray()) {
                if (c == '"' || c == '\\') out.append('\\');
                out.append(c);
            }
            out.append('"');
        } else {
            out.append(value);
        }
    }

    private static void graderLessonJsonItems(StringBuilder out, java.util.List<?> items) {
        out.append('[');
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) out.append(", ");
            graderLessonJson(out, items.get(i));
        }
        out.append(']');
    }

    @SafeVarargs
    private static <T> java.util.List<T> graderList(T... items) {
        return new java.util.ArrayList<>(java.util.Arrays.asList(items));
    }

    // Python's order of lists (item by item, a shorter prefix first): the expected answer is
    // sorted so too.
    @SuppressWarnings("unchecked")
    private static int graderCompare(Object a, Object b) {
        if (a instanceof int[] items) a = java.util.Arrays.stream(items).boxed().toList();
        if (b instanceof int[] items) b = java.util.Arrays.stream(items).boxed().toList();
        if (a instanceof java.util.List<?> left && b instanceof java.util.List<?> right) {
            for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
                int order = graderCompare(left.get(i), right.get(i));
                if (order != 0) return order;
            }
            return Integer.compare(left.size(), right.size());
        }
        return ((Comparable<Object>) a).compareTo(b);
    }
