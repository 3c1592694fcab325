"""The schools' systems grader plugs into, one package each: what each speaks of its
system's protocol, and nothing of the command line or the web app, which call them.

- lti/: LTI 1.3 (Canvas, Moodle, Blackboard, Brightspace launch the web app; scores go back
  by Assignment and Grade Services). Its routes: service/lti_routes.py.
- gradescope/: the autograder zip, what runs inside it, its results.json format (also a
  report format, `--format gradescope`). Its command: cli/commands/gradescope.py.
- canvas/: a gradebook's scores pushed to a Canvas assignment. Its command:
  cli/commands/push.py.
- jobe/: a Jobe server's runs for Moodle's CodeRunner, plain programs and graded ones. Its
  routes: service/jobe_routes.py.

Commands and routes stay with the command line and the app: they share those layers'
arguments, sign-in and page, and an integration importing them back would make a circle."""
