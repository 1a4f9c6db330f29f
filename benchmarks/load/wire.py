"""The wire between the phones and the server: a TUN device in each of the
run's two network namespaces, and this process passing every IP packet from
one to the other after half the round-trip latency (what netem does; this
machine's kernel has no netem). TCP on both sides sees a real network: the
handshake, every answer and every ACK take the latency, so a server pays for
slow phones as it would on a real Wi-Fi.

``python -m benchmarks.load.wire SERVER_NS SERVER_DEV PHONES_NS PHONES_DEV CONTROL``
makes the two devices, prints "ready", and passes packets until it is
stopped (the devices go with it). A datagram on the Unix socket CONTROL sets
the latency ("20" ms round trip); the answer is "ok". Packets keep their
order; none is dropped by the wire (its queues are unbounded, and short).
"""

from __future__ import annotations

import fcntl
import os
import select
import socket
import struct
import sys
import time
from collections import deque

from benchmarks.load import cpu

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
PACKET = 65_536


def open_tun(namespace: str, name: str) -> int:
    """A TUN device ``name`` made inside ``namespace``; its file descriptor."""
    with open(f"/run/netns/{namespace}") as handle:
        os.setns(handle.fileno(), os.CLONE_NEWNET)
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    return fd


class Direction:
    """Packets read from one device, written to the other when they are due."""

    def __init__(self, source: int, target: int) -> None:
        self.source, self.target = source, target
        self.waiting: deque[tuple[float, bytes]] = deque()

    def read(self, delay: float) -> None:
        now = time.monotonic()
        # Never earlier than the packet before: a lower latency set meanwhile
        # must not reorder what is on the wire.
        due = max(now + delay, self.waiting[-1][0]) if self.waiting else now + delay
        while True:
            try:
                packet = os.read(self.source, PACKET)
            except BlockingIOError:
                return
            self.waiting.append((due, packet))

    def write_due(self, now: float) -> None:
        while self.waiting and self.waiting[0][0] <= now:
            _, packet = self.waiting.popleft()
            try:
                os.write(self.target, packet)
            except BlockingIOError:
                return  # the other side's queue is full: try again next turn
            except OSError:
                pass  # the device is going away with the run


def main(server_ns: str, server_dev: str, phones_ns: str, phones_dev: str, control: str) -> None:
    server = open_tun(server_ns, server_dev)
    phones = open_tun(phones_ns, phones_dev)
    commands = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    commands.bind(control)
    commands.setblocking(False)
    cpu.go_first()  # the network takes no CPU from the server or the phones
    to_phones, to_server = Direction(server, phones), Direction(phones, server)
    by_source = {server: to_phones, phones: to_server}
    delay = 0.0  # one way, seconds
    print("ready", flush=True)
    while True:
        due = [d.waiting[0][0] for d in (to_phones, to_server) if d.waiting]
        timeout = max(0.0, min(due) - time.monotonic()) if due else None
        readable, _, _ = select.select([server, phones, commands.fileno()], [], [], timeout)
        for source in readable:
            if source == commands.fileno():
                text, sender = commands.recvfrom(64)
                delay = float(text) / 2000
                commands.sendto(b"ok", sender)
            else:
                by_source[source].read(delay)
        now = time.monotonic()
        to_phones.write_due(now)
        to_server.write_due(now)


if __name__ == "__main__":
    main(*sys.argv[1:6])
