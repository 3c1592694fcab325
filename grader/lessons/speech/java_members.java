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
        try {
            return Long.parseLong(word);
        } catch (NumberFormatException notWhole) {
            return Double.parseDouble(word);
        }
    }

    // A parsed argument as a value of the declared type, spelt as the lesson spells it
    // (int, Integer, String, int[], List<List<Integer>>...). No lambda: the first one a JVM
    // meets costs it the start of its invokedynamic machinery.
    private static Object graderConvert(Object json, String type) {
        if (type.startsWith("java.util.")) type = type.substring(10);
        if (type.startsWith("List<") || type.startsWith("ArrayList<")) {
            String inner = type.substring(type.indexOf('<') + 1, type.length() - 1);
            java.util.List<Object> values = new java.util.ArrayList<>();
            for (Object value : (java.util.List<?>) json) values.add(graderConvert(value, inner));
            return values;
        }
        if (type.endsWith("[]")) {
            String inner = type.substring(0, type.length() - 2);
            java.util.List<?> items = (java.util.List<?>) json;
            Object array = java.lang.reflect.Array.newInstance(graderClass(inner), items.size());
            for (int i = 0; i < items.size(); i++) {
                java.lang.reflect.Array.set(array, i, graderConvert(items.get(i), inner));
            }
            return array;
        }
        switch (type) {
            case "int": case "Integer": return ((Number) json).intValue();
            case "long": case "Long": return ((Number) json).longValue();
            case "double": case "Double": return ((Number) json).doubleValue();
            default: return json;  // boolean, Boolean, String: as parsed
        }
    }

    private static Class<?> graderClass(String type) {
        switch (type) {
            case "int": return int.class;
            case "long": return long.class;
            case "double": return double.class;
            case "boolean": return boolean.class;
            case "String": return String.class;
            default:  // an array's
                return java.lang.reflect.Array.newInstance(graderClass(type.substring(0, type.length() - 2)), 0).getClass();
        }
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
