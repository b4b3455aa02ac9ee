#!/usr/bin/env python3
"""Tabulates scripts/egdb-mpi-bench.sh: per layer, the seconds of the single-process and the
distributed build in each repetition, their ratio pair by pair, what the processes sent each
other (parent updates and entries gathered to the writer, bytes and bytes per position, rounds
of exchange) and each process's peak memory; then the whole-job wall times."""
import json
import re
import sys

out, reps = sys.argv[1], int(sys.argv[2])
runs = {w: [json.load(open(f"{out}/{w}-{r}.json")) for r in range(1, reps + 1)] for w in ("single", "mpi")}


def wall(which, rep):
    text = open(f"{out}/{which}-{rep}.time").read()
    w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    return sum(float(x) * 60 ** i for i, x in enumerate(reversed(w.split(":"))))


def mib(b):
    return f"{b / 2**20:.1f}"


print("| layer | positions | single s | mpi s | single/mpi | updates MiB | update bytes/pos | gathered MiB | exchange rounds | single peak MiB | mpi peak MiB per process |")
print("|---:|---:|---|---|---|---:|---:|---:|---:|---:|---|")
for i in range(len(runs["mpi"][0]["layers"])):
    pos = runs["mpi"][0]["layers"][i]["positions"]
    singles = [r["layers"][i]["seconds"] for r in runs["single"]]
    mpis = [r["layers"][i]["seconds"] for r in runs["mpi"]]
    if max(singles) < 0.2:
        continue
    x = runs["mpi"][-1]["layers"][i]["exchange"]
    ratios = ", ".join(f"{s / m:.2f}" for s, m in zip(singles, mpis))
    peak = runs["single"][-1]["layers"][i].get("peak_rss_bytes") or 0
    print(
        f"| {i} | {pos:,} | {', '.join(f'{s:.2f}' for s in singles)} | {', '.join(f'{m:.2f}' for m in mpis)} "
        f"| {ratios} | {mib(x['update_bytes'])} | {x['update_bytes'] / pos:.2f} | {mib(x['gather_bytes'])} "
        f"| {x['rounds']} | {mib(peak)} | {', '.join(mib(p) for p in x['peak_rss_per_process'])} |"
    )
print()
print("| rep | single wall s | mpi wall s | single/mpi |")
print("|---:|---:|---:|---:|")
for r in range(1, reps + 1):
    s, m = wall("single", r), wall("mpi", r)
    print(f"| {r} | {s:.1f} | {m:.1f} | {s / m:.2f} |")
