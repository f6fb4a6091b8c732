"""A chart drawn on its own (a notebook, one section of a report) shows Chinese text."""

import subprocess
import sys
import textwrap


def test_a_chart_drawn_outside_a_report_has_every_chinese_glyph():
    # a fresh interpreter: no report has set the fonts before this chart is drawn
    code = textwrap.dedent(
        """
        import warnings
        import matplotlib
        matplotlib.use("Agg")
        from sim.report.plots import plot_seat_win_rates
        import pandas as pd
        rates = pd.DataFrame({"game": ["mingchu"] * 2, "variant": ["基础"] * 2, "n_players": [4, 4],
                              "seat": [0, 1], "win_rate": [0.3, 0.2], "lo": [0.2, 0.1], "hi": [0.4, 0.3],
                              "fair_share": [0.25, 0.25], "games": [40, 40], "wins": [12, 8],
                              "imbalanced": [False, False]})
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ax = plot_seat_win_rates(rates, lang="zh", name="明初商途")
            ax.figure.canvas.draw()
        missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
        print(len(missing))
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "0", result.stdout + result.stderr
