"""Configs: YAML files with ``extends:`` layering, ``--set`` overrides, typed validation, stable hashes."""

from sim.config.errors import ConfigError
from sim.config.loader import ResolvedConfig, config_hash, load_config
from sim.config.merge import parse_override

__all__ = ["ConfigError", "ResolvedConfig", "config_hash", "load_config", "parse_override"]
