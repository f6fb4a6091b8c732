"""sim: Monte Carlo balance testing for board games."""

from importlib import metadata

try:
    __version__ = metadata.version("sim")
except metadata.PackageNotFoundError:  # running from a source tree without install
    __version__ = "0+unknown"
