"""The `process` backend: a supervised subprocess per run, in bubblewrap's namespaces and
control groups where the machine allows (sandbox.py), or forked from a warm runner
(zygote.py, forked.py; _zygote.py is its side inside the sandbox)."""
