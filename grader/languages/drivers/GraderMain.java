// The harness's side of a Java submission: speaks grader/protocol.py on the channel.
import java.io.*;
import java.lang.reflect.Field;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.util.*;

public final class GraderMain {
    private static InputStream in;
    private static OutputStream out;

    private static void openChannel() throws Exception {
        String path = System.getenv("GRADER_SOCKET");
        if (path != null) {
            SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(path));
            SocketChannel stdout = SocketChannel.open(UnixDomainSocketAddress.of(path));
            SocketChannel stderr = SocketChannel.open(UnixDomainSocketAddress.of(path));
            System.setOut(new PrintStream(Channels.newOutputStream(stdout), true, "UTF-8"));
            System.setErr(new PrintStream(Channels.newOutputStream(stderr), true, "UTF-8"));
            in = Channels.newInputStream(channel);
            out = Channels.newOutputStream(channel);
            return;
        }
        // An inherited descriptor: java.io has no public way to wrap one (hence --add-opens).
        FileDescriptor descriptor = new FileDescriptor();
        Field fd = FileDescriptor.class.getDeclaredField("fd");
        fd.setAccessible(true);
        fd.setInt(descriptor, Integer.parseInt(System.getenv("GRADER_FD")));
        in = new FileInputStream(descriptor);
        out = new FileOutputStream(descriptor);
    }

    private static void send(String body) throws IOException {
        System.out.flush();
        System.err.flush();
        byte[] data = body.getBytes("UTF-8");
        byte[] frame = new byte[4 + data.length];
        frame[0] = (byte) (data.length >>> 24);
        frame[1] = (byte) (data.length >>> 16);
        frame[2] = (byte) (data.length >>> 8);
        frame[3] = (byte) data.length;
        System.arraycopy(data, 0, frame, 4, data.length);
        out.write(frame);
        out.flush();
    }

    private static byte[] readExactly(int size) throws IOException {
        byte[] buffer = new byte[size];
        int at = 0;
        while (at < size) {
            int got = in.read(buffer, at, size - at);
            if (got < 0) return null;
            at += got;
        }
        return buffer;
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') quoted.append('\\').append(c);
            else if (c < 0x20) quoted.append(String.format("\\u%04x", (int) c));
            else quoted.append(c);
        }
        return quoted.append('"').toString();
    }

    private static void wire(StringBuilder sink, Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            sink.append(value);
        } else if (value instanceof String) {
            sink.append(quote((String) value));
        } else if (value instanceof Iterable) {
            sink.append('[');
            boolean first = true;
            for (Object item : (Iterable<?>) value) {
                if (!first) sink.append(',');
                first = false;
                wire(sink, item);
            }
            sink.append(']');
        } else if (value instanceof int[]) {
            int[] items = (int[]) value;
            sink.append('[');
            for (int i = 0; i < items.length; i++) sink.append(i > 0 ? "," : "").append(items[i]);
            sink.append(']');
        } else {
            String type = value == null ? "null" : value.getClass().getSimpleName();
            sink.append("{\"type\":").append(quote(type)).append(",\"repr\":")
                .append(quote(String.valueOf(value))).append('}');
        }
    }

    // The request is {"args":[...]}: numbers (Long), strings and lists, parsed; the call
    // converts each to its parameter's type (ints, strings, intMatrix).
    private static int at;

    private static Object parse(String text) {
        while (at < text.length() && " ,:".indexOf(text.charAt(at)) >= 0) at++;
        char c = at < text.length() ? text.charAt(at) : ']';
        if (c == '[') {
            at++;
            List<Object> items = new ArrayList<>();
            while (at < text.length() && text.charAt(at) != ']') {
                items.add(parse(text));
                while (at < text.length() && " ,".indexOf(text.charAt(at)) >= 0) at++;
            }
            at++;
            return items;
        }
        if (c == '"') {
            StringBuilder out = new StringBuilder();
            for (at++; at < text.length() && text.charAt(at) != '"'; at++) {
                char d = text.charAt(at);
                if (d == '\\' && at + 1 < text.length()) {
                    d = text.charAt(++at);
                    if (d == 'u') { out.append((char) Integer.parseInt(text.substring(at + 1, at + 5), 16)); at += 4; }
                    else out.append(d == 'n' ? '\n' : d == 't' ? '\t' : d);
                } else out.append(d);
            }
            at++;
            return out.toString();
        }
        int start = at;
        while (at < text.length() && (text.charAt(at) == '-' || Character.isDigit(text.charAt(at)))) at++;
        if (at == start) { at++; return 0L; }
        return Long.parseLong(text.substring(start, at));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> requestArgs(String body) {
        at = Math.max(body.indexOf('['), 0);
        Object parsed = parse(body);
        return parsed instanceof List ? (List<Object>) parsed : new ArrayList<>();
    }

    private static int[] ints(Object value) {
        List<?> items = (List<?>) value;
        int[] out = new int[items.size()];
        for (int i = 0; i < out.length; i++) out[i] = ((Number) items.get(i)).intValue();
        return out;
    }

    private static String[] strings(Object value) {
        return ((List<?>) value).toArray(new String[0]);
    }

    private static int[][] intMatrix(Object value) {
        List<?> rows = (List<?>) value;
        int[][] out = new int[rows.size()][];
        for (int i = 0; i < out.length; i++) out[i] = ints(rows.get(i));
        return out;
    }

    private static String errorFrame(Throwable error) {
        String message = error.getMessage() == null ? "" : error.getMessage();
        String trace = "";
        for (StackTraceElement frame : error.getStackTrace()) {
            if (frame.getClassName().equals("GraderMain")) break;
            trace += "  at " + frame + "\n";
        }
        return "{\"kind\":\"error\",\"type\":" + quote(error.getClass().getName()) + ",\"message\":"
            + quote(message) + ",\"trace\":" + quote(trace) + ",\"line\":null}";
    }

    public static void main(String[] unused) throws Exception {
        openChannel();
        send("{\"kind\":\"ready\"}");
        while (true) {
            byte[] header = readExactly(4);
            if (header == null) return;
            int size = ((header[0] & 0xff) << 24) | ((header[1] & 0xff) << 16)
                | ((header[2] & 0xff) << 8) | (header[3] & 0xff);
            byte[] body = readExactly(size);
            if (body == null) return;
            String text = new String(body, "UTF-8");
            java.util.regex.Matcher idFound = java.util.regex.Pattern.compile("\"id\":(-?\\d+)").matcher(text);
            String id = idFound.find() ? idFound.group(1) : "0";
            List<Object> args = requestArgs(text);
            String frame;
            try {
                Solution solution = new Solution();
                StringBuilder value = new StringBuilder();
                wire(value, GRADER_CALL);
                frame = "{\"kind\":\"value\",\"value\":" + value + "}";
            } catch (OutOfMemoryError error) {
                frame = "{\"kind\":\"error\",\"type\":\"MemoryError\",\"message\":\"\",\"trace\":\"\",\"line\":null}";
            } catch (StackOverflowError error) {
                frame = errorFrame(error);
            } catch (Throwable error) {
                frame = errorFrame(error);
            }
            // Every reply echoes the request's id: "{" becomes "{"id":N,".
            send("{\"id\":" + id + "," + frame.substring(1));
        }
    }
}
