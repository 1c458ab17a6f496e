#!/usr/bin/env python3
"""Signed PDFs that cost a careless verifier minutes and gigabytes (issue 20, item 16).

    python3 Tools/verify-corpus/costly_inputs.py OUTDIR [UPDATES]

Writes into OUTDIR, each a pyHanko-signed document (review_attacks.signed()) followed by updates
written by hand, and root.pem (the signer's root):

    many_updates.pdf    UPDATES tiny updates (default 3000) after the signature, each a new /Info
    too_many_updates.pdf  10,001 such updates: one cross-reference section more than Signet reads
    free_entries.pdf    one update whose cross-reference stream lists 9 million free entries
    free_entries3.pdf   three such updates, one after the other
    dss_lookalikes.pdf  an update whose /DSS holds 20,000 certificates named like the signer's root
                        (each a candidate issuer when a chain is built)

`signet verify` must answer each with a verdict (or one clear sentence) in seconds of CPU and
bounded memory; Tests/SignetCLITests/CostlyInputTests.swift runs it under a CPU-time limit.
"""
import hashlib
import os
import re
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cms_builder as cb  # noqa: E402
import make_corpus as mc  # noqa: E402
import review_attacks as ra  # noqa: E402
from make_corpus import CATALOG, INFO, last_startxref, stream  # noqa: E402

FREE_ENTRIES = 9_000_000


def trailer_fields(data):
    """/Size and the first /ID string of the newest trailer."""
    size = int(re.findall(rb"/Size (\d+)", data)[-1])
    first_id = re.findall(rb"/ID\s*\[\s*(<[0-9a-fA-F]+>)", data)[-1]
    return size, first_id


def many_updates(data, count):
    """`count` tiny updates, each a new /Info listed in a classic table (written in one buffer, so
    thousands of them take a moment)."""
    size, first_id = trailer_fields(data)
    out = bytearray(data)
    prev = last_startxref(data)
    for i in range(count):
        at = len(out)
        out += b"%d 0 obj\n<< /Title (update %d) >>\nendobj\n" % (INFO, i)
        xref_at = len(out)
        out += b"xref\n%d 1\n%010d 00000 n\r\n" % (INFO, at)
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [%s <%s>] /Prev %d >>\n" % (
            size, CATALOG, INFO, first_id, hashlib.md5(b"%d" % i).hexdigest().encode(), prev)
        out += b"startxref\n%d\n%%%%EOF\n" % xref_at
        prev = xref_at
    return bytes(out)


def free_entries_update(data, i):
    """An update that rewrites /Info and whose cross-reference stream lists FREE_ENTRIES free entries
    for numbers no revision used (63 MB of rows that deflate to about 60 KB)."""
    size, first_id = trailer_fields(data)
    out = bytearray(data)
    info_at = len(out)
    out += b"%d 0 obj\n<< /Title (free entries %d) >>\nendobj\n" % (INFO, i)
    xref_num, xref_at = size, len(out)
    row = lambda kind, offset: bytes([kind]) + offset.to_bytes(4, "big") + b"\0\0"  # noqa: E731
    rows = row(1, info_at) + row(1, xref_at) + bytes(7 * FREE_ENTRIES)
    new_size = size + 1 + FREE_ENTRIES
    body = zlib.compress(rows, 9)
    out += b"%d 0 obj\n" % xref_num + b"<< /Type /XRef /W [1 4 2] /Index [%d 1 %d 1 %d %d] /Size %d /Root %d 0 R " % (
        INFO, xref_num, xref_num + 1, FREE_ENTRIES, new_size, CATALOG)
    out += b"/Info %d 0 R /ID [%s <%s>] /Prev %d /Filter /FlateDecode /Length %d >>\nstream\n" % (
        INFO, first_id, hashlib.md5(b"free %d" % i).hexdigest().encode(), last_startxref(data), len(body))
    out += body + b"\nendstream\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def lookalike_store(data, root, count=20_000):
    """`data` with a /DSS of `count` look-alikes of `root` (`cb.lookalikes`)."""
    return cb.add_dss(data, certs=cb.lookalikes(root, count))


def bomb_store(data, references=3000):
    """`data` with a /DSS whose /CRLs lists one 16 KB FlateDecode stream `references` times; the
    stream inflates just past the 16 MiB a value may have."""
    import zlib
    bomb = zlib.compress(b"\0" * ((16 << 20) + 1024), 9)
    n = mc.next_num(data)
    objs = {n: mc.stream(bomb, b"/Filter /FlateDecode"),
            n + 1: b"<< /CRLs [" + b" ".join(b"%d 0 R" % n for _ in range(references)) + b"] >>",
            mc.CATALOG: mc.with_entries(data, mc.CATALOG, DSS=b"%d 0 R" % (n + 1))}
    return mc.append_update(data, objs)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: costly_inputs.py OUTDIR [UPDATES]")
    outdir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    os.makedirs(outdir, exist_ok=True)
    ra.PKI = mc.PKI()
    with open(os.path.join(outdir, "root.pem"), "wb") as f:
        from cryptography.hazmat.primitives import serialization
        f.write(ra.PKI.root.public_bytes(serialization.Encoding.PEM))
    table = ra.signed()
    streams = ra.signed(kind="stream")
    three = streams
    for i in range(3):
        three = free_entries_update(three, i)
    files = {
        "many_updates.pdf": many_updates(table, count),
        "too_many_updates.pdf": many_updates(table, 10_001),
        "free_entries.pdf": free_entries_update(streams, 0),
        "free_entries3.pdf": three,
        "dss_lookalikes.pdf": lookalike_store(table, ra.PKI.root),
        "dss_bomb_references.pdf": bomb_store(table),
    }
    for name, data in files.items():
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
