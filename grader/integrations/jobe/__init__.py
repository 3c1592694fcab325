"""Jobe's REST API for Moodle's CodeRunner: plain programs in Jobe's languages (plain.py runs
them; plain_languages.py says how each is built and run, with Jobe's defaults), and a
problem's own language ids, graded with CodeRunner's combinator JSON as the output (runs.py,
which also bounds how many run at once)."""
