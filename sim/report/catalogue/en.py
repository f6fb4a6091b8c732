"""The report's texts in the one catalogue of the language (``sim.texts.en``), kept importable here."""

from __future__ import annotations

from sim.texts.en import GLOSSARY, HEADERS, MESSAGES, TERMS

__all__ = ["GLOSSARY", "HEADERS", "MESSAGES", "TERMS"]
