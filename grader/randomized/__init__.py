"""Random tests of a function problem (issue 46): the `random:` block (spec.py), the inputs
Hypothesis draws and shrinks from the signature (inputs.py, imported only to draw or shrink),
and the stored cases with the references' answers (cases.py). Below the judge and the
problem kinds: it imports neither."""
