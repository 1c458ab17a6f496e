#!/usr/bin/env python3
"""Attacks on `signet verify`: attack generators beyond make_corpus.py.

    python3 Tools/verify-corpus/review_attacks.py OUTDIR [--signet PATH]

Each generator writes one PDF into OUTDIR and states what a careful validator must answer
("reject" = exit 3, "accept" = exit 0). The script then runs `signet verify --ca root.pem --json`
on every file and prints a table: expected, signet's exit, level, first changes, and MISMATCH where
signet gets it wrong. Reuses make_corpus.py's PKI, base document, signing and update helpers.
"""
import hashlib
import json
import os
import resource
import re
import subprocess
import sys
import zlib
from io import BytesIO

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402
from make_corpus import (ACROFORM, CATALOG, CONTENT1, CONTENT2, FONT_F1, FONT_HELV, INFO, PAGE1, PAGE2,  # noqa: E402
                         PAGES, SIG_FIELD, TEXT_FIELD, TEXT_FIELD_AP, append_update, annots_plus, base_objects,
                         last_startxref, latest, next_num, ser, stream, with_entries)
from pyhanko.sign.fields import MDPPerm  # noqa: E402

CASES = []


def case(expect, note=""):
    def wrap(fn):
        CASES.append((fn.__name__, expect, note, fn))
        return fn
    return wrap


# ---------------------------------------------------------------------------------------------
# Base documents with extra objects (xref table or stream), signed with pyHanko.
# ---------------------------------------------------------------------------------------------

def write_objs(objs, kind="table", compressed=None, extra_rows=None):
    """A complete PDF of `objs` ({num: body}). compressed: {num: (stream, index)} type-2 rows
    written into the xref stream for objects that are not written at all (kind='stream')."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in sorted(objs):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objs[num] + b"\nendobj\n"
    doc_id = hashlib.md5(bytes(out)).hexdigest().encode()
    trailer = b"/Root %d 0 R /Info %d 0 R /ID [<%s> <%s>]" % (CATALOG, INFO, doc_id, doc_id)
    size = max(list(objs) + list(compressed or {})) + 1
    xref_at = len(out)
    if kind == "table":
        out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
        for num in range(1, size):
            out += b"%010d 00000 n\r\n" % offsets[num] if num in offsets else b"0000000000 00001 f\r\n"
        out += b"trailer\n<< /Size %d %s >>\n" % (size, trailer)
    else:
        offsets[size] = xref_at
        rows = b""
        for n in range(size + 1):
            if n in offsets:
                rows += bytes([1]) + offsets[n].to_bytes(4, "big") + (0).to_bytes(2, "big")
            elif compressed and n in compressed:
                s, i = compressed[n]
                rows += bytes([2]) + s.to_bytes(4, "big") + i.to_bytes(2, "big")
            else:
                rows += bytes([0]) + (0).to_bytes(4, "big") + (0 if n == 0 else 1).to_bytes(2, "big")
        out += b"%d 0 obj\n" % size + stream(rows, b"/Type /XRef /Size %d /W [1 4 2] %s" % (size + 1, trailer)) \
            + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def objstm(members):
    """An object stream body holding {num: body}."""
    header, data = b"", b""
    for num, body in members.items():
        header += b"%d %d " % (num, len(data))
        data += body + b"\n"
    return stream(header + data, b"/Type /ObjStm /N %d /First %d" % (len(members), len(header)))


PKI = None


def signed(objs=None, kind="table", certify=False, perm=MDPPerm.FILL_FORMS, **kw):
    return mc.sign(write_objs(objs or base_objects(), kind, **kw), PKI, certify=certify, perm=perm)


OVERLAY_TEXT = b"1 1 1 rg 66 640 300 28 re f 0 g BT /F1 12 Tf 72 650 Td (The buyer pays 900 EUR.) Tj ET\n"
PAGE1_CONTENT_900 = stream(b"BT /F1 24 Tf 72 730 Td (Purchase contract) Tj ET\nBT /F1 12 Tf 72 650 Td (The buyer pays 900 EUR.) Tj ET\n")


def same_length(body_old: bytes, body_new: bytes) -> bytes:
    assert len(body_new) <= len(body_old)
    return body_new + b" " * (len(body_old) - len(body_new))


# ---------------------------------------------------------------------------------------------
# Structure: revisions the analysis does not see.
# ---------------------------------------------------------------------------------------------

@case("reject", "content change in an update whose startxref points back at the signed section")
def split_startxref(out):
    data = signed()
    rev1_xref = last_startxref(data)
    rev2 = append_update(data, {CONTENT1: PAGE1_CONTENT_900})
    a_at = last_startxref(rev2)
    # revision 2 names the signed section in its startxref: opened alone, it looks unchanged
    rev2 = rev2[:rev2.rindex(b"startxref")] + b"startxref\n%d\n%%%%EOF\n" % rev1_xref
    size = int(re.findall(rb"/Size (\d+)", rev2)[-1])
    ids = re.findall(rb"/ID \[(<[0-9a-fA-F]+>) *(<[0-9a-fA-F]+>)\]", rev2)[-1]
    b_at = len(rev2)
    rev3 = rev2 + (b"xref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size %d /Root 1 0 R /Info 9 0 R /ID [%s %s] /Prev %d >>\n"
                   b"startxref\n%d\n%%%%EOF\n" % (size, ids[0], ids[1], a_at, b_at))
    return rev3


@case("reject", "revision 2 ends with a bare %%EOF (no startxref): opened alone, qpdf reads revision 1")
def split_no_startxref(out):
    data = signed()
    rev2 = append_update(data, {CONTENT1: PAGE1_CONTENT_900})
    a_at = last_startxref(rev2)
    rev2 = rev2[:rev2.rindex(b"startxref")] + b"%%EOF\n"
    size = int(re.findall(rb"/Size (\d+)", rev2)[-1])
    ids = re.findall(rb"/ID \[(<[0-9a-fA-F]+>) *(<[0-9a-fA-F]+>)\]", rev2)[-1]
    b_at = len(rev2)
    return rev2 + (b"xref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size %d /Root 1 0 R /Info 9 0 R /ID [%s %s] /Prev %d >>\n"
                   b"startxref\n%d\n%%%%EOF\n" % (size, ids[0], ids[1], a_at, b_at))


@case("reject", "signed doc: page 1 uses ExtGState /G1 = obj 30, a compressed entry in object stream 50 that does "
                "not exist (null); the update adds object stream 50 where 30 = << /ca 0 >>: the price turns invisible")
def objstm_dangling_member(out):
    objs = base_objects()
    objs[CONTENT1] = stream(b"BT /F1 24 Tf 72 730 Td (Purchase contract) Tj ET\n/G1 gs BT /F1 12 Tf 72 650 Td (The buyer pays 100 EUR.) Tj ET\n")
    objs[PAGE1] = objs[PAGE1].replace(b"/Font << /F1 7 0 R >>", b"/Font << /F1 7 0 R >> /ExtGState << /G1 30 0 R >>")
    data = signed(objs, kind="stream", compressed={30: (50, 0)})
    return append_update(data, {50: objstm({30: b"<< /Type /ExtGState /ca 0 /CA 0 >>"})})


@case("reject", "update redefines object 12 (page content) with generation 1 and page->'12 1 R' is NOT changed; "
                "control for generation handling")
def generation_bump(out):
    data = signed()
    upd = append_update(data, {CONTENT1: PAGE1_CONTENT_900})
    # rewrite the new object header and its xref entry to generation 1
    at = upd.rindex(b"\n12 0 obj") + 1
    upd = upd[:at] + b"12 1 obj" + upd[at + 8:]
    xref = upd.rindex(b"xref\n")
    tail = upd[xref:]
    tail = re.sub(rb"(%010d) 00000 n" % at, rb"\1 00001 n", tail)
    return upd[:xref] + tail


@case("reject", "update redefines only the object stream that holds page 1's content (members' entries unchanged)")
def objstm_redefined(out):
    objs = base_objects()
    content = objs.pop(CONTENT1)
    # page content cannot be in an object stream (streams are never compressed): put the font there
    font = objs.pop(FONT_F1)
    objs[50] = objstm({FONT_F1: font})
    objs[CONTENT1] = content
    data = signed(objs, kind="stream", compressed={FONT_F1: (50, 0)})
    evil_font = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
                 b"/BaseEncoding /WinAnsiEncoding /Differences [49 /nine] >> >>")
    return append_update(data, {50: objstm({FONT_F1: evil_font})})


@case("reject", "compressed entry: xref says obj 7 is index 5 of object stream 51 that holds a *different* obj 7")
def objstm_index_elsewhere(out):
    data = signed(kind="stream")
    evil_font = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
                 b"/BaseEncoding /WinAnsiEncoding /Differences [49 /nine] >> >>")
    n = next_num(data)
    upd = append_update(data, {n: objstm({FONT_F1: evil_font})})
    # turn the entry of the new object stream's member into a compressed entry for object 7
    return _add_compressed_entry(upd, FONT_F1, n, 5)


def _add_compressed_entry(data, num, stm, index):
    """Re-append the last update's xref stream with one more type-2 row."""
    xref_at = last_startxref(data)
    m = re.match(rb"(\d+) 0 obj\n<<(.*?)/Length (\d+) >>\nstream\n", data[xref_at:], re.S)
    xnum, dict_text, length = int(m.group(1)), m.group(2), int(m.group(3))
    rows = data[xref_at + m.end():xref_at + m.end() + length]
    index_m = re.search(rb"/Index \[([\d ]+)\]", dict_text)
    idx = [int(x) for x in index_m.group(1).split()]
    entries = []
    pos = 0
    for i in range(0, len(idx), 2):
        for k in range(idx[i], idx[i] + idx[i + 1]):
            entries.append((k, rows[pos:pos + 7]))
            pos += 7
    entries.append((num, bytes([2]) + stm.to_bytes(4, "big") + index.to_bytes(2, "big")))
    entries.sort()
    new_index = b" ".join(b"%d 1" % k for k, _ in entries)
    new_rows = b"".join(r for _, r in entries)
    dict_text = dict_text.replace(index_m.group(0), b"/Index [" + new_index + b"]")
    body = b"<<" + dict_text + b"/Length %d >>\nstream\n" % len(new_rows) + new_rows + b"\nendstream"
    return data[:xref_at] + b"%d 0 obj\n" % xnum + body + b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at


# ---------------------------------------------------------------------------------------------
# Object streams rewritten as ordinary writers do, and object-stream headers that do not say what
# the cross-reference entries say.
# ---------------------------------------------------------------------------------------------

EVIL_FONT = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
             b"/BaseEncoding /WinAnsiEncoding /Differences [49 /nine] >> >>")


def signed_with_objstm(certify=False, perm=MDPPerm.FILL_FORMS):
    """Signed document whose page tree root, page font and text field live in object stream 50."""
    objs = base_objects()
    members = {PAGES: objs.pop(PAGES), FONT_F1: objs.pop(FONT_F1), TEXT_FIELD: objs.pop(TEXT_FIELD)}
    objs[50] = objstm(members)
    compressed = {num: (50, i) for i, num in enumerate(members)}
    return signed(objs, kind="stream", compressed=compressed, certify=certify, perm=perm), members


def _xref_stream_update(data, plain, compressed):
    """Appends `plain` ({num: body}) and an xref stream listing them and `compressed` ({num: (stream,
    index)}, type-2 rows), numbers in ascending order."""
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    rows = {}
    for num, body in plain.items():
        rows[num] = bytes([1]) + len(out).to_bytes(4, "big") + (0).to_bytes(2, "big")
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    for num, (stm, index) in compressed.items():
        rows[num] = bytes([2]) + stm.to_bytes(4, "big") + index.to_bytes(2, "big")
    r = mc.reader(data)
    size = max([int(r.trailer["/Size"])] + [num + 1 for num in plain])
    xref_at = len(out)
    rows[size] = bytes([1]) + xref_at.to_bytes(4, "big") + (0).to_bytes(2, "big")
    fields = b"/Root %d 0 R /Info %d 0 R /Prev %d /ID [%s <%s>]" % (
        r.trailer.raw_get("/Root").idnum, INFO, last_startxref(data), mc.ser(r.trailer["/ID"][0]),
        hashlib.md5(bytes(out)).hexdigest().encode())
    index = b" ".join(b"%d 1" % num for num in sorted(rows))
    out += b"%d 0 obj\n" % size + stream(b"".join(rows[n] for n in sorted(rows)),
                                         b"/Type /XRef /Size %d /W [1 4 2] /Index [%s] %s" % (size + 1, index, fields))
    out += b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def _rewrite_objstm(data, members, num, body):
    """An update that writes object stream 50 anew with member `num` changed to `body`, and lists
    every member again with the very entry it had (as writers that rewrite an object stream do)."""
    members = dict(members)
    members[num] = body
    return _xref_stream_update(data, {50: objstm(members)}, {num: (50, i) for i, num in enumerate(members)})


@case("reject", "object stream 50 rewritten, its members listed again unchanged: page font given /Differences")
def objstm_rewritten_font(out):
    data, members = signed_with_objstm()
    return _rewrite_objstm(data, members, FONT_F1, EVIL_FONT)


@case("reject", "object stream 50 rewritten, its members listed again unchanged: /Rotate 90 on /Pages")
def objstm_rewritten_rotate(out):
    data, members = signed_with_objstm()
    return _rewrite_objstm(data, members, PAGES, members[PAGES].replace(b"/Count 3", b"/Count 3 /Rotate 90"))


@case("reject", "certified P=1; object stream 50 rewritten, its members listed again unchanged: a field value set")
def objstm_rewritten_field_value(out):
    data, members = signed_with_objstm(certify=True, perm=MDPPerm.NO_CHANGES)
    return _rewrite_objstm(data, members, TEXT_FIELD, members[TEXT_FIELD].replace(b"/V ()", b"/V (Mallory)"))


@case("reject", "the page font's entry moved to index 2 of object stream 50, whose header holds object 10 there "
                "(qpdf finds the font by number, pdf.js by index)")
def objstm_header_wrong_index(out):
    data, _ = signed_with_objstm()
    return _xref_stream_update(data, {}, {FONT_F1: (50, 2)})


@case("reject", "a new object stream whose header lists the page font twice (first a font with /Differences)")
def objstm_header_repeated(out):
    data, _ = signed_with_objstm()
    n = mc.next_num(data)
    header, body = b"", b""
    for font in (EVIL_FONT, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"):
        header += b"%d %d " % (FONT_F1, len(body))
        body += font + b"\n"
    stm = stream(header + body, b"/Type /ObjStm /N 2 /First %d" % len(header))
    return _xref_stream_update(data, {n: stm}, {FONT_F1: (n, 1)})


@case("reject", "hybrid update: /XRefStm stream gives obj 12 (content) a new definition the table lists as free")
def hybrid_xrefstm(out):
    data = signed()
    upd = append_update(data, {INFO: with_entries(data, INFO, Title=b"(hybrid)")}, xref="table")
    # add: new object 12 and an xref stream holding it, referenced by /XRefStm from the table trailer
    xref_at = last_startxref(upd)
    head = upd[:xref_at]
    table = upd[xref_at:upd.rindex(b"startxref")]
    obj_at = len(head)
    head += b"12 0 obj\n" + PAGE1_CONTENT_900 + b"\nendobj\n"
    xs_num = 60
    xs_at = len(head)
    rows = bytes([1]) + obj_at.to_bytes(4, "big") + (0).to_bytes(2, "big") + \
        bytes([1]) + xs_at.to_bytes(4, "big") + (0).to_bytes(2, "big")
    head += b"%d 0 obj\n" % xs_num + stream(rows, b"/Type /XRef /Size 61 /W [1 4 2] /Index [12 1 60 1]") + b"\nendobj\n"
    new_xref = len(head)
    table = table.replace(b"trailer\n<< /Size %d" % int(re.findall(rb"/Size (\d+)", table)[-1]),
                          b"trailer\n<< /Size 61 /XRefStm %d" % xs_at)
    return head + table + b"startxref\n%d\n%%%%EOF\n" % new_xref


# ---------------------------------------------------------------------------------------------
# Role classification.
# ---------------------------------------------------------------------------------------------

@case("reject", "a form XObject drawn by page 1 is also listed in the AcroForm /DR; its stream data "
                "(same /Length) redefined to say 900 EUR")
def dr_shared_xobject_stream(out):
    objs = base_objects()
    x = b"BT /F1 12 Tf 0 0 Td (The buyer pays 100 EUR.) Tj ET"
    objs[20] = stream(x, b"/Type /XObject /Subtype /Form /BBox [0 0 300 30] /Resources << /Font << /F1 %d 0 R >> >>" % FONT_F1)
    objs[CONTENT1] = stream(b"BT /F1 24 Tf 72 730 Td (Purchase contract) Tj ET\nq 1 0 0 1 72 620 cm /X1 Do Q\n")
    objs[PAGE1] = objs[PAGE1].replace(b"/Font << /F1 7 0 R >>", b"/Font << /F1 7 0 R >> /XObject << /X1 20 0 R >>")
    objs[ACROFORM] = objs[ACROFORM].replace(b"/DR << /Font << /Helv 8 0 R >>", b"/DR << /Font << /Helv 8 0 R >> /XObject << /X1 20 0 R >>")
    data = signed(objs)
    new = same_length(x, b"BT /F1 12 Tf 0 0 Td (The buyer pays 900 EUR.) Tj ET")
    return append_update(data, {20: stream(new, b"/Type /XObject /Subtype /Form /BBox [0 0 300 30] /Resources << /Font << /F1 %d 0 R >> >>" % FONT_F1)})


@case("reject", "page 1's content stream is also listed under /Info (/Thumb): its data replaced, same /Length")
def info_shared_content(out):
    objs = base_objects()
    objs[INFO] = b"<< /Title (Signet) /Producer (review) /Thumb %d 0 R >>" % CONTENT1
    data = signed(objs)
    old = mc.PAGE1_TEXT
    new = same_length(old, old.replace(b"100 EUR", b"900 EUR"))
    return append_update(data, {CONTENT1: stream(new)})


@case("reject", "page 2 /Contents and /Annots are the same array object; the update appends a stream that is "
                "page content (overlay) and also a hidden /Text annotation")
def shared_contents_annots_array(out):
    objs = base_objects()
    objs[40] = b"[%d 0 R]" % CONTENT2
    objs[mc.PAGE2] = objs[mc.PAGE2].replace(b"/Contents %d 0 R" % CONTENT2, b"/Contents 40 0 R /Annots 40 0 R")
    data = signed(objs)
    n = next_num(data)
    overlay = stream(b"1 1 1 rg 66 710 400 28 re f 0 g BT /F1 12 Tf 72 720 Td (Page 2: delivery within 300 days.) Tj ET",
                     b"/Type /Annot /Subtype /Text /Rect [0 0 0 0] /F 2")
    return append_update(data, {n: overlay, 40: b"[%d 0 R %d 0 R]" % (CONTENT2, n)})


@case("reject", "control: page 2 /Contents array doubles as a field group's /Kids (certified P=2); "
                "overlay stream added that is also an empty signature field")
def shared_contents_fields_array(out):
    objs = base_objects()
    objs[40] = b"[%d 0 R]" % CONTENT2
    objs[mc.PAGE2] = objs[mc.PAGE2].replace(b"/Contents %d 0 R" % CONTENT2, b"/Contents 40 0 R")
    # the form's /Fields is an array [10 11]; page 2's content array doubles as a field-list branch: a
    # non-terminal field whose /Kids is the content array
    objs[41] = b"<< /T (grp) /Kids 40 0 R >>"
    objs[ACROFORM] = objs[ACROFORM].replace(b"/Fields [10 0 R 11 0 R]", b"/Fields [10 0 R 11 0 R 41 0 R]")
    data = signed(objs, certify=True, perm=MDPPerm.FILL_FORMS)
    n = next_num(data)
    overlay = stream(b"1 1 1 rg 66 710 400 28 re f 0 g BT /F1 12 Tf 72 720 Td (Page 2: delivery within 300 days.) Tj ET",
                     b"/FT /Sig /T (s2) /Parent 41 0 R")
    return append_update(data, {n: overlay, 40: b"[%d 0 R %d 0 R]" % (CONTENT2, n)})


@case("reject", "page 1 /Parent is an orphan /Pages node (not in the tree) holding inherited /Rotate; "
                "the update rotates the page via that node (pdf.js/MuPDF follow /Parent)")
def orphan_parent_inherited(out):
    objs = base_objects()
    objs[PAGE1] = objs[PAGE1].replace(b"/Parent 2 0 R", b"/Parent 60 0 R")
    objs[60] = b"<< /Type /Pages /Kids [4 0 R] /Count 1 /Parent 2 0 R >>"
    data = signed(objs)
    return append_update(data, {60: b"<< /Type /Pages /Kids [4 0 R] /Count 1 /Parent 2 0 R /Rotate 180 "
                                     b"/CropBox [0 600 300 792] >>"})


def base_with_link():
    objs = base_objects()
    objs[30] = b"<< /Type /Annot /Subtype /Link /Rect [72 640 300 670] /Border [0 0 0] /A << /S /URI /URI (https://example.com/terms) >> >>"
    objs[31] = b"<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /Contents (note) /F 4 >>"
    objs[mc.PAGE2] = objs[mc.PAGE2].replace(b"/Contents", b"/Annots [30 0 R 31 0 R] /Contents")
    return objs


@case("reject", "an existing Link annotation's /A URI action rewritten into a JavaScript action")
def link_action_to_js(out):
    data = signed(base_with_link())
    return append_update(data, {30: b"<< /Type /Annot /Subtype /Link /Rect [72 640 300 670] /Border [0 0 0] "
                                     b"/A << /S /JavaScript /JS (app.launchURL\\('https://evil.example/'\\);) >> >>"})


@case("reject", "an existing Link annotation's /A action changed to /Launch an executable")
def link_action_to_launch(out):
    data = signed(base_with_link())
    return append_update(data, {30: b"<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /Border [0 0 0] "
                                     b"/A << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>"})


@case("reject", "an existing Text annotation turned into a FileAttachment with an embedded file (adding one is 'other')")
def text_annot_to_fileattachment(out):
    data = signed(base_with_link())
    n = next_num(data)
    return append_update(data, {
        31: b"<< /Type /Annot /Subtype /FileAttachment /Rect [400 700 420 720] /F 4 /Name /PushPin "
            b"/FS << /Type /Filespec /F (invoice.exe) /EF << /F %d 0 R >> >> >>" % n,
        n: stream(b"MZ evil payload", b"/Type /EmbeddedFile")})


@case("reject", "an existing Text annotation turned into a Screen/Widget-less /Subtype /Link with a JavaScript /A "
                "(control: actions newly added)")
def text_annot_add_action(out):
    data = signed(base_with_link())
    return append_update(data, {31: b"<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /F 4 "
                                     b"/A << /S /JavaScript /JS (1) >> >>"})


def base_with_field_js():
    objs = base_objects()
    objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/FT /Tx", b"/FT /Tx /AA 40 0 R")
    objs[40] = b"<< /K 41 0 R /F 42 0 R >>"
    objs[41] = b"<< /S /JavaScript /JS (AFNumber_Keystroke\\(2, 0, 0, 0, \"\", true\\);) >>"
    objs[42] = b"<< /S /JavaScript /JS (AFNumber_Format\\(2, 0, 0, 0, \"\", true\\);) >>"
    return objs


@case("reject", "certified P=2; the text field's (indirect) keystroke JavaScript action redefined")
def field_js_action_redefined(out):
    data = signed(base_with_field_js(), certify=True, perm=MDPPerm.FILL_FORMS)
    return append_update(data, {41: b"<< /S /JavaScript /JS (app.launchURL\\('https://evil.example/'\\); "
                                     b"this.getField\\('Buyer'\\).value='x';) >>"})


@case("reject", "certified P=2; the text field's indirect /AA dictionary gains a /Fo (on focus) JavaScript action")
def field_aa_dict_redefined(out):
    data = signed(base_with_field_js(), certify=True, perm=MDPPerm.FILL_FORMS)
    return append_update(data, {40: b"<< /K 41 0 R /F 42 0 R /Fo << /S /JavaScript /JS (app.alert\\(1\\)) >> >>"})


@case("reject", "certified P=2; the text field's /AA added directly (control)")
def field_aa_added_direct(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    return append_update(data, {TEXT_FIELD: with_entries(data, TEXT_FIELD, AA=b"<< /Fo << /S /JavaScript /JS (1) >> >>")})


def base_locked(indirect_value=False):
    objs = base_objects()
    objs[SIG_FIELD] = objs[SIG_FIELD].replace(
        b"/FT /Sig", b"/FT /Sig /Lock << /Type /SigFieldLock /Action /Include /Fields [(Buyer)] >>")
    if indirect_value:
        objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/V ()", b"/V 43 0 R")
        objs[43] = b"(100 EUR)"
    objs[TEXT_FIELD_AP] = stream(same_length(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (100 EUR) Tj ET EMC" + b" " * 8,
                                             b"/Tx BMC BT /Helv 10 Tf 2 6 Td (100 EUR) Tj ET EMC"),
                                 b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv 8 0 R >> >>")
    return objs


@case("reject", "FieldMDP lock on Buyer (approval signature): Buyer's appearance stream redefined in place to show 9999")
def locked_field_ap_stream(out):
    data = signed(base_locked())
    return append_update(data, {TEXT_FIELD_AP: stream(
        same_length(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (100 EUR) Tj ET EMC" + b" " * 8, b"/Tx BMC BT /Helv 10 Tf 2 6 Td (9999 EUR) Tj ET EMC"),
        b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv 8 0 R >> >>")})


@case("reject", "FieldMDP lock on Buyer (approval signature): Buyer's indirect /V object redefined")
def locked_field_indirect_value(out):
    data = signed(base_locked(indirect_value=True))
    return append_update(data, {43: b"(9999 EUR)"})


@case("reject", "FieldMDP lock on Buyer: /V changed directly (control)")
def locked_field_direct_value(out):
    data = signed(base_locked())
    return append_update(data, {TEXT_FIELD: with_entries(data, TEXT_FIELD, V=b"(9999)")})


@case("reject", "signed signature field: its widget's /AP stream (indirect) redefined (control)")
def signed_sig_appearance(out):
    objs = base_objects()
    objs[SIG_FIELD] = objs[SIG_FIELD].replace(b"/Rect [0 0 0 0] /F 132", b"/Rect [300 60 560 100] /F 4 /AP << /N 44 0 R >>")
    objs[44] = stream(b"BT /F1 10 Tf 4 20 Td (Signed by Alice) Tj ET", b"/Type /XObject /Subtype /Form /BBox [0 0 260 40] /Resources << /Font << /F1 7 0 R >> >>")
    data = signed(objs)
    ap = mc.latest(data, SIG_FIELD)["/AP"].raw_get("/N").idnum  # pyHanko regenerates the widget's appearance
    return append_update(data, {ap: stream(b"BT /F1 10 Tf 4 20 Td (Signed by Mallory) Tj ET",
                                           b"/Type /XObject /Subtype /Form /BBox [0 0 260 40] /Resources << /Font << /F1 7 0 R >> >>")})


@case("reject", "XFA datasets stream (under /AcroForm /XFA) redefined, same length: changes what XFA viewers show")
def xfa_datasets(out):
    objs = base_objects()
    ds = b"<xfa:datasets xmlns:xfa=\"http://www.xfa.org/schema/xfa-data/1.0/\"><xfa:data><Buyer>100 EUR</Buyer></xfa:data></xfa:datasets>"
    objs[45] = stream(ds)
    objs[ACROFORM] = objs[ACROFORM].replace(b"/DA (", b"/XFA [(datasets) 45 0 R] /DA (")
    data = signed(objs, certify=True, perm=MDPPerm.NO_CHANGES)
    return append_update(data, {45: stream(ds.replace(b"100 EUR", b"900 EUR"))})


@case("reject", "certified P=1: the page's font program shared with /DR (Type3 glyph procedure '1' redrawn)")
def dr_shared_type3_glyph(out):
    objs = base_objects()
    glyph = b"600 0 0 0 600 700 d1 0 0 m 600 0 l 600 700 l f"
    objs[FONT_F1] = (b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix [0.001 0 0 0.001 0 0] "
                     b"/CharProcs << /one 46 0 R >> /Encoding << /Type /Encoding /Differences [49 /one] >> "
                     b"/FirstChar 49 /LastChar 49 /Widths [600] /Resources << >> >>")
    objs[46] = stream(glyph + b" " * 20)
    objs[ACROFORM] = objs[ACROFORM].replace(b"/Helv 8 0 R", b"/Helv 8 0 R /F1 7 0 R")
    data = signed(objs, certify=True, perm=MDPPerm.NO_CHANGES)
    return append_update(data, {46: stream(same_length(glyph + b" " * 20, b"600 0 0 0 600 700 d1 0 350 m 600 350 l 600 700 l f"))})


# ---------------------------------------------------------------------------------------------
# Signatures.
# ---------------------------------------------------------------------------------------------

def visible_doc_timestamp(data, rect=(66, 640, 366, 668)):
    """A document timestamp in a new *visible* field whose appearance paints over page 1's price."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils import generic as g
    from pyhanko.sign import signers
    w = IncrementalPdfFileWriter(BytesIO(data))
    ap = g.StreamObject({g.NameObject("/Type"): g.NameObject("/XObject"), g.NameObject("/Subtype"): g.NameObject("/Form"),
                         g.NameObject("/BBox"): g.ArrayObject([g.NumberObject(0), g.NumberObject(0), g.NumberObject(300), g.NumberObject(28)]),
                         g.NameObject("/Resources"): g.DictionaryObject({g.NameObject("/Font"): g.DictionaryObject(
                             {g.NameObject("/F1"): g.IndirectObject(FONT_F1, 0, w)})})},
                        stream_data=b"1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET")
    ap_ref = w.add_object(ap)
    page = w.root["/Pages"]["/Kids"][0]
    page_ref = w.root["/Pages"].raw_get("/Kids")[0]
    widget = g.DictionaryObject({
        g.NameObject("/FT"): g.NameObject("/Sig"), g.NameObject("/T"): g.TextStringObject("Timestamp"),
        g.NameObject("/Type"): g.NameObject("/Annot"), g.NameObject("/Subtype"): g.NameObject("/Widget"),
        g.NameObject("/Rect"): g.ArrayObject([g.NumberObject(v) for v in rect]), g.NameObject("/F"): g.NumberObject(4),
        g.NameObject("/P"): page_ref, g.NameObject("/AP"): g.DictionaryObject({g.NameObject("/N"): ap_ref})})
    wref = w.add_object(widget)
    page["/Annots"].append(wref)
    w.update_container(page)
    form = w.root["/AcroForm"]
    form["/Fields"].append(wref)
    w.update_container(form)
    stamper = signers.PdfTimeStamper(PKI.timestamper(), field_name="Timestamp")
    return stamper.timestamp_pdf(w, "sha256").getvalue()


@case("reject", "certified P=1, then a document timestamp in a new VISIBLE field that paints 900 EUR over the price")
def visible_doc_timestamp_p1(out):
    return visible_doc_timestamp(signed(certify=True, perm=MDPPerm.NO_CHANGES))


@case("reject", "signature dictionary of Signature1 redefined later (/Reason and /M changed) (control)")
def sigdict_redefined(out):
    data = signed()
    n = mc.signature_dict_num(data)
    m = re.search(rb"(?:^|\n)%d 0 obj\s*(.*?)\s*endobj" % n, data, re.S)
    body = m.group(1).replace(b"/Reason (corpus)", b"/Reason (forged)")
    return append_update(data, {n: body})


@case("reject", "a second widget added to the existing signed signature field (control)")
def second_widget_signed_field(out):
    data = signed()
    n = next_num(data)
    sig = mc.latest(data, SIG_FIELD)
    vnum = sig.raw_get("/V").idnum
    ap = n + 1
    parent = (b"<< /FT /Sig /T (Signature1) /V %d 0 R /Kids [%d 0 R %d 0 R] >>" % (vnum, n + 2, n))
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Widget /Parent %d 0 R /Rect [66 640 366 668] /F 4 /P 4 0 R /AP << /N %d 0 R >> >>" % (n + 3, ap),
        ap: stream(b"1 1 1 rg 0 0 300 28 re f", b"/Type /XObject /Subtype /Form /BBox [0 0 300 28]"),
        n + 2: b"<< /Type /Annot /Subtype /Widget /Parent %d 0 R /Rect [0 0 0 0] /F 132 /P 4 0 R >>" % (n + 3),
        n + 3: parent,
        ACROFORM: with_entries(data, ACROFORM, Fields=b"[10 0 R %d 0 R]" % (n + 3)),
        PAGE1: with_entries(data, PAGE1, Annots=b"[10 0 R %d 0 R %d 0 R]" % (n + 2, n)),
    })


@case("reject", "certification /Perms in the catalog repointed at a new P=3 DocMDP dict (control)")
def perms_changed(out):
    data = signed(certify=True, perm=MDPPerm.NO_CHANGES)
    return append_update(data, {CATALOG: with_entries(data, CATALOG, Perms=b"<< >>")})


# ---------------------------------------------------------------------------------------------
# Resource exhaustion.
# ---------------------------------------------------------------------------------------------

@case("any", "deeply nested arrays (200k levels) in an object the update adds to /Info")
def deep_nesting(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {n: b"[" * 200000 + b"]" * 200000, INFO: with_entries(data, INFO, Deep=b"%d 0 R" % n)})


@case("any", "reference cycle: /Info -> a -> b -> a (and the Info self-referencing) with 10000 chained dicts")
def cyclic_chain(out):
    data = signed()
    n = next_num(data)
    objs = {n + i: b"<< /Next %d 0 R /Prev2 %d 0 R >>" % (n + i + 1, n + max(i - 1, 0)) for i in range(10000)}
    objs[n + 10000] = b"<< /Next %d 0 R >>" % n
    objs[INFO] = with_entries(data, INFO, Chain=b"%d 0 R" % n)
    return append_update(data, objs)


@case("any", "update's xref stream with /Index [1 2147483646] and /W [1 8 8]")
def huge_index(out):
    data = signed(kind="stream")
    upd = append_update(data, {INFO: with_entries(data, INFO, Title=b"(big)")})
    return upd.replace(b"/W [1 4 2]", b"/W [8 8 8]").replace(b"/Index [", b"/Index [1 2147483600 ", 1)


@case("any", "update's xref stream: Flate bomb (64 MB of zeros) with PNG predictor rows")
def flate_bomb(out):
    data = signed(kind="stream")
    upd = append_update(data, {INFO: with_entries(data, INFO, Title=b"(bomb)")})
    xref_at = last_startxref(upd)
    m = re.match(rb"(\d+) 0 obj\n<<(.*?)/Length (\d+) >>\nstream\n", upd[xref_at:], re.S)
    comp = zlib.compress(b"\x02" + b"\x00" * 7 + (b"\x02" + b"\x00" * 7) * (60 << 20 // 8), 9)
    d = m.group(2).replace(b"/Index [", b"/Index [0 7000000 ").replace(b"/Size", b"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> /Size")
    body = b"<<" + d + b"/Length %d >>\nstream\n" % len(comp) + comp + b"\nendstream"
    return upd[:xref_at] + m.group(1) + b" 0 obj\n" + body + b"\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at


@case("any", "300 chained updates each changing /Info (time)")
def many_revisions(out):
    data = signed()
    for i in range(300):
        data = append_update(data, {INFO: b"<< /Title (rev %d) >>" % i})
    return data


@case("any", "table xref with a million entries in the update")
def million_entries(out):
    data = signed()
    upd = append_update(data, {INFO: with_entries(data, INFO, Title=b"(million)")})
    xref_at = last_startxref(upd)
    head = upd[:xref_at]
    big = b"xref\n0 1000000\n" + b"0000000000 65535 f\r\n" + b"0000000000 00001 f\r\n" * 999999
    rest = upd[xref_at:]
    tr = rest[rest.index(b"trailer"):rest.index(b"startxref")]
    info_at = head.rindex(b"\n9 0 obj") + 1
    big += b"9 1\n%010d 00000 n\r\n" % info_at
    return head + big + tr.replace(b"/Size 18", b"/Size 1000000") + b"startxref\n%d\n%%%%EOF\n" % xref_at


@case("any", "stray 'startxref N' comments in an update name 40 decoy xref streams, each a Flate bomb "
             "(60 MB of PNG-predictor rows); signet parses every startxref target")
def stray_startxref_bombs(out):
    data = signed()
    n = next_num(data)
    rows = (b"\x02" + b"\x00" * 7) * ((60 << 20) // 8)
    comp = zlib.compress(rows, 9)
    objs = {}
    for i in range(40):
        objs[n + i] = (b"<< /Type /XRef /Size 5 /W [1 4 2] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> "
                       b"/Length %d >>\nstream\n" % len(comp) + comp + b"\nendstream")
    objs[INFO] = with_entries(data, INFO, Title=b"(bombs)")
    upd = append_update(data, objs)
    offsets = [m.start() + 1 for m in re.finditer(rb"\n(\d+) 0 obj\n<< /Type /XRef /Size 5", upd)]
    at = upd.rindex(b"xref\n")
    comments = b"".join(b"%% startxref %d\n" % o for o in offsets)
    fixed = upd[:at] + comments + upd[at:]
    return fixed[:fixed.rindex(b"startxref")] + b"startxref\n%d\n%%%%EOF\n" % (at + len(comments))


# ---------------------------------------------------------------------------------------------
# Legitimate files that must be accepted.
# ---------------------------------------------------------------------------------------------

@case("accept", "pyHanko: signed, then the text field filled through IncrementalPdfFileWriter (+ appearance)")
def legit_pyhanko_form_fill(out):
    return fill_buyer(signed(certify=True, perm=MDPPerm.FILL_FORMS), "Alice Example", appearance=True)


def fill_buyer(data, text, appearance=False):
    """An incremental update through pyHanko's writer giving the first field (Buyer) the value
    `text`, and with `appearance` a regenerated appearance stream showing it."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils import generic as g
    w = IncrementalPdfFileWriter(BytesIO(data))
    ref = w.root["/AcroForm"]["/Fields"].raw_get(0)
    field = ref.get_object()
    field["/V"] = g.TextStringObject(text)
    if appearance:
        ap = g.StreamObject({g.NameObject("/Type"): g.NameObject("/XObject"), g.NameObject("/Subtype"): g.NameObject("/Form"),
                             g.NameObject("/BBox"): g.ArrayObject([g.NumberObject(0), g.NumberObject(0), g.NumberObject(228), g.NumberObject(20)])},
                            stream_data=b"/Tx BMC BT /Helv 10 Tf 2 6 Td (%s) Tj ET EMC" % text.encode())
        field["/AP"] = g.DictionaryObject({g.NameObject("/N"): w.add_object(ap)})
    w.mark_update(ref)
    buf = BytesIO()
    w.write(buf)
    return buf.getvalue()


@case("accept", "pyHanko: signed, then add_validation_info (DSS, VRI)")
def legit_pyhanko_add_validation_info(out):
    from pyhanko.sign.validation import add_validation_info
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko_certvalidator import ValidationContext
    data = signed()
    r = PdfFileReader(BytesIO(data))
    vc = ValidationContext(trust_roots=[PKI.asn1_cert(PKI.root)], allow_fetching=False,
                           revocation_mode="soft-fail", moment=mc.SIGNING_TIME)
    buf = BytesIO(data)
    add_validation_info(r.embedded_signatures[0], vc, in_place=True, output=buf)
    return buf.getvalue()


@case("accept", "pyHanko: signed, second signature in a new visible field via signers.sign_pdf")
def legit_pyhanko_second_visible(out):
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers, fields
    data = signed()
    w = IncrementalPdfFileWriter(BytesIO(data))
    meta = signers.PdfSignatureMetadata(field_name="Second")
    return signers.sign_pdf(w, meta, signer=PKI.signer(PKI.signer2),
                            new_field_spec=fields.SigFieldSpec("Second", box=(300, 60, 560, 100))).getvalue()


@case("accept", "pyHanko: certified P=2, second signature + doc timestamp + DSS")
def legit_pyhanko_p2_chain(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    data = mc.sign(data, PKI, field="Signature2", who=PKI.signer2)
    data = mc.doc_timestamp(data, PKI)
    return data


# ---------------------------------------------------------------------------------------------
# Widgets: every widget of a field, every way it can show.
# ---------------------------------------------------------------------------------------------

PRICE_RECT = b"[66 640 366 668]"
WHITE_AP = stream(b"1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET",
                  b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /F1 7 0 R >> >>")


def _empty_sig_field(data, widgets):
    """An update adding an empty signature field 'Later' whose widgets are `widgets` (dict bodies
    without /Parent), all on page 1; object numbers from the file's /Size on."""
    n = next_num(data)
    field, ap = n, n + 1
    kids = list(range(n + 2, n + 2 + len(widgets)))
    objs = {field: b"<< /FT /Sig /T (Later) /Kids %s >>" % mc.refs(kids), ap: WHITE_AP}
    for k, body in zip(kids, widgets):
        objs[k] = b"<< /Type /Annot /Subtype /Widget /Parent %d 0 R /P 4 0 R %s >>" % (field, body % {b"ap": ap})
    objs[ACROFORM] = mc.fields_plus(data, field)
    objs[PAGE1] = annots_plus(data, PAGE1, *kids)
    return append_update(data, objs)


@case("reject", "certified P=2: an empty signature field whose first widget is invisible and whose second "
                "widget paints 900 EUR over the price")
def second_widget_overlay_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    return _empty_sig_field(data, [b"/Rect [0 0 0 0] /F 4",
                                   b"/Rect " + PRICE_RECT + b" /F 4 /AP << /N %(ap)d 0 R >>"])


@case("reject", "certified P=2: an empty signature field's widget is NoView|Print (hidden on screen, printed) "
                "and paints 900 EUR over the price")
def noview_print_widget_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    return _empty_sig_field(data, [b"/Rect " + PRICE_RECT + b" /F 36 /AP << /N %(ap)d 0 R >>"])


@case("reject", "certified P=2: an empty signature field's widget has no /AP but an /MK white background over "
                "the price (viewers draw the box)")
def mk_background_widget_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    return _empty_sig_field(data, [b"/Rect " + PRICE_RECT + b" /F 4 /MK << /BG [1 1 1] >>"])


@case("accept", "certified P=2: an empty invisible signature field (zero rectangle; control)")
def empty_invisible_sig_field_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    return _empty_sig_field(data, [b"/Rect [0 0 0 0] /F 132"])


@case("reject", "certified P=2: a FreeText annotation tagged /FT /Sig added to the fields and page 1, "
                "drawn over the price")
def freetext_posing_as_sig_field(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /FreeText /FT /Sig /T (Later) /Rect %s /P 4 0 R /DA (/Helv 12 Tf 0 g) "
           b"/Contents (The buyer pays 900 EUR.) /AP << /N %d 0 R >> >>" % (PRICE_RECT, n + 1),
        n + 1: WHITE_AP,
        ACROFORM: mc.fields_plus(data, n),
        PAGE1: annots_plus(data, PAGE1, n),
    })


# ---------------------------------------------------------------------------------------------
# The form's appearance inputs (/DR, /DA, /NeedAppearances) belong to the fields they re-render.
# ---------------------------------------------------------------------------------------------

NINES_FONT = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding "
              b"/BaseEncoding /WinAnsiEncoding /Differences [48 /nine /nine /nine /nine /nine /nine /nine /nine "
              b"/nine /nine] >> >>")


def _filled_locked():
    """Buyer holds 100 EUR (value and appearance) and is locked by the approval signature."""
    objs = base_locked()
    objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/V ()", b"/V (100 EUR)")
    return objs


@case("reject", "FieldMDP lock on Buyer: /NeedAppearances true and /DR /Helv swapped for a font that draws "
                "every digit as 9 (the locked 100 EUR shows as 999 EUR)")
def locked_dr_font_swap(out):
    data = signed(_filled_locked())
    n = next_num(data)
    return append_update(data, {
        n: NINES_FONT,
        ACROFORM: with_entries(data, ACROFORM, NeedAppearances=b"true", DR=b"<< /Font << /Helv %d 0 R >> >>" % n),
    })


@case("reject", "FieldMDP lock on Buyer: /NeedAppearances true and the form's /DA changed (viewers redraw the "
                "locked field)")
def locked_needappearances_da(out):
    data = signed(_filled_locked())
    return append_update(data, {
        ACROFORM: with_entries(data, ACROFORM, NeedAppearances=b"true", DA=b"(/Helv 30 Tf 1 0 0 rg)"),
    })


@case("reject", "certified P=2: the form's /DR /Helv replaced by a font that draws every digit as 9")
def dr_font_replaced_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    n = next_num(data)
    return append_update(data, {
        n: NINES_FONT, ACROFORM: with_entries(data, ACROFORM, DR=b"<< /Font << /Helv %d 0 R >> >>" % n)})


@case("accept", "certified P=2: a font added to the form's /DR under a new name, and /NeedAppearances set "
                "(no field is locked; control)")
def dr_font_added_p2(out):
    data = signed(certify=True, perm=MDPPerm.FILL_FORMS)
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
        ACROFORM: with_entries(data, ACROFORM, NeedAppearances=b"true",
                               DR=b"<< /Font << /Helv 8 0 R /Cour %d 0 R >> >>" % n),
    })


# ---------------------------------------------------------------------------------------------
# pyHanko's FieldMDP references carry /Data -> the catalog: a back-edge, never a role.
# ---------------------------------------------------------------------------------------------

def _certified_with_lock(locked):
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers, fields
    data = write_objs(base_objects())
    w = IncrementalPdfFileWriter(BytesIO(data))
    meta = signers.PdfSignatureMetadata(field_name="Certifier", certify=True, docmdp_permissions=MDPPerm.FILL_FORMS,
                                        md_algorithm="sha256")
    spec = fields.SigFieldSpec("Certifier", field_mdp_spec=fields.FieldMDPSpec(fields.FieldMDPAction.INCLUDE, locked))
    return signers.sign_pdf(w, meta, signer=PKI.signer(PKI.signer1), new_field_spec=spec).getvalue()


@case("accept", "pyHanko: certified P=2 with a FieldMDP lock on another field (/Data -> catalog), then Buyer filled")
def legit_pyhanko_fieldmdp_unlocked_fill(out):
    return fill_buyer(_certified_with_lock(["Seller"]), "Alice Example")


@case("reject", "pyHanko: certified P=2 with a FieldMDP lock on Buyer (/Data -> catalog), then Buyer filled (control)")
def pyhanko_fieldmdp_locked_fill(out):
    return fill_buyer(_certified_with_lock(["Buyer"]), "Mallory")


# ---------------------------------------------------------------------------------------------
# Overlays (Mainka et al., IEEE S&P 2021): what a signature permits may not hide what it signed.
# Evil Annotation: an opaque markup annotation over the signed price; Sneaky Signature: a later
# signature whose visible widget paints over it. The same objects in blank space stay permitted.
# ---------------------------------------------------------------------------------------------

BLANK_RECT = b"[300 60 600 88]"


def _annotation_over(data, subtype, rect=PRICE_RECT, extra=b"", flags=4):
    """An update adding a /`subtype` annotation at `rect` on page 1 whose appearance is WHITE_AP
    (a white box and "The buyer pays 900 EUR.")."""
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /%s /Rect %s /F %d /P 4 0 R /Contents (900) %s/AP << /N %d 0 R >> >>"
           % (subtype, rect, flags, extra, n + 1),
        n + 1: WHITE_AP,
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "Evil Annotation: approval signature, then an opaque FreeText over the signed price")
def overlay_freetext_over_price(out):
    return _annotation_over(signed(), b"FreeText", extra=b"/DA (/Helv 12 Tf 0 g) ")


@case("reject", "Evil Annotation: approval signature, then an opaque Stamp over the signed price")
def overlay_stamp_over_price(out):
    return _annotation_over(signed(), b"Stamp")


@case("reject", "Evil Annotation: approval signature, then an opaque (white-filled) Square over the signed price")
def overlay_square_over_price(out):
    return _annotation_over(signed(), b"Square", extra=b"/IC [1 1 1] ")


@case("reject", "Evil Annotation: approval signature, then a Redact annotation (not applied) whose appearance "
                "paints over the signed price")
def overlay_redact_over_price(out):
    return _annotation_over(signed(), b"Redact")


@case("reject", "Evil Annotation: approval signature, then an opaque Stamp over the price that is hidden on "
                "screen and printed (NoView|Print): compared as printed")
def overlay_noview_print_stamp_over_price(out):
    return _annotation_over(signed(), b"Stamp", flags=36)


@case("accept", "approval signature, then the same opaque Stamp in blank space (control)")
def overlay_stamp_blank_space(out):
    return _annotation_over(signed(), b"Stamp", rect=BLANK_RECT)


# A form without /BBox: poppler draws nothing for it, so its render hides nothing; MuPDF draws a
# nested one unclipped and pdf.js stretches [0 0 1 1] over the /Rect for an appearance.
UNIT_SQUARE_AP = stream(b"q 0.003333 0 0 0.035714 0 0 cm 1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td "
                        b"(The buyer pays 900 EUR.) Tj ET Q",
                        b"/Type /XObject /Subtype /Form /Resources << /Font << /F1 7 0 R >> >>")


@case("reject", "approval signature, then a Stamp over the price whose appearance has no /BBox and paints 900 EUR "
                "in the unit square (pdf.js stretches it over the /Rect; poppler draws nothing)")
def overlay_appearance_without_bbox(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N %d 0 R >> >>" % (PRICE_RECT, n + 1),
        n + 1: UNIT_SQUARE_AP,
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a Stamp over the price whose appearance draws a nested form without "
                "/BBox painting 900 EUR (MuPDF draws it; poppler draws nothing)")
def overlay_nested_form_without_bbox(out):
    data = signed()
    n = next_num(data)
    inner = stream(b"1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET",
                   b"/Type /XObject /Subtype /Form /Resources << /Font << /F1 7 0 R >> >>")
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N %d 0 R >> >>" % (PRICE_RECT, n + 1),
        n + 1: stream(b"/X0 Do", b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] "
                                 b"/Resources << /XObject << /X0 %d 0 R >> >>" % (n + 2)),
        n + 2: inner,
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a Stamp over the price whose /AP /N is an array holding its appearance "
                "(MuPDF draws a DRAFT stamp of its own there, poppler draws nothing)")
def overlay_normal_appearance_array(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N [%d 0 R] >> >>" % (PRICE_RECT, n + 1),
        n + 1: WHITE_AP,
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a Text note in blank space whose open Popup covers the price and shows "
                "900 EUR (Acrobat draws the pop-up window; poppler draws no pop-up)")
def overlay_open_popup_over_price(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Text /Rect [300 60 320 80] /F 4 /P 4 0 R /Contents (The buyer pays 900 EUR.) "
           b"/Open true /Popup %d 0 R >>" % (n + 1),
        n + 1: b"<< /Type /Annot /Subtype /Popup /Rect %s /Open true /Parent %d 0 R /P 4 0 R >>" % (PRICE_RECT, n),
        PAGE1: annots_plus(data, PAGE1, n, n + 1),
    })


@case("reject", "approval signature, then a Text note in blank space shown open with no Popup annotation, its "
                "contents 900 EUR (pdf.js and Acrobat open a window of their own for it; poppler draws none)")
def overlay_open_note_without_popup(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Text /Rect [300 60 320 80] /F 4 /P 4 0 R /Contents (The buyer pays 900 EUR.) "
           b"/Open true >>",
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("accept", "approval signature, then a closed Text note in blank space with no Popup annotation (a comment, "
                "shown as an icon)")
def overlay_closed_note_without_popup(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Text /Rect [300 60 320 80] /F 4 /P 4 0 R /Contents (Looks good.) >>",
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a Stamp over the price whose normal appearance is empty and whose "
                "rollover (/R) and down (/D) appearances paint 900 EUR (shown under the pointer)")
def overlay_rollover_appearance(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N %d 0 R /R %d 0 R /D %d 0 R >> >>"
           % (PRICE_RECT, n + 1, n + 2, n + 2),
        n + 1: stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 300 28]"),
        n + 2: WHITE_AP,
        PAGE1: annots_plus(data, PAGE1, n),
    })


def _stamp_on_pages_1_and_2(rect):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /AP << /N %d 0 R >> >>" % (rect, n + 1),
        n + 1: WHITE_AP,
        PAGE1: annots_plus(data, PAGE1, n),
        PAGE2: annots_plus(data, PAGE2, n),
    })


@case("reject", "approval signature, then one opaque Stamp over page 1's price listed in the /Annots of page 1 "
                "and of page 2 (blank there): readers draw it on both pages")
def overlay_stamp_listed_on_two_pages(out):
    return _stamp_on_pages_1_and_2(PRICE_RECT)


@case("accept", "approval signature, then one Stamp in blank space listed on pages 1 and 2 (control)")
def overlay_stamp_listed_on_two_pages_blank(out):
    return _stamp_on_pages_1_and_2(BLANK_RECT)


CANCELLED_AP = stream(b"1 0 0 RG 4 w 2 2 296 24 re S 1 0 0 rg BT /F1 18 Tf 90 6 Td (CANCELLED) Tj ET",
                      b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /F1 7 0 R >> >>")


def _signed_with_stamp_removed(ap):
    """Signed with a Stamp (object 30, drawn by 31 = `ap`) over the price; an update takes it off page 1."""
    objs = base_objects()
    objs[30] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 31 0 R >> >>" % PRICE_RECT
    objs[31] = ap
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [10 0 R 11 0 R]", b"/Annots [10 0 R 11 0 R 30 0 R]")
    data = signed(objs)
    page = ser(latest(data, PAGE1))
    assert b" 30 0 R ]" in page
    return append_update(data, {PAGE1: page.replace(b" 30 0 R ]", b" ]")})


@case("reject", "signed with a red CANCELLED Stamp over the price; after the approval signature the Stamp is taken "
                "off page 1 (setting it Hidden is caught the same way)")
def overlay_signed_stamp_removed(out):
    return _signed_with_stamp_removed(CANCELLED_AP)


@case("accept", "signed with a Stamp that draws nothing; the Stamp taken off page 1 (control)")
def overlay_signed_empty_stamp_removed(out):
    return _signed_with_stamp_removed(stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 300 28]"))


@case("reject", "Evil Annotation through a form field: an empty signature field over the price, invisible when "
                "signed (no appearance); after an approval signature its widget gets one reading 900 EUR")
def overlay_empty_sig_field_appearance(out):
    objs = base_objects()
    later = next(n for n in range(20, 100) if n not in objs)
    objs[later] = b"<< /FT /Sig /T (Later) /Type /Annot /Subtype /Widget /Rect %s /F 4 /P 4 0 R >>" % PRICE_RECT
    objs[ACROFORM] = objs[ACROFORM].replace(b"/Fields [", b"/Fields [%d 0 R " % later)
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [", b"/Annots [%d 0 R " % later)
    data = signed(objs)
    n = next_num(data)
    return append_update(data, {
        n: WHITE_AP,
        later: with_entries(data, later, AP=b"<< /N %d 0 R >>" % n),
    })


def _second_signature(data, box):
    """A second pyHanko signature in a new field at `box` whose widget is a white box reading
    "The buyer pays 900 EUR."."""
    from pyhanko.pdf_utils.content import RawContent
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils.layout import BoxConstraints
    from pyhanko.sign import fields, signers
    from pyhanko.stamp import TextStampStyle
    w = IncrementalPdfFileWriter(BytesIO(data))
    white = RawContent(b"1 1 1 rg 0 0 300 28 re f", box=BoxConstraints(width=300, height=28))
    style = TextStampStyle(stamp_text="The buyer pays 900 EUR.", border_width=0, background=white,
                           background_opacity=1)
    meta = signers.PdfSignatureMetadata(field_name="Second", md_algorithm="sha256")
    return signers.PdfSigner(meta, signer=PKI.signer(PKI.signer2), stamp_style=style,
                             new_field_spec=fields.SigFieldSpec("Second", box=box)).sign_pdf(w).getvalue()


@case("reject", "Sneaky Signature: certified P=2, then a valid second signature whose widget covers the price")
def overlay_p2_signature_over_price(out):
    return _second_signature(signed(certify=True, perm=MDPPerm.FILL_FORMS), (66, 640, 366, 668))


@case("accept", "certified P=2, then the same second signature in blank space (control)")
def overlay_p2_signature_blank_space(out):
    return _second_signature(signed(certify=True, perm=MDPPerm.FILL_FORMS), (300, 60, 600, 88))


# ---------------------------------------------------------------------------------------------
# Signing an existing empty signature field in place: the writer reuses the field's appearance
# object for the signature's look (pyHanko's form-update-override-appearance-stream.pdf).
# ---------------------------------------------------------------------------------------------

def _sign_in_revision(data, objects, sig_num, pki_party):
    """Appends `objects` plus an adbe.pkcs7.detached signature dictionary `sig_num` in one
    revision, then fills its ByteRange and Contents with a CMS made by `cryptography`."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.serialization import pkcs7
    width = 16384
    placeholder_range = b"[0 0000000000 0000000000 0000000000]"
    objects = dict(objects)
    objects[sig_num] = (b"<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /M (D:20260120120000Z) "
                        b"/ByteRange " + placeholder_range + b" /Contents <" + b"0" * width + b"> >>")
    out = append_update(data, objects)
    at = out.rindex(placeholder_range)
    start = out.index(b"/Contents <", at) + len(b"/Contents ")
    end = start + width + 2
    ranges = b"[0 %010d %010d %010d]" % (start, end, len(out) - end)
    out = out[:at] + ranges + out[at + len(ranges):]
    key, cert = pki_party
    cms = (pkcs7.PKCS7SignatureBuilder().set_data(out[:start] + out[end:]).add_signer(cert, key, hashes.SHA256())
           .sign(serialization.Encoding.DER, [pkcs7.PKCS7Options.DetachedSignature, pkcs7.PKCS7Options.Binary]))
    hexed = cms.hex().encode().ljust(width, b"0")
    return out[:start + 1] + hexed + out[end - 1:]


@case("accept", "approval signature, then an existing empty visible signature field signed in place: its "
                "appearance object is rewritten with the signature's look in the revision that signs it")
def sign_field_reusing_appearance(out):
    objs = base_objects()
    later, ap = 50, 51
    objs[later] = (b"<< /FT /Sig /T (Later) /Type /Annot /Subtype /Widget /Rect [300 60 560 100] /F 4 /P %d 0 R "
                   b"/AP << /N %d 0 R >> >>" % (PAGE1, ap))
    objs[ap] = stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 260 40]")
    objs[ACROFORM] = objs[ACROFORM].replace(b"/Fields [", b"/Fields [%d 0 R " % later)
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [", b"/Annots [%d 0 R " % later)
    data = signed(objs)
    sig = next_num(data)
    return _sign_in_revision(data, {
        ap: stream(b"BT /F1 10 Tf 4 20 Td (Signed by Bob) Tj ET",
                   b"/Type /XObject /Subtype /Form /BBox [0 0 260 40] /Resources << /Font << /F1 7 0 R >> >>"),
        later: with_entries(data, later, V=b"%d 0 R" % sig),
    }, sig, PKI.signer2)


# ---------------------------------------------------------------------------------------------
# Duplicate cross-reference entries: within one section viewers (qpdf, poppler, MuPDF, pdf.js)
# take the first entry for an object; a verifier that takes the last one sees the signed original.
# ---------------------------------------------------------------------------------------------

def _duplicate_entry_update(data, kind):
    """An update that writes page 1's content anew (900 EUR) and lists the content object twice
    in its one section: first at the new text, last at the signed original's offset."""
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    m = re.search(rb"(?:^|[\r\n])%d 0 obj\b" % CONTENT1, data)
    original = m.start() + (1 if data[m.start():m.start() + 1] in (b"\r", b"\n") else 0)
    new_at = len(out)
    out += b"%d 0 obj\n" % CONTENT1 + PAGE1_CONTENT_900 + b"\nendobj\n"
    r = mc.reader(data)
    size = int(r.trailer["/Size"])
    ids = r.trailer["/ID"]
    fields = b"/Root %d 0 R /Prev %d /ID [%s <%s>]" % (
        r.trailer.raw_get("/Root").idnum, last_startxref(data), mc.ser(ids[0]), hashlib.md5(bytes(out)).hexdigest().encode())
    xref_at = len(out)
    if kind == "table":
        out += b"xref\n%d 1\n%010d 00000 n\r\n%d 1\n%010d 00000 n\r\n" % (CONTENT1, new_at, CONTENT1, original)
        out += b"trailer\n<< /Size %d %s >>\n" % (size, fields)
    else:
        row = lambda at: bytes([1]) + at.to_bytes(4, "big") + (0).to_bytes(2, "big")  # noqa: E731
        rows = row(new_at) + row(original) + row(xref_at)
        out += b"%d 0 obj\n" % size + stream(
            rows, b"/Type /XRef /Size %d /W [1 4 2] /Index [%d 1 %d 1 %d 1] %s" % (size + 1, CONTENT1, CONTENT1, size, fields)) \
            + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


@case("reject", "one xref table lists the page content twice: first the new text, last the signed one")
def duplicate_xref_table_entry(out):
    return _duplicate_entry_update(signed(), "table")


@case("reject", "one xref stream's /Index lists the page content twice: first the new text, last the signed one")
def duplicate_xref_stream_index(out):
    return _duplicate_entry_update(signed(), "stream")


# ---------------------------------------------------------------------------------------------
# What readers draw themselves: appearances regenerated from the form (/NeedAppearances) and
# annotations without an appearance stream, and catalog entries that change what is shown.
# ---------------------------------------------------------------------------------------------

PRICE_FIELD_AP = stream(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (100 EUR) Tj ET EMC",
                        b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv 8 0 R >> >>")


def _signed_field_showing_100(value):
    """Signed with field Buyer holding `value` and an appearance that reads "100 EUR"."""
    objs = base_objects()
    objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/V ()", b"/V (%s)" % value)
    objs[TEXT_FIELD_AP] = PRICE_FIELD_AP
    return signed(objs)


@case("reject", "approval signature over field Buyer whose appearance reads 100 EUR and whose value is 900 EUR; "
                "an update sets the form's /NeedAppearances: poppler, pdf.js and Acrobat redraw it as 900 EUR")
def needappearances_redraws_signed_value(out):
    data = _signed_field_showing_100(b"900 EUR")
    return append_update(data, {ACROFORM: with_entries(data, ACROFORM, NeedAppearances=b"true")})


@case("accept", "approval signature over field Buyer reading 100 EUR as value and appearance; /NeedAppearances "
                "set after it (control)")
def needappearances_same_value(out):
    data = _signed_field_showing_100(b"100 EUR")
    return append_update(data, {ACROFORM: with_entries(data, ACROFORM, NeedAppearances=b"true")})


def _annotation_without_appearance(subtype, extra, rect=PRICE_RECT):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /%s /Rect %s /F 4 /P 4 0 R %s >>" % (subtype, rect, extra),
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a white Caret annotation without appearance over the price's 1 "
                "(MuPDF draws a filled caret, poppler nothing)")
def caret_without_appearance(out):
    return _annotation_without_appearance(b"Caret", b"/C [1 1 1]", rect=b"[156 645 166 662]")


@case("accept", "approval signature, then the same white Caret with an appearance stream that draws it (control)")
def caret_with_appearance(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /Annot /Subtype /Caret /Rect [300 60 310 75] /F 4 /P 4 0 R /C [1 1 1] /AP << /N %d 0 R >> >>"
           % (n + 1),
        n + 1: stream(b"1 g 0 0 m 10 0 l 10 7 10 15 5 15 c 5 15 5 7 0 0 c f",
                      b"/Type /XObject /Subtype /Form /BBox [0 0 10 15]"),
        PAGE1: annots_plus(data, PAGE1, n),
    })


@case("reject", "approval signature, then a black-filled Redact annotation without appearance over the price "
                "(MuPDF draws an outline of its own, poppler nothing: one render cannot judge it)")
def redact_without_appearance(out):
    return _annotation_without_appearance(b"Redact", b"/IC [0 0 0] /C [0 0 0]")


@case("reject", "approval signature, then a FreeText without appearance over the price: readers build its "
                "look from /DA, /RC and /Contents, each its own way")
def freetext_without_appearance(out):
    return _annotation_without_appearance(
        b"FreeText", b"/DA (/Helv 12 Tf 0 g) /Contents (The buyer pays 900 EUR.) "
                     b"/RC (<body><p>The buyer pays 900 EUR.</p></body>) /IC [1 1 1] /C [1 1 1]")


@case("reject", "approval signature, then a Stamp without appearance over the price (/Name /Approved)")
def stamp_without_appearance(out):
    return _annotation_without_appearance(b"Stamp", b"/Name /Approved /C [1 1 1]")


@case("reject", "approval signature, then a Square without appearance over the price, filled white (/IC)")
def square_without_appearance(out):
    return _annotation_without_appearance(b"Square", b"/IC [1 1 1] /C [1 1 1]")


def _catalog_update(**entries):
    data = signed()
    return append_update(data, {CATALOG: with_entries(data, CATALOG, **entries)})


@case("reject", "approval signature, then optional content added to the catalog (/OCProperties)")
def catalog_ocproperties_added(out):
    data = signed()
    n = next_num(data)
    return append_update(data, {
        n: b"<< /Type /OCG /Name (x) >>",
        CATALOG: with_entries(data, CATALOG, OCProperties=b"<< /OCGs [%d 0 R] /D << /OFF [%d 0 R] >> >>" % (n, n))})


@case("reject", "approval signature, then /PageLabels added to the catalog (page 1 labelled 2)")
def catalog_pagelabels_added(out):
    return _catalog_update(PageLabels=b"<< /Nums [0 << /St 2 >>] >>")


@case("reject", "approval signature, then /ViewerPreferences added (/Direction /R2L, /DisplayDocTitle)")
def catalog_viewerpreferences_added(out):
    return _catalog_update(ViewerPreferences=b"<< /Direction /R2L /DisplayDocTitle true >>")


def _last_table_patched(data, fn):
    """`data` with the last xref table section (from its `xref` keyword on) passed through `fn`."""
    at = data.rindex(b"\nxref\n") + 1
    return data[:at] + fn(data[at:])


@case("reject", "approval signature, then an opaque Stamp over the price (object 18) in an update whose trailer "
                "/Size is 18, so the object it adds lies past /Size")
def stamp_past_trailer_size(out):
    data = _annotation_over(signed(), b"Stamp")
    n = next_num(signed())
    return _last_table_patched(data, lambda t: t.replace(b"/Size %d" % (n + 2), b"/Size %d" % n))


@case("reject", "approval signature, then an opaque Stamp over the price whose xref row says generation 5 while "
                "it is written and referenced as generation 0 (MuPDF ignores generations)")
def stamp_generation_mismatch(out):
    data = signed()
    n = next_num(data)
    upd = _annotation_over(data, b"Stamp")
    at = upd.rindex(b"\n%d 0 obj" % n) + 1
    return _last_table_patched(upd, lambda t: t.replace(b"%010d 00000 n" % at, b"%010d 00005 n" % at))


@case("reject", "approval signature, then an opaque Stamp over the price written as '18 5 obj' and listed with "
                "generation 5, while page 1 lists it as '18 0 R'")
def stamp_referenced_with_other_generation(out):
    data = signed()
    n = next_num(data)
    upd = _annotation_over(data, b"Stamp")
    at = upd.rindex(b"\n%d 0 obj" % n) + 1
    upd = upd[:at] + b"%d 5 obj" % n + upd[at + len(b"%d 0 obj" % n):]
    return _last_table_patched(upd, lambda t: t.replace(b"%010d 00000 n" % at, b"%010d 00005 n" % at))


HUNDRED_AP = stream(b"1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td (The buyer pays 100 EUR.) Tj ET",
                    b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /F1 7 0 R >> >>")


def _two_stamps_reordered(second_ap):
    """Signed with two opaque Stamps over the price: 30 (900 EUR) under 32 (`second_ap`); an update
    lists them the other way round, so 30 is drawn last, on top."""
    objs = base_objects()
    objs[30] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 31 0 R >> >>" % PRICE_RECT
    objs[31] = WHITE_AP
    objs[32] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 33 0 R >> >>" % PRICE_RECT
    objs[33] = second_ap
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [10 0 R 11 0 R]", b"/Annots [10 0 R 11 0 R 30 0 R 32 0 R]")
    data = signed(objs)
    page = ser(latest(data, PAGE1))
    assert b" 30 0 R 32 0 R ]" in page
    return append_update(data, {PAGE1: page.replace(b" 30 0 R 32 0 R ]", b" 32 0 R 30 0 R ]")})


@case("reject", "signed with two opaque Stamps over the price, 100 EUR drawn on top of 900 EUR; an update swaps "
                "their order in /Annots, so 900 EUR is drawn on top")
def annots_reordered(out):
    return _two_stamps_reordered(HUNDRED_AP)


@case("accept", "signed with two Stamps over the price that draw the same; their order in /Annots swapped (control)")
def annots_reordered_alike(out):
    return _two_stamps_reordered(WHITE_AP)


@case("reject", "approval signature, then a white Ink annotation without appearance, its /Rect in blank space "
                "and its /InkList (10 pt wide) across the signed price: readers draw the points, not the /Rect")
def ink_points_outside_rect(out):
    return _annotation_without_appearance(
        b"Ink", b"/C [1 1 1] /BS << /W 10 >> /InkList [[150 654 200 654]]", rect=BLANK_RECT)


@case("accept", "approval signature, then the same Ink without appearance with its points in blank space (control)")
def ink_points_blank_space(out):
    return _annotation_without_appearance(
        b"Ink", b"/C [0 0 1] /BS << /W 10 >> /InkList [[350 74 500 74]]", rect=BLANK_RECT)


@case("reject", "approval signature, then a white Line without appearance, its /Rect in blank space and its /L "
                "(10 pt wide) across the signed price")
def line_outside_rect(out):
    return _annotation_without_appearance(b"Line", b"/C [1 1 1] /BS << /W 10 >> /L [150 654 200 654]",
                                          rect=BLANK_RECT)


def _shared_appearance(first, second):
    """Signed with two Stamps (30 at `first`, 32 at `second`) drawn by the same empty appearance
    stream 31; an update rewrites 31 as a white box reading 900 EUR."""
    objs = base_objects()
    objs[30] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 31 0 R >> >>" % first
    objs[31] = stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 300 28]")
    objs[32] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 31 0 R >> >>" % second
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [10 0 R 11 0 R]", b"/Annots [10 0 R 11 0 R 30 0 R 32 0 R]")
    data = signed(objs)
    return append_update(data, {31: WHITE_AP})


@case("reject", "signed with two empty Stamps sharing one appearance stream, one in blank space and one over the "
                "price; an update rewrites the shared stream to read 900 EUR")
def shared_appearance_rewritten(out):
    return _shared_appearance(BLANK_RECT, PRICE_RECT)


@case("reject", "the same, the Stamp over the price listed first")
def shared_appearance_rewritten_price_first(out):
    return _shared_appearance(PRICE_RECT, BLANK_RECT)


@case("accept", "the same shared appearance rewritten, both Stamps in blank space (control)")
def shared_appearance_rewritten_blank(out):
    return _shared_appearance(BLANK_RECT, b"[300 100 600 128]")


@case("reject", "signed with a Stamp over the price drawn by field Buyer's appearance stream (empty); an update "
                "rewrites that stream to read 900 EUR (Buyer's value unchanged)")
def appearance_shared_with_field(out):
    objs = base_objects()
    objs[30] = b"<< /Type /Annot /Subtype /Stamp /Rect %s /F 4 /P 4 0 R /AP << /N 13 0 R >> >>" % PRICE_RECT
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [10 0 R 11 0 R]", b"/Annots [30 0 R 10 0 R 11 0 R]")
    data = signed(objs)
    return append_update(data, {
        TEXT_FIELD_AP: stream(b"1 1 1 rg 0 0 300 28 re f 0 g BT /F1 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET",
                              b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /F1 7 0 R >> >>"),
    })



# A form field placed over signed text, empty when signed, filled after an approval signature.
FILL_ON_WHITE = b"1 1 1 rg 0 0 300 28 re f 0 g BT /Helv 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET"


def field_filled_after_approval(over_price, fill):
    objs = base_objects()
    box = b"[0 0 300 28]" if over_price else b"[0 0 228 20]"
    if over_price:
        objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/Rect [72 600 300 620]", b"/Rect [66 640 366 668]")
        objs[TEXT_FIELD_AP] = objs[TEXT_FIELD_AP].replace(b"/BBox [0 0 228 20]", b"/BBox " + box)
    data = signed(objs)
    ap = next_num(data)
    return append_update(data, {
        ap: stream(fill, b"/Type /XObject /Subtype /Form /BBox %s /Resources << /Font << /Helv %d 0 R >> >>"
                   % (box, FONT_HELV)),
        TEXT_FIELD: with_entries(data, TEXT_FIELD, V=b"(The buyer pays 900 EUR.)", AP=b"<< /N %d 0 R >>" % ap)})


@case("reject", "approval signature; field Buyer placed over the price, empty when signed, filled with "
                "'The buyer pays 900 EUR.' on white")
def empty_field_filled_on_white_over_price(out):
    return field_filled_after_approval(True, FILL_ON_WHITE)


@case("reject", "the same field filled with a white box over the amount only and '900' in it")
def empty_field_filled_box_over_amount(out):
    return field_filled_after_approval(True, b"1 1 1 rg 80 0 40 28 re f 0 g BT /Helv 12 Tf 86 10 Td (900) Tj ET")


@case("reject", "the same field filled with the text alone, printed over the signed line")
def empty_field_filled_text_over_price(out):
    return field_filled_after_approval(True, b"0 g BT /Helv 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET")


@case("accept", "the same field filled with text alone right of the signed line (control)")
def empty_field_filled_beside_price(out):
    return field_filled_after_approval(True, b"0 g BT /Helv 12 Tf 200 10 Td (paid) Tj ET")


@case("accept", "field Buyer where it was, in blank space, filled on white (control)")
def empty_field_filled_on_white_in_blank_space(out):
    return field_filled_after_approval(False, FILL_ON_WHITE)


# A field over the signed price that held a value when signed but drew it so that nothing showed,
# refilled after an approval signature with 'The buyer pays 900 EUR.' on white.
def invisible_value_refilled(shown, resources=b"", extra=None):
    objs = base_objects()
    objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/Rect [72 600 300 620]", b"/Rect [66 640 366 668]") \
        .replace(b"/V ()", b"/V (x)")
    objs[TEXT_FIELD_AP] = stream(shown, b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font "
                                        b"<< /Helv %d 0 R >> %s >>" % (FONT_HELV, resources))
    objs.update(extra or {})
    data = signed(objs)
    ap = next_num(data)
    return append_update(data, {
        ap: stream(FILL_ON_WHITE, b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /Helv %d "
                                  b"0 R >> >>" % FONT_HELV),
        TEXT_FIELD: with_entries(data, TEXT_FIELD, V=b"(The buyer pays 900 EUR.)", AP=b"<< /N %d 0 R >>" % ap)})


@case("reject", "field Buyer over the price, value 'x' drawn in white when signed, refilled with 900 EUR on white")
def invisible_value_white_text(out):
    return invisible_value_refilled(b"1 g BT /Helv 12 Tf 6 10 Td (x) Tj ET")


@case("reject", "the same, its value drawn in text render mode 3 (invisible) when signed")
def invisible_value_render_mode_3(out):
    return invisible_value_refilled(b"BT 3 Tr /Helv 12 Tf 6 10 Td (x) Tj ET")


@case("reject", "the same, its value drawn at font size 0 when signed")
def invisible_value_size_zero(out):
    return invisible_value_refilled(b"BT /Helv 0 Tf 6 10 Td (x) Tj ET")


@case("reject", "the same, its appearance showing an empty string when signed")
def invisible_value_empty_string(out):
    return invisible_value_refilled(b"BT /Helv 12 Tf 6 10 Td () Tj ET")


@case("reject", "the same, its value clipped away (an empty clip) when signed")
def invisible_value_clipped(out):
    return invisible_value_refilled(b"0 0 0 0 re W n BT /Helv 12 Tf 6 10 Td (x) Tj ET")


@case("reject", "the same, its value drawn through a graphics state with /ca 0 when signed")
def invisible_value_alpha_zero(out):
    return invisible_value_refilled(b"/G0 gs BT /Helv 12 Tf 6 10 Td (x) Tj ET",
                                    resources=b"/ExtGState << /G0 << /ca 0 >> >>")


@case("reject", "the same, its appearance drawing an empty form XObject when signed")
def invisible_value_empty_xobject(out):
    return invisible_value_refilled(b"/E Do", resources=b"/XObject << /E 30 0 R >>",
                                    extra={30: stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 1 1]")})


@case("reject", "the same, its empty appearance padded past 64 KiB when signed")
def invisible_value_long_appearance(out):
    return invisible_value_refilled(b"/Tx BMC " + b" " * 70000 + b"EMC")


@case("reject", "the same, its value drawn right of the appearance's /BBox (clipped away) when signed")
def invisible_value_outside_bbox(out):
    return invisible_value_refilled(b"0 g BT /Helv 12 Tf 500 10 Td (x) Tj ET")


@case("reject", "the same, its value drawn in optional content that is off when signed")
def invisible_value_optional_content(out):
    objs = {mc.OCG: b"<< /Type /OCG /Name (Off) >>",
            mc.OCPROPERTIES: b"<< /OCGs [%d 0 R] /D << /Order [%d 0 R] /OFF [%d 0 R] >> >>" % ((mc.OCG,) * 3),
            CATALOG: base_objects()[CATALOG].replace(b" >>", b" /OCProperties %d 0 R >>" % mc.OCPROPERTIES)}
    return invisible_value_refilled(b"/OC /oc1 BDC BT /Helv 12 Tf 6 10 Td (x) Tj ET EMC",
                                    resources=b"/Properties << /oc1 %d 0 R >>" % mc.OCG, extra=objs)


@case("accept", "the same field showing 'x' in black when signed, refilled (control: the documented limit)")
def visible_value_refilled(out):
    return invisible_value_refilled(b"0 g BT /Helv 12 Tf 6 10 Td (x) Tj ET")


# A check box over the signed price, off when signed, switched on after an approval signature: its
# /Yes appearance (in the signed file, never shown) paints 'The buyer pays 900 EUR.' on white.
def checkbox_switched_on(off_stream, mk=b""):
    objs = base_objects()
    yes = stream(FILL_ON_WHITE, b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /Helv %d "
                                b"0 R >> >>" % FONT_HELV)
    states = b"/Yes 31 0 R" + (b" /Off 32 0 R" if off_stream is not None else b"")
    objs[30] = (b"<< /FT /Btn /T (Paid) /V /Off /AS /Off /Type /Annot /Subtype /Widget /Rect [66 640 366 668] /F 4 "
                b"/P %d 0 R /AP << /N << %s >> >>%s >>" % (PAGE1, states, mk))
    objs[31] = yes
    if off_stream is not None:
        objs[32] = stream(off_stream, b"/Type /XObject /Subtype /Form /BBox [0 0 300 28]")
    objs[PAGE1] = objs[PAGE1].replace(b"/Annots [10 0 R 11 0 R]", b"/Annots [10 0 R 11 0 R 30 0 R]")
    objs[ACROFORM] = objs[ACROFORM].replace(b"/Fields [10 0 R 11 0 R]", b"/Fields [10 0 R 11 0 R 30 0 R]")
    data = signed(objs)
    return append_update(data, {30: with_entries(data, 30, V=b"/Yes", AS=b"/Yes")})


@case("reject", "check box over the price, off (empty /Off appearance) when signed, switched on: /Yes paints 900 EUR")
def checkbox_on_over_price(out):
    return checkbox_switched_on(b"")


@case("reject", "the same, its /Off appearance painting a 1-point white square")
def checkbox_on_invisible_off(out):
    return checkbox_switched_on(b"1 g 0 0 1 1 re f")


@case("reject", "the same, no /Off appearance and a white /MK border colour")
def checkbox_on_no_off_white_border(out):
    return checkbox_switched_on(None, mk=b" /MK << /BC [1 1 1] >>")


# Field Buyer over the signed price with no appearance stream: readers draw its value themselves.
def no_appearance_field_filled(over_price=True, value=b"", before=None, name_value=False, **changes):
    objs = base_objects()
    objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b" /AP << /N 13 0 R >>", b"").replace(b"/V ()", b"/V (%s)" % value)
    if before:
        objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/DA (/Helv 10 Tf 0 g)", before)
    if name_value:
        objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/V ()", b"/V /x")
    if over_price:
        objs[TEXT_FIELD] = objs[TEXT_FIELD].replace(b"/Rect [72 600 300 620]", b"/Rect [66 640 366 668]")
    data = signed(objs)
    return append_update(data, {TEXT_FIELD: with_entries(data, TEXT_FIELD, **changes)})


@case("reject", "field Buyer over the price, no appearance stream, empty when signed; only its value set after an "
                "approval signature: poppler and MuPDF print it over the signed line")
def no_appearance_value_over_price(out):
    return no_appearance_field_filled(V=b"(The buyer pays 900 EUR.)")


@case("reject", "the same, the value set with a 24-point /DA")
def no_appearance_value_large_da(out):
    return no_appearance_field_filled(V=b"(900 EUR 900 EUR 900)", DA=b"(/Helv 24 Tf 0 g)")


@case("accept", "the same field in blank space, its value set (control)")
def no_appearance_value_blank_space(out):
    return no_appearance_field_filled(over_price=False, V=b"(The buyer pays 900 EUR.)")


@case("accept", "field Buyer in blank space, no appearance stream, showing 'Bob' when signed, refilled (control)")
def no_appearance_value_refilled(out):
    return no_appearance_field_filled(over_price=False, value=b"Bob", V=b"(Alice Smith)")

@case("reject", "field Buyer over the price, no appearance stream, its value 'x' in a white /DA when signed; "
                "refilled with a black /DA and a white /MK background: readers print 900 EUR on white")
def no_appearance_white_da_refilled(out):
    return no_appearance_field_filled(value=b"x", before=b"/DA (/Helv 10 Tf 1 g)", V=b"(The buyer pays 900 EUR.)",
                                      DA=b"(/Helv 12 Tf 0 g)", MK=b"<< /BG [1 1 1] >>")


@case("accept", "the same field in blank space, 'x' shown in black when signed, refilled on white (control)")
def no_appearance_black_da_refilled(out):
    return no_appearance_field_filled(over_price=False, value=b"x", V=b"(The buyer pays 900 EUR.)",
                                      MK=b"<< /BG [1 1 1] >>")

@case("reject", "field Buyer over the price, no appearance stream, its /V a name (no text readers print) when "
                "signed; only its value set after an approval signature")
def no_appearance_name_value(out):
    return no_appearance_field_filled(before=b"/DA (/Helv 10 Tf 0 g)", V=b"(The buyer pays 900 EUR.)",
                                      name_value=True)

# ---------------------------------------------------------------------------------------------

def run(outdir, signet):
    global PKI
    os.makedirs(outdir, exist_ok=True)
    PKI = mc.PKI()
    with open(os.path.join(outdir, "root.pem"), "wb") as f:
        from cryptography.hazmat.primitives import serialization
        f.write(PKI.root.public_bytes(serialization.Encoding.PEM))
    only = set(sys.argv[3:]) if len(sys.argv) > 3 else None
    rows = []
    for name, expect, note, fn in CASES:
        if only and name not in only:
            continue
        path = os.path.join(outdir, name + ".pdf")
        try:
            data = fn(outdir)
        except Exception as e:  # a generator that pyHanko refuses is reported, not fatal
            rows.append((name, expect, "GEN-ERR", "", f"{type(e).__name__}: {e}"[:150], ""))
            continue
        with open(path, "wb") as f:
            f.write(data)
        # CPU seconds of the verify process, not wall time: the limit catches a blow-up in our
        # code and stays meaningful when the machine is busy with other tests.
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            p = subprocess.run([signet, "verify", "--ca", os.path.join(outdir, "root.pem"), "--json", path],
                               capture_output=True, timeout=60)
            code, out_text, err = p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            code, out_text, err = "TIMEOUT", "", ""
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        dt = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        level, changes = "", ""
        try:
            j = json.loads(out_text)
            level = ",".join(s["modification_level"] or "-" for s in j["signatures"])
            changes = " | ".join(c["what"] for s in j["signatures"][:1] for c in s["changes"])[:160]
        except Exception:
            changes = err.strip()[:160]
        ok = code != "TIMEOUT" and (code in (0, 2, 3) if expect == "any" else (code == 0) == (expect == "accept") and code in (0, 3))
        flag = "" if ok else "MISMATCH"
        if dt > 10:
            flag += " SLOW"
        rows.append((name, expect, str(code), level, changes, f"{dt:.1f}s cpu {flag}"))
    w = max(len(r[0]) for r in rows)
    for r in rows:
        print(f"{r[0]:<{w}}  {r[1]:<6}  exit={r[2]:<7}  {r[3]:<28}  {r[5]:<14}  {r[4]}")
    failed = sum(1 for r in rows if r[2] == "GEN-ERR" or "MISMATCH" in r[5] or "SLOW" in r[5])
    print(f"review attacks: {len(rows) - failed} as expected, {failed} not")
    return failed


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: review_attacks.py OUTDIR [SIGNET] [CASE ...]")
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", ".build", "debug", "signet")
    sys.exit(1 if run(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else default) else 0)
