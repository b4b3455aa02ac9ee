#!/usr/bin/env python3
"""Speed of the two value checks of `mancala egdb verify`, side by side in one run (interleaved
A B A B): A, the full check (`--full --samples 0`: every entry of every layer against the
one-step equation), in entries per second, per layer and in all; B, the sampled check
(`--samples S`: for Kalah an exact search per sampled entry using only the layers below), in
entries per second.

Usage: scripts/bench-egdb-verify.py DB [--max-layer N] [--rounds R] [--samples S] [--threads T]

DB is a database directory (e.g. databases/kalah); its layers 0..=N are linked (read only) into a
temporary directory, so a large database can be measured up to any layer. Prints a Markdown
report: the machine, the load average before each run, every run's figures. Run from the
repository root after `cargo build --release`."""
import argparse, json, os, subprocess, sys, tempfile, time

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("db")
p.add_argument("--max-layer", type=int, default=None)
p.add_argument("--rounds", type=int, default=2)
p.add_argument("--samples", type=int, default=50)
p.add_argument("--threads", type=int, default=os.cpu_count())
p.add_argument("--bin", default="target/release/mancala")
a = p.parse_args()

layers = sorted(int(f[6:9]) for f in os.listdir(a.db) if f.startswith("layer-") and f.endswith(".egdb"))
top = layers[-1] if a.max_layer is None else a.max_layer
link = tempfile.mkdtemp(prefix="bench-egdb-verify-")
for n in range(top + 1):
    os.symlink(os.path.abspath(os.path.join(a.db, f"layer-{n:03d}.egdb")), os.path.join(link, f"layer-{n:03d}.egdb"))


def run(args):
    load = open("/proc/loadavg").read().split()[:3]
    t0 = time.time()
    out = subprocess.run([a.bin, "egdb", "verify", link, "--threads", str(a.threads), "--json"] + args,
                         capture_output=True, text=True)
    wall = time.time() - t0
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)}: exit {out.returncode}: {out.stderr[-2000:]}")
    return json.loads(out.stdout), wall, " ".join(load)


cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"# egdb verify: the full check against the sampled check\n")
print(f"Made by `scripts/bench-egdb-verify.py {' '.join(sys.argv[1:])}` with `{a.bin}`: {a.db} layers 0..={top}, "
      f"{a.threads} threads, {os.cpu_count()} logical CPUs ({cpu}), {time.strftime('%Y-%m-%d %H:%M')}.\n")
print("| run | check | entries checked | check seconds | entries/s | wall seconds (with opening) | load average before |")
print("|---|---|---:|---:|---:|---:|---|")
per_layer = {}
for r in range(1, a.rounds + 1):
    v, wall, load = run(["--full", "--samples", "0"])
    f = v["full"]
    assert v["ok"] and f["mismatches"] == 0, v["failures"]
    print(f"| {r}A | full (one-step equation) | {f['checked']} | {f['seconds']:.1f} | {f['entries_per_second'] / 1e6:.2f} M | {wall:.1f} | {load} |", flush=True)
    for l in v["layers"]:
        per_layer.setdefault(l["layer"], []).append((l["positions"], l["full"]["seconds"]))
    v, wall, load = run(["--samples", str(a.samples)])
    n = sum(l["samples"] for l in v["layers"])
    assert v["ok"], v["failures"]
    print(f"| {r}B | sampled ({v['layers'][0]['method']}) | {n} | | {n / wall:.0f} | {wall:.1f} | {load} |", flush=True)
print("\nFull check per layer (entries per second, each round):\n")
print("| layer | positions | " + " | ".join(f"round {r}" for r in range(1, a.rounds + 1)) + " |")
print("|---:|---:|" + "---:|" * a.rounds)
for n, runs in sorted(per_layer.items()):
    if runs[0][0] >= 1_000_000:
        print(f"| {n} | {runs[0][0]} | " + " | ".join(f"{p / max(s, 1e-9) / 1e6:.2f} M" for p, s in runs) + " |")
for f in os.listdir(link):
    os.remove(os.path.join(link, f))
os.rmdir(link)
