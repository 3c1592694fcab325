"""What a source gives away, read from the text alone: answers written in instead of computed
(hardcoded.py; Python's `ast` in from_ast.py, the brace languages' tokens, tokens.py, in
from_tokens.py). The judge runs them on a graded submission, the instructor's insight reads
them for a class; they never change a verdict and never reach a student."""
