#!/usr/bin/env python3
"""Tests of summarize.py's table, floor and prise (the runner's tables in docs/benchmarks.md); CTest runs
them as benchmarks.summarize."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize  # noqa: E402


def table(*files):
    names = []
    for lines in files:
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("".join("\t".join(map(str, line)) + "\n" for line in lines))
        names.append(f.name)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            summarize.table(names)
    finally:
        for name in names:
            os.unlink(name)
    rows = {}
    for line in out.getvalue().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7 and cells[0] not in ("configuration", "---"):
            rows[cells[0]] = cells
    return out.getvalue(), rows


class MedianRatio(unittest.TestCase):
    def test_median(self):
        self.assertEqual(summarize.median_of("3 1 2"), 2)
        self.assertEqual(summarize.median_of(" 4 1\n2 3 "), 2.5)

    def test_ratio(self):
        self.assertAlmostEqual(summarize.ratio("3", "2"), 1.5)
        self.assertTrue(summarize.ratio("1", "0") != summarize.ratio("1", "0"))  # nan


class Table(unittest.TestCase):
    # Three rounds; the second is a slow phase of the machine for every configuration.
    ROUNDS = [("fixed:a", 2.0, 3.0, 2.1), ("fixed:b", 2.2, 3.1, 2.0), ("mean", 2.1, 3.3, 2.2)]

    def lines(self, threads=1):
        return [(c, threads, xs[r]) for r in range(3) for c, *xs in self.ROUNDS]

    def test_best_single_and_ratios(self):
        text, rows = table(self.lines())
        self.assertIn("1 thread(s); best single version: fixed:a", text)
        self.assertEqual(rows["fixed:a"][1:], ["3", "2.367", "±0.954", "2.100", "+0.0%", "+0.0%"])
        # Medians 2.2 / 2.1; paired: median of 2.2/2.0, 3.1/3.0, 2.0/2.1.
        self.assertEqual(rows["fixed:b"][5:], ["+4.8%", "+3.3%"])
        # Medians 2.2 / 2.1; paired: median of 2.1/2.0, 3.3/3.0, 2.2/2.1.
        self.assertEqual(rows["mean"][5:], ["+4.8%", "+5.0%"])

    def test_rows_in_order_of_first_run_per_thread_count(self):
        text, _ = table(self.lines(2) + self.lines(1))
        self.assertLess(text.index("1 thread(s)"), text.index("2 thread(s)"))
        names = [line.split("|")[1].strip() for line in text.splitlines()
                 if line.startswith("| ") and "configuration" not in line]
        self.assertEqual(names[:3], ["fixed:a", "fixed:b", "mean"])

    def test_configuration_run_once_is_paired_with_the_first_round(self):
        _, rows = table(self.lines() + [("fixed:slow", 1, 4.0)])
        self.assertEqual(rows["fixed:slow"][1], "1")
        self.assertEqual(rows["fixed:slow"][3], "±nan")
        self.assertEqual(rows["fixed:slow"][6], "+100.0%")  # 4.0 / 2.0, round 1

    def test_files_pooled_with_their_rounds_apart(self):
        # A second file of one round; fixed:slow ran once in each file, in its first round.
        second = [("fixed:a", 1, 4.0), ("fixed:b", 1, 4.6), ("mean", 1, 4.0), ("fixed:slow", 1, 6.0)]
        text, rows = table(self.lines() + [("fixed:slow", 1, 4.0)], second)
        self.assertIn("best single version: fixed:a", text)  # medians 2.55 and 2.65
        # Ratios to fixed:a: 2.1/2.0, 3.3/3.0, 2.2/2.1 and 4.0/4.0: median +4.9%.
        self.assertEqual(rows["mean"][1:2] + rows["mean"][6:], ["4", "+4.9%"])
        # Ratios 4.0 / 2.0 (first file) and 6.0 / 4.0 (second): median +75%.
        self.assertEqual(rows["fixed:slow"][6], "+75.0%")

    def test_without_fixed_configurations(self):
        text, rows = table([("mean", 1, 1.0), ("mean", 1, 1.2)])
        self.assertIn("best single version: None", text)
        self.assertEqual(rows["mean"][5:], ["n/a", "n/a"])


class Floor(unittest.TestCase):
    def test_exploration_floor_in_runs_of_the_fastest(self):
        # Ranking: 1 s (fastest), 2 s, 4 s: one round of all costs 0 + 1 + 3 = 4 extra executions.
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("b\t2.0\na\t1.0\nc\t4.0\n")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                summarize.floor(f.name, 400)
        finally:
            os.unlink(f.name)
        text = out.getvalue()
        self.assertIn("3 versions, 2.33x the fastest on average", text)
        self.assertIn("| Mean, 1 repetition | 3 | 1.00% |", text)
        self.assertIn("| UCB (2 each) | 6 | 2.00% |", text)
        self.assertIn("| Mean, 5 repetitions (default) | 15 | 5.00% |", text)


class Prise(unittest.TestCase):
    def test_second_oracle_time_lost_averaged_and_older_outputs_read(self):
        run = ("| 1-50 | 50.0% | 60.0% | +1.0% |\n"
               "prise summary: 2.0 s, accuracy-last100 0.740, lost-last100 0.0070, lost-all "
               "0.0300, within2-after170 0.7800, oracle-self 0.9600{}\n")
        with tempfile.TemporaryDirectory() as d:
            paths = [os.path.join(d, n) for n in ("mean--1-1.txt", "mean--1-2.txt", "ts-2-1.txt")]
            for path, tail in zip(paths, (", oracle-self-lost 0.0100", ", oracle-self-lost 0.0200",
                                          "")):
                with open(path, "w") as f:
                    f.write(run.format(tail))
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                summarize.prise(paths)
        text = out.getvalue()
        self.assertIn("| mean | none: each size its cost | 74.0% | 78.0% | 96.0% | +0.7% | +3.0% "
                      "| +1.5% |", text)
        self.assertIn("| ts | 2 | 74.0% | 78.0% | 96.0% | +0.7% | +3.0% | n/a |", text)


if __name__ == "__main__":
    unittest.main()
