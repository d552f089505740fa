#!/usr/bin/env python3
"""Runs a command and prints its wall seconds and the peak of the summed resident memory of
its whole process tree (txfeed and its plugin host children), sampled every 10 ms:

    tree_peak.py [-o FILE] CMD ARGS...   ->   "SECONDS KIB" into FILE, else
                                              "SECONDS s KIB KB" on stderr

GNU time's %M is one process's peak; with plugins in child processes the tree's sum is what
the machine must hold."""
import os
import subprocess
import sys
import time


def tree(pid):
    """pid and every descendant, from /proc/PID/task/*/children."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    args, output = sys.argv[1:], None
    if args[:1] == ["-o"]:
        output, args = args[1], args[2:]
    start = time.monotonic()
    child = subprocess.Popen(args)
    peak = 0
    while child.poll() is None:
        peak = max(peak, sum(rss_kb(p) for p in tree(child.pid)))
        time.sleep(0.01)
    seconds = time.monotonic() - start
    if output:
        with open(output, "w") as f:
            print(f"{seconds:.2f} {peak}", file=f)
    else:
        print(f"{seconds:.2f} s {peak} KB", file=sys.stderr)
    sys.exit(child.returncode)


main()
