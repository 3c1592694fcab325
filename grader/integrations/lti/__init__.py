"""LTI 1.3: the grader as a tool that Canvas, Moodle, Blackboard and Brightspace launch.
store.py keeps platforms, the tool's key, launch states, used nonces, which student came
from which line item, and the outbox of scores; launch.py validates a launch's id_token;
scores.py sends scores with Assignment and Grade Services, retrying from the outbox."""
