import java.util.Scanner;

// Kattis names the file as it likes; javac wants the public class's name: grader renames it.
public class Average {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        long sum = 0;
        for (int i = 0; i < n; i++) sum += in.nextLong();
        System.out.println((double) sum / n);
    }
}
