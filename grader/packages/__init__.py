"""Problems in the ICPC problem package format (model.py, read by reader.py and testdata.py):
programs that read stdin and write stdout, judged by the package's validators
(packages/judge.py)."""
