// A Java submission's build in one JVM: javac (through javax.tools, the same compiler and
// messages as the command) and then the jar of its classes. Two JVMs, javac's and jar's, cost
// twice the start-up; this one also starts from a class-data archive of itself and the
// compiler (grader/languages/javatools.py). Usage: GraderBuild OUT.jar SOURCE...
import java.io.FileOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

public class GraderBuild {
    public static void main(String[] args) throws Exception {
        Path classes = Files.createTempDirectory(Path.of("."), "classes");
        List<String> options = new ArrayList<>(
            List.of("-encoding", "UTF-8", "-nowarn", "-d", classes.toString()));
        for (int i = 1; i < args.length; i++) options.add(args[i]);
        int code = ToolProvider.getSystemJavaCompiler()
            .run(null, null, null, options.toArray(new String[0]));
        if (code != 0) System.exit(code);
        try (JarOutputStream jar = new JarOutputStream(new FileOutputStream(args[0]));
             Stream<Path> found = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) found.filter(Files::isRegularFile).sorted()::iterator) {
                jar.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
        }
    }
}
