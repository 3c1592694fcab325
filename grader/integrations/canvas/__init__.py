"""Canvas through its REST API: a gradebook's best scores pushed to an assignment
(push.py, with the canvasapi library), for a course that does not launch grader by LTI."""
