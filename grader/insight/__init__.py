"""What an instructor reads after a deadline: hard-coded answers flagged (hardcoded.py, and
the probes the judge runs), similar submissions paired (similarity.py), and a class report
with pictures (report.py). Flags never change a verdict and never reach a student."""
