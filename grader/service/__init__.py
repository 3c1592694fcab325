"""The grading service: an HTTP API and a web page over the same judge as the command line.

app.py         the FastAPI application: routes, errors as problem+json, who sees what
store.py       the database is the truth: submissions, their per-test events, results
grading.py     one submission graded from its row, its events and result written back
local.py       the embedded queue: worker threads in this process, fair by student
rows.py        a submission's row as the routes and graders read it
run_routes.py  the page's Run on a student's own input, asked of the problem's kind
auth.py        tokens (stored hashed) and roles
page/          the server-rendered page and its plain JavaScript
"""
