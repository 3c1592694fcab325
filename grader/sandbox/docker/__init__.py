"""The `docker` backend: a container per submission through the Docker SDK (sandbox.py),
made one way (containers.py), started ahead (pool.py), from an image built here (image.py);
_launcher.py is its side inside the container."""
