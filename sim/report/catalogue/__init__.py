"""The report's catalogue modules, kept importable: every text now lives in one catalogue per language
(``sim.texts.en``, ``sim.texts.zh``)."""
