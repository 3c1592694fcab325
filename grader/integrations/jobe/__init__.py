"""Jobe's REST API for Moodle's CodeRunner: plain programs in Jobe's languages (grader/plain
runs them, with Jobe's defaults), and a problem's own language ids, graded with CodeRunner's
combinator JSON as the output (runs.py, which also bounds how many run at once)."""
