"""Card lab: deck spreadsheets, run pairing, card studies and tuning (docs/card-lab.md)."""
