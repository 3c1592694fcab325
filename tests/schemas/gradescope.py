"""The results.json Gradescope reads, as its autograder specification documents it
(gradescope-autograders.readthedocs.io, "Output format"), as a JSON Schema."""

from __future__ import annotations

VISIBILITY = {"enum": ["hidden", "after_due_date", "after_published", "visible"]}

RESULTS_SCHEMA: dict[str, object] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "score": {"type": "number"},
        "max_score": {"type": "number"},
        "execution_time": {"type": "number", "minimum": 0},
        "output": {"type": "string"},
        "output_format": {"enum": ["text", "html", "simple_format", "md", "ansi"]},
        "visibility": VISIBILITY,
        "stdout_visibility": VISIBILITY,
        "extra_data": {"type": "object"},
        "tests": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name"],
                "properties": {
                    "score": {"type": "number"},
                    "max_score": {"type": "number"},
                    "status": {"enum": ["passed", "failed"]},
                    "name": {"type": "string"},
                    "name_format": {"type": "string"},
                    "number": {"type": "string"},
                    "output": {"type": "string"},
                    "output_format": {"type": "string"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                    "visibility": VISIBILITY,
                    "extra_data": {"type": "object"},
                },
            },
        },
        "leaderboard": {"type": "array"},
    },
    # A score for the submission, or one on every test.
    "anyOf": [
        {"required": ["score"]},
        {"properties": {"tests": {"items": {"required": ["score"]}}}, "required": ["tests"]},
    ],
}
