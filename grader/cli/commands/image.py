"""`grader image build`: the Docker sandbox image, built locally."""

from __future__ import annotations

import argparse

from ...errors import EXIT_OK
from ..context import Context

HELP = "manage the Docker sandbox image"


def add_arguments(command: argparse.ArgumentParser) -> None:
    actions = command.add_subparsers(dest="action", required=True, metavar="ACTION")
    build = actions.add_parser(
        "build", help="build the image locally (reused when it already exists)"
    )
    build.add_argument(
        "--recipe",
        choices=("auto", "registry", "offline"),
        default="auto",
        help="registry: a Dockerfile on the official Python image; offline: from this "
        "machine's own interpreter; auto: the registry if it answers, else offline",
    )


def run(args: argparse.Namespace, context: Context) -> int:
    import time

    from ...languages import NEEDS
    from ...sandbox.docker.engine import connect
    from ...sandbox.docker.image import build_image

    started = time.monotonic()
    client = connect()
    try:
        built = build_image(client, NEEDS.runtimes(), args.recipe)
    finally:
        client.close()
    took = time.monotonic() - started
    if built.reused:
        print(
            f"{built.tag}: already built ({built.recipe} recipe); nothing to do",
            file=context.stdout,
        )
    else:
        print(
            f"{built.tag}: built with the {built.recipe} recipe in {took:.1f} s",
            file=context.stdout,
        )
    return EXIT_OK
