#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/web/wire.py PCAP: one line per HTTP request in a packet capture
# of the test web (tests/web/capture), "SECONDS HOST METHOD TARGET", in
# capture order.
#
# The time is the kernel's, when the packet carrying the request line
# crossed the test web's loopback: what the host saw, where webd's own log
# says when its event loop got round to reading the line (late by tens of
# ms when the machine is busy).  Plain HTTP only; a request split over two
# segments is counted by its first, which holds the request line and, for
# curl's requests, the Host header (the second line); a segment sent again
# (TCP's retransmission, on a loopback loaded enough to drop) is counted
# once, at its first sending.
import struct
import sys

METHODS = (b"GET ", b"HEAD ", b"POST ", b"PUT ", b"OPTIONS ")


def packets(f):
    head = f.read(24)
    if len(head) < 24:
        sys.exit("tests/web/wire.py: not a pcap file")
    magic = struct.unpack("<I", head[:4])[0]
    if magic in (0xA1B2C3D4, 0xA1B23C4D):
        end = "<"
    elif magic in (0xD4C3B2A1, 0x4D3CB2A1):
        end = ">"
        magic = struct.unpack(">I", head[:4])[0]
    else:
        sys.exit("tests/web/wire.py: not a pcap file")
    scale = 1e-9 if magic == 0xA1B23C4D else 1e-6
    link = struct.unpack(end + "I", head[20:24])[0] & 0xFFFF
    while True:
        rec = f.read(16)
        if len(rec) < 16:
            return
        sec, frac, incl, _ = struct.unpack(end + "IIII", rec)
        yield sec + frac * scale, link, f.read(incl)


def payload(link, data):
    """The TCP payload of one captured frame and the key of its segment
    (addresses, ports, sequence number), or None."""
    if link == 1:			# Ethernet (what Linux's lo gives)
        off, proto = 14, struct.unpack(">H", data[12:14])[0]
    elif link == 113:			# Linux cooked (-i any)
        off, proto = 16, struct.unpack(">H", data[14:16])[0]
    elif link == 276:			# Linux cooked v2
        off, proto = 20, struct.unpack(">H", data[0:2])[0]
    elif link == 0:			# BSD loopback
        off, proto = 4, 0x0800 if data[0] == 2 or data[3] == 2 else 0x86DD
    else:
        sys.exit(f"tests/web/wire.py: link type {link} not read")
    if proto == 0x0800:
        ihl = (data[off] & 0x0F) * 4
        if data[off + 9] != 6:
            return None
        addrs = data[off + 12:off + 20]
        tcp = off + ihl
    elif proto == 0x86DD:
        if data[off + 6] != 6:
            return None
        addrs = data[off + 8:off + 40]
        tcp = off + 40
    else:
        return None
    return data[tcp + (data[tcp + 12] >> 4) * 4:], addrs + data[tcp:tcp + 8]


def main():
    seen = set()
    with open(sys.argv[1], "rb") as f:
        for t, link, data in packets(f):
            got = payload(link, data)
            if not got or not got[0].startswith(METHODS):
                continue
            p, key = got
            # A segment sent again (a retransmission on a loaded
            # loopback) is the same request, not a second one.
            if key in seen:
                continue
            seen.add(key)
            lines = p.split(b"\r\n")
            parts = lines[0].split(b" ")
            host = b"-"
            for line in lines[1:]:
                k, _, v = line.partition(b":")
                if k.strip().lower() == b"host":
                    v = v.strip().lower()
                    host = v[:v.index(b"]") + 1] if v.startswith(b"[") \
                        else v.split(b":")[0]
                    break
            print(f"{t:.6f} {host.decode('latin-1')} "
                  f"{parts[0].decode('latin-1')} "
                  f"{parts[1].decode('latin-1') if len(parts) > 1 else '-'}")


if __name__ == "__main__":
    main()
