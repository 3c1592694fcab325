def echo(n, cols, grid, word, words):
    return [str(n), str(sum(cols)), str(sum(map(sum, grid))), word, ",".join(words)]
