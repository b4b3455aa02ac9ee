#!/usr/bin/env python3
"""Compares two result tables (CSV) of the same job, ignoring the timing columns.

Usage: compare-tables.py COMMITTED.csv RERUN.csv [--manifest RERUN.json]

Timing columns are not compared: those the re-run's manifest lists as `timing_columns` (wall
time, and search work that depends on the thread count), else `seconds`, `nodes` and
`wall_seconds`. If the manifest says the run is not reproducible (time budgets or shared-tree
threads), the tables are shown side by side but not judged. Exit status 1 if they differ.
"""
import argparse
import csv
import json
import sys

TIMING = {"seconds", "nodes", "wall_seconds"}


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("committed")
    ap.add_argument("rerun")
    ap.add_argument("--manifest")
    args = ap.parse_args()
    try:
        a = rows(args.committed)
    except FileNotFoundError:
        print(f"   no committed table {args.committed}: nothing to compare")
        return 0
    b = rows(args.rerun)
    reproducible = True
    timing = TIMING
    if args.manifest:
        with open(args.manifest) as f:
            manifest = json.load(f)
        reproducible = manifest.get("reproducible", True)
        timing = set(manifest.get("timing_columns") or TIMING)
    diffs = []
    if len(a) != len(b):
        diffs.append(f"{len(a)} rows committed, {len(b)} rerun")
    for i, (ra, rb) in enumerate(zip(a, b)):
        for col in ra:
            if col in timing:
                continue
            if ra.get(col) != rb.get(col):
                diffs.append(f"row {i + 1} `{col}`: committed {ra.get(col)!r}, rerun {rb.get(col)!r}")
    if not reproducible:
        print(f"   not comparable (time budgets or shared-tree threads): {len(diffs)} cells differ")
        return 0
    if diffs:
        print(f"   DIFFERS ({len(diffs)} cells):")
        for d in diffs[:20]:
            print("     " + d)
        return 1
    print(f"   same ({len(a)} rows; timing columns not compared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
