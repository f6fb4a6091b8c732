"""Where the bundled configs live (``sim.core.resources``, where the games find them too)."""

from sim.core.resources import bundled_config, config_root, default_config

__all__ = ["bundled_config", "config_root", "default_config"]
