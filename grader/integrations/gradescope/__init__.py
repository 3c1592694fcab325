"""Gradescope's autograder: `grader gradescope build` writes the zip an instructor uploads
(build.py, with the scripts of scripts.py); inside Gradescope's container `run_autograder`
calls `grader gradescope run` (run.py), which grades the submission and always writes
results.json."""
