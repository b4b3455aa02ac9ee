#!/usr/bin/env python3
"""Tabulates scripts/egdb-side-by-side.sh: per layer, the seconds of each build (old, new) in
each repetition, positions per second and the ratio old/new taken pair by pair (same
repetition), then the whole-process figures from /usr/bin/time -v (wall time, peak RSS)."""
import json
import re
import sys

out, reps = sys.argv[1], int(sys.argv[2])
runs = {w: [json.load(open(f"{out}/{w}-{r}.json")) for r in range(1, reps + 1)] for w in ("old", "new")}


def proc(which, rep):
    text = open(f"{out}/{which}-{rep}.time").read()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
    secs = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall.split(":"))))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return secs, rss * 1024


print("| layer | positions | old s | new s | old M pos/s | new M pos/s | old/new (each rep) | new rounds | new peak RSS MiB |")
print("|---:|---:|---|---|---:|---:|---|---:|---:|")
layers = len(runs["new"][0]["layers"])
for i in range(layers):
    pos = runs["new"][0]["layers"][i]["positions"]
    olds = [r["layers"][i]["seconds"] for r in runs["old"]]
    news = [r["layers"][i]["seconds"] for r in runs["new"]]
    if max(olds) < 0.05:
        continue
    ratios = ", ".join(f"{o / n:.1f}" for o, n in zip(olds, news))
    best_old, best_new = min(olds), min(news)
    rss = runs["new"][-1]["layers"][i].get("peak_rss_bytes") or 0
    print(
        f"| {i} | {pos:,} | {', '.join(f'{o:.2f}' for o in olds)} | {', '.join(f'{n:.2f}' for n in news)} "
        f"| {pos / best_old / 1e6:.2f} | {pos / best_new / 1e6:.2f} | {ratios} "
        f"| {runs['new'][-1]['layers'][i]['rounds']} | {rss / 2**20:.0f} |"
    )
tot = [(proc("old", r), proc("new", r)) for r in range(1, reps + 1)]
print()
print("| rep | old wall s | new wall s | old/new | old peak RSS MiB | new peak RSS MiB |")
print("|---:|---:|---:|---:|---:|---:|")
for r, ((ow, orss), (nw, nrss)) in enumerate(tot, 1):
    print(f"| {r} | {ow:.1f} | {nw:.1f} | {ow / nw:.2f} | {orss / 2**20:.0f} | {nrss / 2**20:.0f} |")
