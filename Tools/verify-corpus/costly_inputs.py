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
    dss_bomb_references.pdf  one 16 KB Flate bomb listed 3,000 times in the /DSS's /CRLs
    dss_foreign_crls.pdf  an update whose /DSS holds eight 12 MiB CRLs of an authority of no chain
    dss_impostor_crls.pdf  the same under the name of the signer's issuer (the root), signed by another key

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


def der_tlv(tag, body):
    """One DER element: tag, definite length, body."""
    n = len(body)
    length = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + length + body


FOREIGN_AUTHORITY = der_tlv(0x30, der_tlv(0x31, der_tlv(0x30, der_tlv(0x06, bytes.fromhex("550403"))
                                                          + der_tlv(0x0C, b"Foreign CRL Authority"))))


def foreign_crl(key, number, size, issuer=FOREIGN_AUTHORITY):
    """A DER CRL of about `size` bytes under the DER Name `issuer`, signed by `key` (an EC key of no chain
    in the document), listing serials number·10^7 + 1, 2, ...; written by hand, since building 500,000
    entries with a library takes minutes."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    ecdsa_sha256 = der_tlv(0x30, der_tlv(0x06, bytes.fromhex("2a8648ce3d040302")))
    when = der_tlv(0x17, b"261201000000Z")
    later = der_tlv(0x17, b"270101000000Z")
    first = number * 10_000_000
    entries = b"".join(der_tlv(0x30, der_tlv(0x02, (first + i).to_bytes(4, "big")) + when)
                       for i in range(1, size // 23))
    tbs = der_tlv(0x30, der_tlv(0x02, b"\x01") + ecdsa_sha256 + issuer + when + later + der_tlv(0x30, entries))
    signature = key.sign(tbs, ec.ECDSA(hashes.SHA256()))
    return der_tlv(0x30, tbs + ecdsa_sha256 + der_tlv(0x03, b"\x00" + signature))


def foreign_crls_store(data, count=8, size=12 << 20, issuer=FOREIGN_AUTHORITY):
    """`data` with a /DSS of `count` CRLs of `size` bytes under the name `issuer`, signed by a key of no
    chain in the document: read (within the /DSS's 128 MiB), and held parsed by a careless verifier at
    about ten times their size."""
    from cryptography.hazmat.primitives.asymmetric import ec
    key = ec.generate_private_key(ec.SECP256R1())
    return cb.add_dss(data, crls=[foreign_crl(key, i + 1, size, issuer) for i in range(count)])


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
        "dss_foreign_crls.pdf": foreign_crls_store(table),
        "dss_impostor_crls.pdf": foreign_crls_store(table, issuer=ra.PKI.root.subject.public_bytes()),
    }
    for name, data in files.items():
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
