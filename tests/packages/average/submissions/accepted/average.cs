using System;
using System.Linq;

class Average {
    static void Main() {
        int n = int.Parse(Console.ReadLine());
        long sum = Console.ReadLine().Split(' ').Select(long.Parse).Sum();
        Console.WriteLine(((double)sum / n).ToString("R"));
    }
}
