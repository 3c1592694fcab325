"""Guided lessons: a problem as ordered steps, each checked on what the student has written
so far (lesson.yaml read by reader.py, its steps checked by steps.py, in the lesson's
language as speech/ writes it)."""
