"""Function problems, grader's own kind: a function the student writes, called once per test
with the signature's arguments and checked against stored answers. The kind (kind.py), its
problem.yaml (reader.py), the instructor's tools for it (answers.py: stored answers computed
from the references; addtest.py: a test appended in place; verify.py: proof that the tests
catch known-wrong solutions) and a student's run on their own input (own_run.py); its judge
is grader/judge/."""
