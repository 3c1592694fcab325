"""The version alone: a leaf that the package, the image's tag and the warm client read."""

__version__ = "0.1.0"
