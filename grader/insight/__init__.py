"""What an instructor reads after a deadline: similar submissions paired (similarity.py),
and a class report with pictures (report.py), beside the flags the judge stored
(grader/flags/, and the probes it runs). Flags never change a verdict and never reach a
student."""
