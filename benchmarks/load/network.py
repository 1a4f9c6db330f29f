"""The phones' network: two network namespaces of the run's own, the server
in one and the phones in the other, joined by the wire (benchmarks/load/wire.py:
a TUN device on each side and a process passing the packets after half the
round-trip latency each way), so a slow phone costs the server what a real
one costs it: its connections stay open longer, its bytes trickle in. Nothing
is added to the machine's own network: the two private addresses below exist
only inside these namespaces.

Needs root (``ip netns add``) and /dev/net/tun. Without them the run falls
back to the loopback at no added latency (``Network.loopback``) and says so.
(This machine's kernel has no netem, ``tc qdisc ... netem delay``, which
would do the wire's job in the kernel.)
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

PREFIX = "bower-load-"
PHONES_ADDRESS = "10.99.0.1"
SERVER_ADDRESS = "10.99.0.2"
# Packets the kernel queues for the wire to read; its default (500) would drop
# some of a burst of phones at once, a loss no real Wi-Fi has.
QUEUE = 10_000


@dataclass(frozen=True)
class Network:
    """Where the server listens, how to run a process on either side, and
    the wire's control socket (its process id, for its CPU)."""

    server_address: str
    server_namespace: str = ""
    phones_namespace: str = ""
    wire_control: str = ""
    wire_pid: int = 0

    @property
    def emulated(self) -> bool:
        return bool(self.server_namespace)

    @classmethod
    def loopback(cls) -> Network:
        return cls("127.0.0.1")

    def on_server(self, command: list[str]) -> list[str]:
        return _inside(self.server_namespace, command)

    def on_phones(self, command: list[str]) -> list[str]:
        return _inside(self.phones_namespace, command)

    def set_latency(self, milliseconds: float) -> None:
        """The round-trip latency from now on: half of it each way."""
        if not self.emulated:
            if milliseconds:
                raise RuntimeError("latency needs the run's network namespaces (root)")
            return
        answer_to = f"{self.wire_control}.{os.getpid()}"
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as asking:
            asking.bind(answer_to)
            try:
                asking.settimeout(5)
                asking.sendto(f"{milliseconds:g}".encode(), self.wire_control)
                if asking.recv(16) != b"ok":
                    raise RuntimeError("the wire did not take the latency")
            finally:
                os.unlink(answer_to)


def _inside(namespace: str, command: list[str]) -> list[str]:
    return ["ip", "netns", "exec", namespace, *command] if namespace else command


def _ip(*arguments: str) -> None:
    subprocess.run(["ip", *arguments], check=True, capture_output=True, text=True)


def can_emulate() -> bool:
    """Whether this machine lets the run make network namespaces and TUN devices."""
    if os.geteuid() != 0 or not os.path.exists("/dev/net/tun") or not hasattr(os, "setns"):
        return False
    probe = f"{PREFIX}{os.getpid()}-probe"
    try:
        _ip("netns", "add", probe)
    except (OSError, subprocess.CalledProcessError):
        return False
    try:
        _ip("netns", "exec", probe, "ip", "tuntap", "add", "dev", "blprobe", "mode", "tun")
        return True
    except (OSError, subprocess.CalledProcessError):
        return False
    finally:
        subprocess.run(["ip", "netns", "del", probe], check=False, capture_output=True)


@contextmanager
def emulated_network(folder: Path) -> Iterator[Network]:
    """The two namespaces and the wire between them, removed on the way out
    whatever happened (the wire's devices go with its process)."""
    clear_leftovers()
    run = str(os.getpid())
    server, phones = f"{PREFIX}{run}-s", f"{PREFIX}{run}-p"
    # An interface name has at most 15 characters.
    server_device, phones_device = f"bl{run}s", f"bl{run}p"
    control = str(folder / "wire.sock")
    made: list[str] = []
    wire: subprocess.Popen[str] | None = None
    try:
        for namespace in (server, phones):
            _ip("netns", "add", namespace)
            made.append(namespace)
        command = [sys.executable, "-m", "benchmarks.load.wire"]
        command += [server, server_device, phones, phones_device, control]
        wire = subprocess.Popen(
            command,
            cwd=Path(__file__).resolve().parents[2],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert wire.stdout is not None
        if wire.stdout.readline().strip() != "ready":
            raise RuntimeError("the wire between the namespaces did not start")
        for namespace, device, address, peer in (
            (server, server_device, SERVER_ADDRESS, PHONES_ADDRESS),
            (phones, phones_device, PHONES_ADDRESS, SERVER_ADDRESS),
        ):
            inside = ("netns", "exec", namespace, "ip")
            _ip(*inside, "link", "set", "lo", "up")
            _ip(*inside, "link", "set", device, "txqueuelen", str(QUEUE), "up")
            _ip(*inside, "addr", "add", f"{address}/24", "dev", device)
            # A default route by way of the other side: the server's "which
            # address leads off this machine" (scripts/lan-url) finds its own,
            # as a laptop finds its Wi-Fi address.
            _ip(*inside, "route", "add", "default", "via", peer)
        yield Network(SERVER_ADDRESS, server, phones, control, wire.pid)
    finally:
        if wire is not None:
            wire.kill()
            wire.wait()
        for namespace in made:
            subprocess.run(["ip", "netns", "del", namespace], check=False, capture_output=True)
        with suppress(FileNotFoundError):
            os.unlink(control)


def clear_leftovers() -> None:
    """Remove the namespaces of an earlier run whose process is gone (a kill -9)."""
    try:
        listed = subprocess.run(
            ["ip", "netns", "list"], check=True, capture_output=True, text=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return
    for namespace, pid in re.findall(rf"^({re.escape(PREFIX)}(\d+)-\w+)", listed, re.MULTILINE):
        if not os.path.exists(f"/proc/{pid}"):
            subprocess.run(["ip", "netns", "del", namespace], check=False, capture_output=True)
