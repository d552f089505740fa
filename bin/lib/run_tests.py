#!/usr/bin/env python3
"""run_tests.py [--workers N] [--limit SECONDS] [--durations FILE] [--hint FILE] [--filter REGEX] BUNDLE

Runs every XCTest class of the test bundle BUNDLE (`.build/debug/txfeedPackageTests.xctest`),
one `BUNDLE Module.Class` process per class, on N workers at once (twice the machine's cores
by default): much of the suite waits on the processes it starts (timeouts, terminals, children
that must be seen to end), so four at a time on two cores keep both busy, where two left them
idle a third of the time.

- Classes are taken longest first, by the durations the last run kept in --durations (in
  .build, not in git); a class it does not list (all of them in a fresh clone) by --hint, the
  durations of a whole run checked in (bin/lib/test-durations-hint.json), so that a fresh
  clone's longest classes do not start last; a class in neither after the end-to-end classes
  hinted alike. Each worker takes the next class when its last one ends, so the workers end
  close together. The hint is a whole run's .build/test-durations.json, classes of 2 s or more,
  in whole seconds; only the order matters, so it needs redoing only when a long class is added:
  python3 -c 'import json; d = json.load(open(".build/test-durations.json")); json.dump({k: round(v)
  for k, v in sorted(d.items()) if v >= 2}, open("bin/lib/test-durations-hint.json", "w"), indent=0)'
- A class's output is printed whole when it ends, so the log reads as a serial run's does;
  a class whose process dies (a crash) or fails is counted failed with its output.
- After --limit seconds the classes still running are ended and named, with the test each
  was in, and the exit status is 124.
- The last line is XCTest's own total over every class:
  `Executed N tests, with S tests skipped and F failures (U unexpected) in T (T) seconds`.

Exit status: 0 when every class passed; 1 when one failed; 124 on the limit.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

EXECUTED = re.compile(
    r"^\s*Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures? \((\d+) unexpected\)", re.M)
STARTED = re.compile(r"^Test Case '([^']+)' started", re.M)
ENDED = re.compile(r"^Test Case '([^']+)' (?:passed|failed|skipped)", re.M)


def classes_of(bundle):
    listed = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True).stdout
    found = []
    for line in listed.splitlines():
        name = line.strip().split("/")[0]
        if "." in name and "/" in line and name not in found:
            found.append(name)
    return found


def ordered(classes, durations, hint=None):
    hint = hint or {}

    def seconds(c):
        if c in durations:
            return durations[c]
        if c in hint:
            return hint[c]
        return 1.0 if "EndToEnd" in c else 0.5

    # sorted is stable: without durations or a hint, the end-to-end classes first, in list order.
    return sorted(classes, key=lambda c: -seconds(c))


class Run:
    def __init__(self, bundle, classes, workers, limit):
        self.bundle, self.queue, self.workers, self.limit = bundle, list(classes), workers, limit
        self.lock = threading.Lock()
        self.running = {}  # class -> (process, output file)
        self.totals = [0, 0, 0, 0]  # tests, skipped, failures, unexpected
        self.failed = []
        self.durations = {}
        self.timed_out = False

    def next_class(self):
        with self.lock:
            return self.queue.pop(0) if self.queue and not self.timed_out else None

    def worker(self):
        while (name := self.next_class()) is not None:
            started = time.monotonic()
            with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as out:
                process = subprocess.Popen(
                    ["stdbuf", "-oL", "-eL", self.bundle, name], stdout=out, stderr=subprocess.STDOUT)
                with self.lock:
                    self.running[name] = (process, out)
                status = process.wait()
                with self.lock:
                    del self.running[name]
                    out.seek(0)
                    text = out.read()
                    self.report(name, status, text, time.monotonic() - started)

    def report(self, name, status, text, seconds):
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
        counts = EXECUTED.findall(text)
        if counts:
            tests, skipped, failures, unexpected = counts[-1]
            for n, value in enumerate((tests, skipped or 0, failures, unexpected)):
                self.totals[n] += int(value)
        if status != 0 or not counts:
            if not counts or int(counts[-1][2]) == 0:
                # Died before XCTest counted a failure: a crash, or killed.
                self.totals[2] += 1
                self.totals[3] += 1
                why = "signal %d" % -status if status < 0 else "status %d" % status
                sys.stdout.write("run_tests: %s ended with %s\n" % (name, why))
            self.failed.append(name)
        sys.stdout.flush()
        self.durations[name] = round(seconds, 3)

    def watch(self, threads):
        deadline = time.monotonic() + self.limit
        while any(t.is_alive() for t in threads):
            if time.monotonic() > deadline:
                with self.lock:
                    self.timed_out = True
                    for name, (process, out) in self.running.items():
                        out.seek(0)
                        text = out.read()
                        ended = set(ENDED.findall(text))
                        inside = [t for t in STARTED.findall(text) if t not in ended]
                        sys.stdout.write("run_tests: still running after %ds: %s\n"
                                         % (self.limit, inside[-1] if inside else name))
                        process.send_signal(signal.SIGTERM)
                sys.stdout.flush()
                deadline = float("inf")
            time.sleep(0.2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bundle")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 2))
    parser.add_argument("--limit", type=float, default=1200)
    parser.add_argument("--durations")
    parser.add_argument("--hint", help="durations to order by where --durations has none (checked in)")
    parser.add_argument("--filter", help="only the classes this regular expression finds in Module.Class")
    options = parser.parse_args()
    # A shell starting us in the background (`bin/test &` in a script) ignores SIGQUIT, and every
    # class process would inherit that: the tests that quit a txfeed they start expect the signal
    # to arrive, as at a terminal.
    if signal.getsignal(signal.SIGQUIT) == signal.SIG_IGN:
        signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    durations = {}
    if options.durations and os.path.exists(options.durations):
        with open(options.durations) as f:
            durations = json.load(f)
    hint = {}
    if options.hint and os.path.exists(options.hint):
        with open(options.hint) as f:
            hint = json.load(f)
    classes = [c for c in classes_of(options.bundle) if not options.filter or re.search(options.filter, c)]
    run = Run(options.bundle, ordered(classes, durations, hint), options.workers, options.limit)
    began = time.monotonic()
    threads = [threading.Thread(target=run.worker) for _ in range(max(1, options.workers))]
    for thread in threads:
        thread.start()
    run.watch(threads)
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - began
    if options.durations and not run.timed_out:
        with open(options.durations + ".partial", "w") as f:
            json.dump(dict(durations, **run.durations), f, indent=0, sort_keys=True)
        os.replace(options.durations + ".partial", options.durations)
    tests, skipped, failures, unexpected = run.totals
    if run.failed:
        print("run_tests: failed: " + ", ".join(run.failed))
    skipped_text = "%d test%s skipped and " % (skipped, "" if skipped == 1 else "s") if skipped else ""
    print("\t Executed %d test%s, with %s%d failure%s (%d unexpected) in %.3f (%.3f) seconds" % (
        tests, "" if tests == 1 else "s", skipped_text, failures, "" if failures == 1 else "s", unexpected,
        seconds, seconds))
    sys.exit(124 if run.timed_out else (1 if run.failed else 0))


if __name__ == "__main__":
    main()
