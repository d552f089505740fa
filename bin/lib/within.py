#!/usr/bin/env python3
"""within.py [--kill-after SECONDS] LIMIT [--] COMMAND [ARG...]

Runs COMMAND and ends it, and everything it started, if it takes longer than LIMIT seconds:
like timeout(1), but by process tree rather than by process group, so that it also reaches
children that moved to groups or sessions of their own (SwiftPM runs the test bundle in a
process group of its own).

- It makes itself a child subreaper (prctl PR_SET_CHILD_SUBREAPER): whatever COMMAND starts
  and leaves behind is reparented to it, not to init, so the whole tree stays below it and is
  found through the parent links in /proc/*/stat.
- On timeout it sends SIGTERM to every descendant, then SIGKILL to whatever is left after
  --kill-after seconds (10 by default), and exits 124.
- When COMMAND ends by itself, it ends whatever COMMAND left running in the same way, then
  exits with COMMAND's status (dying of the same signal if COMMAND died of one), so that
  nothing outlives it.
- SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to it are forwarded to COMMAND. It never changes
  process group: at a terminal, COMMAND stays in the terminal's foreground group and gets
  Ctrl-C from the terminal itself (a signal from the terminal is then not forwarded a second
  time).

Exit status: COMMAND's; 124 on timeout; 125 when within.py itself fails; 126 when COMMAND
cannot be run; 127 when it is not found.
"""

import ctypes
import os
import resource
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
SI_KERNEL = 0x80  # si_code of a signal the kernel sent, e.g. the terminal's Ctrl-C
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)
USAGE = "usage: within.py [--kill-after SECONDS] LIMIT [--] COMMAND [ARG...]"


def say(message):
    sys.stderr.write("within: %s\n" % message)
    sys.stderr.flush()


def fail(message, status=125):
    say(message)
    sys.exit(status)


def parse(argv):
    kill_after = 10.0
    args = list(argv)
    try:
        if args and args[0] == "--kill-after":
            kill_after = float(args[1])
            args = args[2:]
        elif args and args[0].startswith("--kill-after="):
            kill_after = float(args[0].split("=", 1)[1])
            args = args[1:]
        limit = float(args[0])
        args = args[1:]
    except (IndexError, ValueError):
        fail(USAGE)
    if args and args[0] == "--":
        args = args[1:]
    if not args or limit < 0 or kill_after < 0:
        fail(USAGE)
    return limit, kill_after, args


def become_subreaper():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        fail("prctl(PR_SET_CHILD_SUBREAPER): %s" % os.strerror(ctypes.get_errno()))


def descendants():
    """Every live process below this one, found through the parent links in /proc/*/stat."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        # fields[0] is the state, fields[1] the parent; a zombie has ended, it only awaits reaping.
        if fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class Reaper:
    def __init__(self, command_pid):
        self.command_pid = command_pid
        self.command_status = None

    def reap(self):
        """Reaps every child that has ended; False once there is no child left at all."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return False
            if pid == 0:
                return True
            if pid == self.command_pid:
                self.command_status = status

    def wait(self, seconds):
        """Waits up to SECONDS for a child to end (or a forwarded signal); returns the signal info."""
        return signal.sigtimedwait((signal.SIGCHLD,) + FORWARDED, max(seconds, 0.0))


def end_everything(reaper, kill_after):
    """SIGTERM to every descendant, SIGKILL to whatever is left after KILL_AFTER seconds."""
    ended = set()
    signum, deadline = signal.SIGTERM, time.monotonic() + kill_after
    while reaper.reap():
        now = time.monotonic()
        if signum == signal.SIGTERM and now >= deadline:
            signum = signal.SIGKILL
        targets = descendants()
        for pid in targets:
            # SIGTERM once to each; SIGKILL every round, as a dying parent's children are
            # reparented here and show up anew.
            if signum == signal.SIGKILL or pid not in ended:
                try:
                    os.kill(pid, signum)
                    if signum == signal.SIGTERM:
                        os.kill(pid, signal.SIGCONT)  # a stopped process acts on it only once resumed
                except ProcessLookupError:
                    pass
                ended.add(pid)
        if not targets:
            # Only zombies left (or a child between fork and its /proc entry): reap and look again.
            reaper.wait(0.05)
            continue
        info = reaper.wait(min(0.2, max(deadline - now, 0.01)) if signum == signal.SIGTERM else 0.05)
        if info is not None and info.si_signo in (signal.SIGINT, signal.SIGTERM):
            signum = signal.SIGKILL  # asked again to stop: no more waiting
    return len(ended)


def exit_like(status):
    if os.WIFEXITED(status):
        sys.exit(os.WEXITSTATUS(status))
    signum = os.WTERMSIG(status)
    # Die of the same signal, as timeout(1) does, so that a shell sees a command killed by
    # SIGINT and stops too; without a core dump of this helper.
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        signal.signal(signum, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signum})
        os.kill(os.getpid(), signum)
    except (OSError, ValueError):
        pass
    sys.exit(128 + signum)


def main():
    limit, kill_after, command = parse(sys.argv[1:])
    become_subreaper()
    # A signal the caller chose to ignore stays ignored (and is not forwarded).
    forwarded = tuple(s for s in FORWARDED if signal.getsignal(s) != signal.SIG_IGN)
    # Signals are taken with sigtimedwait, not handlers: blocked here, restored in the command.
    original_mask = signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGCHLD,) + FORWARDED)
    try:
        pid = os.posix_spawnp(command[0], command, os.environ,
                              setsigmask=original_mask,
                              setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))  # ignored by Python
    except FileNotFoundError:
        fail("%s: command not found" % command[0], 127)
    except OSError as error:
        fail("%s: %s" % (command[0], error.strerror), 126)

    reaper = Reaper(pid)
    deadline = time.monotonic() + limit
    timed_out = False
    while True:
        reaper.reap()
        if reaper.command_status is not None:
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        info = reaper.wait(remaining)
        if info is None or info.si_signo == signal.SIGCHLD:
            continue
        # From the terminal, the signal went to the whole foreground group, COMMAND included.
        if info.si_signo in forwarded and info.si_code != SI_KERNEL:
            try:
                os.kill(pid, info.si_signo)
            except ProcessLookupError:
                pass

    ended = end_everything(reaper, kill_after)
    shown = " ".join(command) if len(" ".join(command)) <= 80 else " ".join(command)[:79] + "…"
    if timed_out:
        say("the command did not finish within %gs; ended %d process(es): %s" % (limit, ended, shown))
        sys.exit(124)
    if ended:
        say("ended %d process(es) left running by: %s" % (ended, shown))
    exit_like(reaper.command_status)


if __name__ == "__main__":
    main()
