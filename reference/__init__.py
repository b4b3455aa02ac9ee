"""Independent Python implementations of the rules (test oracles), one shared driver.

Plain Python 3, standard library only, written from shared/RULES.md, the seeds and the
rule decisions in docs/ without looking at the Rust code in src/, so that the two
implementations fail independently.  See reference/README.md.

  driver.py          command line, perft, the exact solver, golden files, self-test harness
  two_row.py         rules of kalah, oware, awari, wari, woaley2, woaley1, adi, giuti, cups
  two_row_cases.py   their golden-file cases and hand-worked checks
  four_row.py        rules of omweso, bao-la-kete, bao-la-kiswahili
  four_row_cases.py  their golden-file cases and hand-worked checks

Run from the repository root: python3 reference --help
"""
