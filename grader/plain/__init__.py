"""Plain programs: a source compiled if its language needs it, then run on a standard input,
its output captured, in any sandbox. A Jobe run (integrations/jobe) and a problem package's
test (packages/judge.py) are both such a run."""
