"""An instructor's tools for a problem's folder: stored answers computed from the references
(answers.py), a test case appended to problem.yaml in place (addtest.py), and proof that the
tests catch known-wrong solutions (verify.py)."""
