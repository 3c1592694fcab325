/* Ends before its first guess: the validator then reads the end of its input, and says
   so; but the program ended first, and its exit code is the verdict. */
int main(void) { return 3; }
