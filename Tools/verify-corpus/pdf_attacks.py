#!/usr/bin/env python3
"""Attacks on the PDF around a valid signature: what `signet verify` must see.

    python3 Tools/verify-corpus/pdf_attacks.py OUTDIR SIGNET [CASE ...]

Every signature here is a hand-made CMS (cms_builder.py) that is valid for the bytes its /ByteRange
names; the attack is in the PDF: a /ByteRange or /Contents that leaves something unsigned or carries
another signature, an action or JavaScript added after signing, a form field moved or unhidden over
the signed price, a certification (DocMDP) or field lock (FieldMDP) written in an unusual way and then
broken. Writes OUTDIR/root.pem (made fresh each run; keys in OUTDIR/keys/) and one OUTDIR/<case>.pdf
per case, runs `SIGNET verify FILE --ca OUTDIR/root.pem --json` on each, and judges its exit code
(accept = 0, reject = 3) and, where a case says so, fields of the report's signature; "doubtful" cases
are printed, not judged. Prints one line per case and `N as expected, M not` (cms_builder.run_cases).

Case families (prefix): br- /ByteRange and /Contents; act- actions added after signing; form- form
fields over signed content; mdp- DocMDP and FieldMDP.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cms_builder as cb  # noqa: E402
import make_corpus as mc  # noqa: E402
from make_corpus import CATALOG, CONTENT1, PAGE1, SIG_FIELD, TEXT_FIELD, stream  # noqa: E402

CASES = {}  # name -> (expect, note, fn(ctx) -> pdf bytes, {signature report key: value})


def case(prefix, expect, note, **says):
    def wrap(fn):
        CASES[prefix + "-" + fn.__name__] = (expect, note, fn, says)
        return fn
    return wrap


class Ctx:
    """The run's PKI and base document (make_corpus.py's, xref table)."""

    def __init__(self, outdir):
        self.p = cb.PKI(cb.Keys(outdir))
        self.base = mc.write_base("table")

    def cms(self, content):
        return cb.simple_cms(content, self.p)


BROKEN = dict(integrity="broken", valid=False)
FORBIDDEN = dict(modification_level="other", permitted=False)
PRICE = b"pays 100 EUR"
PRICE_RECT = b"[66 640 366 668]"  # over "The buyer pays 100 EUR." on page 1
FAKE_PRICE_AP = stream(b"1 1 1 rg 0 0 300 28 re f 0 g BT /Helv 12 Tf 6 10 Td (The buyer pays 900 EUR.) Tj ET",
                       b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /Helv %d 0 R >> >>"
                       % mc.FONT_HELV)


def approve(x, data=None, **prepare_options):
    return cb.sign_pdf(data or x.base, x.cms, **prepare_options)


def sig_ref(method, params):
    return (b"<< /Type /SigRef /TransformMethod /" + method + b" /TransformParams << /Type /TransformParams " +
            params + b" /V /1.2 >> >>")


def certify(x, data=None, p=b"/P 2", before=()):
    """A certification: the signature dictionary's /Reference holds the `before` entries, then a DocMDP one
    with `p` (raw; b"" leaves /P out), and the catalog's /Perms /DocMDP names the dictionary."""
    data = data or x.base
    refs = b" ".join(list(before) + [sig_ref(b"DocMDP", p)])
    return approve(x, data, extra=b" /Reference [" + refs + b"]", objects=lambda num: {
        CATALOG: mc.with_entries(data, CATALOG, Perms=b"<< /DocMDP %d 0 R >>" % num)})


def update(pdf, num, new=None, **entries):
    """An update that rewrites object `num` with some entries replaced (raw values). new: the body of one
    more object written in the same update; the values name its number as {n}."""
    objs = {}
    if new is not None:
        n = mc.next_num(pdf)
        objs[n] = new
        entries = {k: v.replace(b"{n}", b"%d" % n) for k, v in entries.items()}
    objs[num] = mc.with_entries(pdf, num, **entries)
    return mc.append_update(pdf, objs)


def javascript(code):
    return b"<< /S /JavaScript /JS (" + code + b") >>"


def fill_buyer(pdf):
    """A form fill: the Buyer field's value and an appearance that shows it."""
    ap = stream(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (Bob) Tj ET EMC",
                b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv %d 0 R >> >>"
                % mc.FONT_HELV)
    return update(pdf, TEXT_FIELD, ap, V=b"(Bob)", AP=b"<< /N {n} 0 R >>")


# ================================================================================================ br-
def sign_over(x, pdf, cs, ce, br):
    """A prepared file (gap cs..ce) with /ByteRange `br` (a flat list of start, length pairs) written over the
    placeholder, and a signature over exactly those ranges."""
    pdf = mc.set_byte_range(pdf, br)
    return cb.fill(pdf, cs, ce, x.cms(b"".join(pdf[a:a + n] for a, n in zip(br[::2], br[1::2]))))


def contents_gap(pdf):
    """(cs, ce): the '<...>' of the first signature's /Contents."""
    _, _, br = mc.byte_range(pdf)
    return br[1], br[2]


def foreign_cms(x):
    """A valid signature by the same signer over another document (the xref-stream base)."""
    return x.cms(mc.write_base("stream"))


@case("br", "accept", "control: hand-made approval signature, nothing after it", valid=True, modification_level="none")
def control(x):
    return approve(x)


@case("br", "reject", "ByteRange ends 30 bytes before the file (the startxref line unsigned), and those bytes are "
      "then changed: an unsigned tail that is no complete incremental update", **BROKEN)
def short_tail(x):
    pdf, cs, ce = cb.prepare(x.base)
    pdf = sign_over(x, pdf, cs, ce, [0, cs, ce, len(pdf) - ce - 30])
    tail = pdf[-30:].replace(b"startxref\n", b"startxref\r")
    assert tail != pdf[-30:]
    return pdf[:-30] + tail


@case("br", "reject", "ByteRange of 6 numbers: a second gap over page 1's 'pays 100 EUR', which then reads "
      "'pays 900 EUR'; a verifier must insist on exactly two ranges around /Contents", **BROKEN)
def six_numbers(x):
    pdf, cs, ce = cb.prepare(x.base)
    at = pdf.index(PRICE)
    pdf = sign_over(x, pdf, cs, ce, [0, at, at + len(PRICE), cs - at - len(PRICE), ce, len(pdf) - ce])
    return pdf.replace(PRICE, b"pays 900 EUR", 1)


@case("br", "reject", "ByteRange starts at byte 10: the header is unsigned", **BROKEN)
def not_from_zero(x):
    pdf, cs, ce = cb.prepare(x.base)
    return sign_over(x, pdf, cs, ce, [10, cs - 10, ce, len(pdf) - ce])


@case("br", "reject", "gap 5 bytes narrower than /Contents on each side: the signed ranges include '<3082' and "
      "'0000>' (predictable), so the gap is not the /Contents string the rules require", **BROKEN)
def gap_narrower(x):
    pdf, cs, ce = cb.prepare(x.base)
    pdf = pdf[:cs + 1] + b"3082" + pdf[cs + 5:]  # the first bytes of any DER SEQUENCE of 256 to 65535 bytes
    signed = sign_over(x, pdf, cs, ce, [0, cs + 5, ce - 5, len(pdf) - ce + 5])
    assert signed[cs + 1:cs + 5] == b"3082"
    return signed


@case("br", "accept", "/Contents with a space in its zero padding (an odd number of hex digits): white space in a "
      "hex string is ignored, the DER and the signed bytes are unchanged", valid=True)
def contents_odd_hex(x):
    pdf = approve(x)
    _, ce = contents_gap(pdf)
    return pdf[:ce - 3] + b" " + pdf[ce - 2:]


@case("br", "doubtful", "/Contents padding holds 'zz' after the DER: not a hex string, but the signed bytes and "
      "the DER are intact (refusing is the safe reading, accepting a lenient one)")
def contents_nonhex_padding(x):
    pdf = approve(x)
    _, ce = contents_gap(pdf)
    return pdf[:ce - 5] + b"zz" + pdf[ce - 3:]


@case("br", "reject", "/Contents holds another document's valid signature, then this one's: a verifier that reads "
      "the first DER finds a digest that does not match, one that looks for a match must not", **BROKEN)
def contents_two_blobs(x):
    pdf, cs, ce = cb.prepare(x.base)
    return cb.fill(pdf, cs, ce, foreign_cms(x) + x.cms(cb.signed_bytes(pdf, cs, ce)))


@case("br", "reject", "/Contents is a literal string (not hex) holding another document's signature; the gap is "
      "that string", **BROKEN)
def contents_literal_other(x):
    pdf, cs, ce = cb.prepare(x.base)
    der = foreign_cms(x)
    for c in b"\\()\r\n":  # escape what a literal string would read otherwise
        der = der.replace(bytes([c]), b"\\%03o" % c)
    assert len(der) + 2 <= ce - cs
    return pdf[:cs] + b"(" + der.ljust(ce - cs - 2, b"\0") + b")" + pdf[ce:]


# ================================================================================================ act-
@case("act", "reject", "approval signature, then the catalog gains /AA << /WC JavaScript >> (runs when the document "
      "closes): a new action is no permitted change", **FORBIDDEN)
def catalog_aa_js(x):
    return update(approve(x), CATALOG, javascript(b"app.alert\\('x'\\)"), AA=b"<< /WC {n} 0 R >>")


@case("act", "reject", "approval signature, then page 1 gains /AA << /O JavaScript >> (runs when the page opens)",
      **FORBIDDEN)
def page_aa_js(x):
    return update(approve(x), PAGE1, javascript(b"this.getField\\('Buyer'\\).value='x'"), AA=b"<< /O {n} 0 R >>")


@case("act", "reject", "certified P=2, then Buyer filled AND given a /C (calculate) JavaScript action: P=2 permits "
      "the value, not the script", docmdp=2, **FORBIDDEN)
def field_calc_js(x):
    return update(certify(x), TEXT_FIELD, javascript(b"event.value='900'"), V=b"(Bob)", AA=b"<< /C {n} 0 R >>")


@case("act", "reject", "approval signature, then the catalog gains a /Names /JavaScript name tree (document-level "
      "script run on open)", **FORBIDDEN)
def names_js(x):
    return update(approve(x), CATALOG, javascript(b"app.alert\\(1\\)"),
                  Names=b"<< /JavaScript << /Names [(a) {n} 0 R] >> >>")


@case("act", "accept", "control: approval signature, then Buyer filled (value and appearance) with no action",
      valid=True, modification_level="form-filling", permitted=True)
def control_approval_fill(x):
    return fill_buyer(approve(x))


# ================================================================================================ form-
def fill_over_price(pdf, move=True):
    """Buyer filled with 'The buyer pays 900 EUR.' on a white box; with `move` its widget /Rect put over the price."""
    more = dict(Rect=PRICE_RECT) if move else {}
    return update(pdf, TEXT_FIELD, FAKE_PRICE_AP, V=b"(The buyer pays 900 EUR.)", AP=b"<< /N {n} 0 R >>", **more)


def with_hidden_note(x):
    """The base document plus, in an update before the signature, a Hidden (/F 6) text field Note over the price
    whose appearance paints a white box and 'The buyer pays 900 EUR.'. Returns (pdf, the field's number)."""
    f = mc.next_num(x.base)
    pdf = mc.append_update(x.base, {
        f: b"<< /FT /Tx /T (Note) /V () /DA (/Helv 12 Tf 0 g) /Type /Annot /Subtype /Widget /Rect %s /F 6 "
           b"/P %d 0 R /AP << /N %d 0 R >> >>" % (PRICE_RECT, PAGE1, f + 1),
        f + 1: FAKE_PRICE_AP,
        mc.ACROFORM: mc.fields_plus(x.base, f),
        PAGE1: mc.annots_plus(x.base, PAGE1, f)})
    return pdf, f


@case("form", "reject", "certified P=2, then Buyer filled AND its widget /Rect moved over the signed price; the new "
      "appearance paints a white box and '900 EUR': moving a widget is not filling it", docmdp=2, **FORBIDDEN)
def p2_field_rect_moved_over_price(x):
    return fill_over_price(certify(x))


@case("form", "reject", "approval signature, then the same fill with the /Rect moved over the price", **FORBIDDEN)
def approval_field_rect_moved_over_price(x):
    return fill_over_price(approve(x))


@case("form", "reject", "certified P=2, then only Buyer's /Rect moved over the price (its appearance empty): not a "
      "form fill (ISO 32000 P=2 allows only filling, so reject)", docmdp=2, **FORBIDDEN)
def p2_rect_only(x):
    pdf = certify(x)
    return update(pdf, TEXT_FIELD, Rect=PRICE_RECT)


@case("form", "accept", "control: certified P=2, then Buyer filled with the same '900 EUR' appearance in its own "
      "place", valid=True, docmdp=2, modification_level="form-filling")
def control_p2_fill_in_place(x):
    return fill_over_price(certify(x), move=False)


@case("form", "reject", "certified P=2; a signed Hidden field whose appearance paints '900 EUR' over the price is "
      "made visible (/F 6 -> 4) and given a value: the flag change is no form fill", docmdp=2, **FORBIDDEN)
def p2_hidden_field_unhidden(x):
    pdf, f = with_hidden_note(x)
    return update(certify(x, pdf), f, F=b"4", V=b"(x)")


@case("form", "reject", "approval signature; the same Hidden field only has /F changed to 4 (no value change)",
      **FORBIDDEN)
def approval_hidden_field_unhidden_flag_only(x):
    pdf, f = with_hidden_note(x)
    return update(approve(x, pdf), f, F=b"4")


@case("form", "accept", "control: certified P=2; the Hidden field is given a value and stays hidden",
      valid=True, docmdp=2, modification_level="form-filling")
def control_p2_hidden_field_filled(x):
    pdf, f = with_hidden_note(x)
    return update(certify(x, pdf), f, V=b"(x)")


# ================================================================================================ mdp-
def fieldmdp(fields):
    return sig_ref(b"FieldMDP", b"/Action /Include /Fields [" + fields + b"]")


@case("mdp", "reject", "certified P=1 (no changes), then Buyer filled", docmdp=1, permitted=False)
def p1_form_fill(x):
    return fill_buyer(certify(x, p=b"/P 1"))


@case("mdp", "accept", "control: certified P=1, nothing after it", valid=True, docmdp=1)
def control_p1_unchanged(x):
    return certify(x, p=b"/P 1")


@case("mdp", "reject", "certified with /P written as the real 1.0, then Buyer filled: a /P other than the integers "
      "1, 2, 3 reads as 1 (former defect: it read as the default 2)", docmdp=1, permitted=False)
def p1_real_number(x):
    return fill_buyer(certify(x, p=b"/P 1.0"))


@case("mdp", "accept", "control: certified with /P 1.0, nothing after it", valid=True, docmdp=1)
def control_p1_real_unchanged(x):
    return certify(x, p=b"/P 1.0")


@case("mdp", "reject", "certified P=1, the signature's /Reference listing a FieldMDP entry first and the DocMDP one "
      "second; then Buyer filled: the DocMDP entry counts wherever it stands", docmdp=1, permitted=False)
def p1_docmdp_second_reference(x):
    return fill_buyer(certify(x, p=b"/P 1", before=[fieldmdp(b"(Other)")]))


@case("mdp", "reject", "certified, the DocMDP /Reference without /P (ISO 32000: default 2), then page 1's content "
      "replaced: no level permits that", docmdp=2, **FORBIDDEN)
def docmdp_no_p_content(x):
    return mc.append_update(certify(x, p=b""), {CONTENT1: mc.NEW_TEXT})


@case("mdp", "reject", "certified P=2, then page 1's content replaced (the control for the DocMDP cases)",
      docmdp=2, **FORBIDDEN)
def p2_content_replaced(x):
    return mc.append_update(certify(x), {CONTENT1: mc.NEW_TEXT})


@case("mdp", "reject", "approval signature locking Buyer (FieldMDP /Include, the name as the hex string "
      "<4275796572>), then Buyer filled: a hex string is the same name", **FORBIDDEN)
def fieldmdp_hex_name(x):
    return fill_buyer(approve(x, extra=b" /Reference [" + fieldmdp(b"<4275796572>") + b"]"))


@case("mdp", "accept", "control: approval signature locking only a field Other (FieldMDP), then Buyer filled",
      valid=True, modification_level="form-filling")
def control_fieldmdp_other_field(x):
    return fill_buyer(approve(x, extra=b" /Reference [" + fieldmdp(b"(Other)") + b"]"))


@case("mdp", "doubtful", "the signature field has /Lock << /Action /All >> but the signature dictionary no FieldMDP "
      "/Reference; then Buyer filled: /Lock tells the signing tool what to lock, the /Reference is what was locked")
def lock_without_reference(x):
    locked = mc.append_update(x.base, {SIG_FIELD: mc.with_entries(
        x.base, SIG_FIELD, Lock=b"<< /Type /SigFieldLock /Action /All >>")})
    return fill_buyer(approve(x, locked))


if __name__ == "__main__":
    sys.exit(cb.run_cases(CASES, sys.argv[1:], __doc__, Ctx))
