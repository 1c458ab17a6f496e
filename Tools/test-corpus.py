#!/usr/bin/env python3
"""`make test-corpus`: signet info, verify, stamp and sign over every file of the shared corpus's
pdf.js half (pdfs/pdfjs-corpus/) and EU DSS half (pdfs/dss/), as a new user would run them.

Every command must end by itself (no signal), within 20 s of wall time and 1 GiB of resident memory
(the peak wait4 reports for it and the programs it started, as /usr/bin/time -v does); a run past
60 s is killed. Every stamp is looked for where pdftoppm shows it (`stamp_shown`): page 1 of the
input and of the output rendered as displayed, 400 px wide, and the box asked for (10 %, 10 %, 25 %
of the page's width wide, the image's aspect) must look like the stamp image. Every new signature
must be valid for pdfsig. Controls (`controls`) first show that these checks fail on wrong outputs. Every
refusal (exit 1 or 2) must be one line on stderr, `signet COMMAND: ` and a sentence that the table
"Refusals the corpus run accepts" of docs/testing.md lists for that command; any other text is a
failure. Files the table "Files the corpus run leaves out" names are not run (each with its
reason); every other file of both folders is. A failure the table "Failures the corpus run expects"
names for that file and command (each with its reason) is reported as expected, not as a failure;
one of them that no longer fails is a failure, so the list stays true. stamp and sign refuse a
file as reading two ways exactly when the table "Files that read two ways" lists it, naming what it
lists: a refusal of another file, or a listed file signed or stamped, is a failure.

usage: test-corpus.py SIGNET [--jobs N] [--only SUBSTRING]
Prints one line per failure, then the summary table; exits 1 when anything failed. Without the
corpus (../shared/corpus next to the repository, or $SIGNET_CORPUS) it says so and exits 0.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from PIL import Image, ImageChops

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The refusal of a document that reads two ways (docs/testing.md's reason), and who refuses so.
TWO_WAYS = "reads two ways"
TWO_WAYS_COMMANDS = ("stamp", "sign")
CORPUS = pathlib.Path(os.environ.get("SIGNET_CORPUS", ROOT.parent / "shared" / "corpus"))
SETS = {"pdf.js": "pdfs/pdfjs-corpus", "DSS": "pdfs/dss"}
DOC = ROOT / "docs" / "testing.md"
# An opaque image (ink on a peach background): wherever it lands on a page it changes the pixels.
STAMP = ROOT / "Tests" / "SignetRasterTests" / "Goldens" / "pressure-on-background.png"
MAX_SECONDS, MAX_RSS, KILL_AFTER = 20.0, 1 << 30, 60.0
# How far (mean levels of 255) the box in the render may be from the stamp image resized to it, and
# how much of it annotations drawn over it must leave as it was.
MAX_DIFFERENCE, MIN_SEEN = 16, 0.5
# A warning of signet stamp that the stamp lies under an annotation or a form field.
HIDDEN_WARNING = re.compile(r"^warning: .*(annotation|widget|form field)", re.M | re.I)
CN = "Signet Corpus Run"
RENDER_WIDTH = 400
COMMANDS = ["info", "verify", "stamp", "sign"]


def documented_table(heading):
    """The rows of the first Markdown table under `heading` in docs/testing.md, as lists of cells."""
    lines = DOC.read_text().splitlines()
    try:
        at = next(i for i, line in enumerate(lines) if line.strip() == heading)
    except StopIteration:
        sys.exit(f"test-corpus: docs/testing.md has no heading {heading!r}")
    rows = []
    for line in lines[at + 1:]:
        if line.startswith("#"):
            break
        if not line.startswith("|"):
            if rows:
                break
            continue  # the prose before the table
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if set(cells[0]) <= set("-: "):
            continue
        rows.append(cells)
    return rows[1:]  # the header row


def refusal_reasons():
    """(reason, commands, regex) from the documented table; `…` in a sentence stands for any text."""
    reasons = []
    for reason, commands, sentence in documented_table("#### Refusals the corpus run accepts"):
        text = sentence.strip("`")
        pattern = ".*".join(re.escape(part) for part in text.split("…"))
        reasons.append((reason, {c.strip() for c in commands.split(",")}, re.compile(pattern + r"\Z", re.S)))
    return reasons


def reason_of(command, sentence, reasons):
    """The documented reason `sentence`, a refusal of `command`, gives; None when none is documented."""
    return next((name for name, commands, pattern in reasons if command in commands and pattern.match(sentence)), None)


def left_out():
    """Corpus-relative paths the documented table leaves out, with why."""
    return {path.strip("`"): why for path, why in documented_table("#### Files the corpus run leaves out")}


def two_ways():
    """Corpus-relative path → what reads two ways in it, for the files stamp and sign must refuse so."""
    return {path.strip("`"): why for path, why in documented_table("#### Files that read two ways")}


def two_ways_problems(result, listed):
    """What breaks the promise that stamp and sign refuse a file as reading two ways exactly when
    docs/testing.md lists it, naming what it lists."""
    problems = []
    for command in TWO_WAYS_COMMANDS:
        refused = result["outcomes"].get(command) == f"refused: {TWO_WAYS}"
        why = listed.get(result["file"])
        if refused and why is None:
            problems.append(f"{result['file']}: signet {command}: refused as reading two ways, and docs/testing.md's "
                            "files that read two ways do not list it: " + result["said"][command])
        elif why is not None and not refused:
            problems.append(f"{result['file']}: signet {command}: not refused as reading two ways; take it off "
                            "docs/testing.md's files that read two ways")
        elif why is not None and f"reads two ways ({why})" not in result["said"][command]:
            problems.append(f"{result['file']}: signet {command}: reads two ways, but not as listed ({why}): "
                            + result["said"][command])
    return problems


def known_failures():
    """(path, command) → why, for the failures the documented table expects (each must still fail)."""
    return {(path.strip("`"), command.strip("`")): why
            for path, command, why in documented_table("#### Failures the corpus run expects")}


def measure(argv, work, name):
    """Runs argv; returns (exit code or None, signal or None, seconds, peak RSS bytes, stderr text)."""
    out, err = work / f"{name}.out", work / f"{name}.err"
    with open(out, "wb") as o, open(err, "wb") as e:
        start = time.monotonic()
        # No command of this run may take the machine down: past 4 GiB of address space it fails (and
        # is reported, far over the 1 GiB checked). prlimit execs the command: wait4 sees it.
        limited = ["prlimit", f"--as={4 << 30}", "--core=0", "--"] + argv
        proc = subprocess.Popen(limited, stdout=o, stderr=e, stdin=subprocess.DEVNULL, start_new_session=True)
    def kill():
        try:
            os.killpg(proc.pid, 9)
        except ProcessLookupError:
            pass  # it ended meanwhile

    killed = threading.Timer(KILL_AFTER, kill)
    killed.start()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    killed.cancel()
    proc.returncode = status  # reaped here: Popen must not wait for it again
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    signal = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    return code, signal, seconds, usage.ru_maxrss * 1024, err.read_text(errors="replace")


def render(pdf, prefix, annotations=False):
    """Page 1 of `pdf` as pdftoppm shows it (CropBox, /Rotate), RENDER_WIDTH px wide, with or without
    its annotations; None when it cannot."""
    try:
        r = subprocess.run(["pdftoppm", "-png", "-f", "1", "-l", "1", "-singlefile", "-cropbox", "-scale-to-x",
                            str(RENDER_WIDTH), "-scale-to-y", "-1"] + ([] if annotations else ["-hide-annotations"])
                           + [str(pdf), str(prefix)], capture_output=True, timeout=KILL_AFTER)
    except subprocess.TimeoutExpired:
        return None
    png = prefix.with_suffix(".png")
    if r.returncode != 0 or not png.exists():
        return None
    return Image.open(png).convert("RGB")


def mean_difference(a, b):
    """The mean absolute difference of two RGB images of one size, over pixels and channels (0-255)."""
    histogram = ImageChops.difference(a, b).histogram()
    return sum(i % 256 * n for i, n in enumerate(histogram)) / (a.width * a.height * 3)


def share_alike(a, b):
    """The share of pixels of two renders of one size that differ by at most 8 levels in every channel
    (the stamp's pale background is 30 levels from white in blue)."""
    r, g, b = ImageChops.difference(a, b).split()
    near = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v <= 8 else 0)
    return near.histogram()[255] / (a.width * a.height)


def stamp_shown(original, stamped, work, image, warned):
    """(outcome, failure or None) for the stamp on page 1, which pdftoppm renders with annotations:
    in the box asked for, page 1 must look like the stamp image (a mean difference of at most
    MAX_DIFFERENCE levels, and at most half its difference from the page before). When annotations
    of the page lie over it, the stamp drawn as page content must be there without them, and at
    least MIN_SEEN of the box must still show it with them; a stamp hidden more than that passes
    only when `warned` (signet said so)."""
    before = render(original, work / "before", annotations=True)
    if before is None:
        return "not checked: pdftoppm cannot render the input", None
    after = render(stamped, work / "after", annotations=True)
    if after is None:
        return "not shown", "pdftoppm renders page 1 of the input but not of the stamped output"
    if before.size != after.size:
        return "not shown", f"page 1 renders {before.size} before and {after.size} after stamping"
    width, height = before.size
    left, top = round(0.10 * width), round(0.10 * height)
    right, bottom = round(0.35 * width), round(0.10 * height + 0.25 * width * image.height / image.width)
    where = f"the box ({left}, {top}, {right}, {bottom}) of page 1 ({width}x{height} px)"
    # Two pixels in from each side: the edges are blended with the page.
    inner = (2, 2, right - left - 2, bottom - top - 2)
    if bottom > height or inner[2] <= inner[0] or inner[3] <= inner[1]:
        return "not shown", f"{where} does not fit the render"
    expected = image.resize((right - left, bottom - top), Image.LANCZOS).crop(inner)

    def box(render):
        return render.crop((left, top, right, bottom)).crop(inner)

    def distances(after, before):
        return mean_difference(box(after), expected), mean_difference(box(after), box(before))

    to_stamp, to_page = distances(after, before)
    if to_stamp <= MAX_DIFFERENCE and to_stamp <= to_page / 2:
        return "shown", None
    bare_before = render(original, work / "bare-before")
    bare_after = render(stamped, work / "bare-after")
    if bare_before is not None and bare_after is not None and bare_before.size == before.size:
        bare_to_stamp, bare_to_page = distances(bare_after, bare_before)
        if bare_to_stamp <= MAX_DIFFERENCE and bare_to_stamp <= bare_to_page / 2:
            share = share_alike(box(after), box(bare_after))
            if share >= MIN_SEEN:
                return "shown, partly under annotations", None
            if warned:
                return "hidden by annotations, warned", None
            return "hidden by annotations", f"annotations hide the stamp: {share:.0%} of {where} shows it"
    return "not shown", (f"pdftoppm does not show the stamp in {where}: it differs from the stamp image by "
                         f"{to_stamp:.0f} levels on average, from the page before by {to_page:.0f}")


def new_signature_valid(signed):
    """None when pdfsig calls the signature by CN valid, else what it said."""
    r = subprocess.run(["pdfsig", str(signed)], capture_output=True, text=True, timeout=KILL_AFTER)
    for block in r.stdout.split("Signature #")[1:]:
        if f"Common Name: {CN}" in block:
            return None if "Signature Validation: Signature is Valid." in block else block.strip()[-300:]
    return f"pdfsig exit {r.returncode} lists no signature by {CN}: {(r.stdout + r.stderr).strip()[-300:]}"


class Keys:
    """A self-signed RSA key and certificate for the signatures, made with openssl."""

    def __init__(self, folder):
        self.key, self.cert = folder / "key.pem", folder / "cert.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(self.key), "-out",
                        str(self.cert), "-days", "3650", "-subj", f"/CN={CN}", "-addext",
                        "keyUsage=critical,digitalSignature,nonRepudiation"], check=True, capture_output=True)


def stamp_command(signet, path, output, at="10,10"):
    """signet stamp of page 1 of `path` at `at` (in % of the page as displayed), 25 % of its width wide."""
    return [signet, "stamp", str(path), "-o", str(output), "--image", str(STAMP), "--pages", "1", "--units", "%",
            "--at", at, "--width", "25"]


def controls(signet, work, keys, reasons, image):
    """What the checks must say about outputs known to be right and wrong, so that they can fail: a
    one-page PDF (signet render of a sample) stamped where asked and elsewhere, signed and then
    changed by one byte, and refusals no table row lists. Returns what did not hold."""
    work.mkdir()
    pdf = work / "control.pdf"
    subprocess.run([signet, "render", str(ROOT / "SampleStrokes" / "signet-amelia-reyes.json"), "-o", str(pdf)],
                   check=True, capture_output=True)
    problems = []
    for at, right in [("10,10", True), ("60,50", False)]:
        out = work / f"stamped-{right}.pdf"
        subprocess.run(stamp_command(signet, pdf, out, at), check=True, capture_output=True)
        outcome, problem = stamp_shown(pdf, out, work, image, warned=False)
        if (outcome == "shown") != right:
            problems.append(f"a stamp at {at} % was judged {outcome} ({problem})")
    signed = work / "signed.pdf"
    subprocess.run([signet, "sign", str(pdf), "-o", str(signed), "--key", str(keys.key), "--cert", str(keys.cert)],
                   check=True, capture_output=True)
    refused = new_signature_valid(signed)
    if refused is not None:
        problems.append(f"pdfsig does not call a signature valid: {refused}")
    changed = bytearray(signed.read_bytes())
    changed[len(changed) // 4] ^= 0x01  # in the page's content, which the signature covers
    (work / "changed.pdf").write_bytes(bytes(changed))
    if new_signature_valid(work / "changed.pdf") is None:
        problems.append("pdfsig calls a signature valid after a byte it covers changed")
    for command, sentence in [("stamp", "x.pdf: contains no signatures to verify; give --p7s FILE if there is one."),
                              ("info", "x.pdf: something no table row says.")]:
        if reason_of(command, sentence, reasons) is not None:
            problems.append(f"signet {command}: '{sentence}' is taken for a documented refusal")
    return problems


def run_file(signet, path, work, keys, reasons, image):
    """Every command on one file: its outcomes and failures."""
    work.mkdir(parents=True)
    rel = str(path.relative_to(CORPUS / "pdfs"))
    result = {"file": rel, "outcomes": {}, "failures": [], "measured": {}}
    stamped, signed = work / "stamped.pdf", work / "signed.pdf"
    argvs = {
        "info": [signet, "info", str(path)],
        "verify": [signet, "verify", str(path), "--no-trust"],
        "stamp": stamp_command(signet, path, stamped),
        "sign": [signet, "sign", str(path), "-o", str(signed), "--key", str(keys.key), "--cert", str(keys.cert)],
    }
    for command in COMMANDS:
        code, signal, seconds, rss, stderr = measure(argvs[command], work, command)
        result["measured"][command] = (seconds, rss)

        def fail(what):
            result["failures"].append(f"{rel}: signet {command}: {what}")

        if signal is not None:
            fail(f"ended by signal {signal} after {seconds:.1f} s" + (" (killed: too slow)" if seconds >= KILL_AFTER
                                                                       else ""))
            result["outcomes"][command] = "failed"
            continue
        if seconds > MAX_SECONDS:
            fail(f"took {seconds:.1f} s (limit {MAX_SECONDS:.0f} s)")
        if rss > MAX_RSS:
            fail(f"peaked at {rss >> 20} MiB of resident memory (limit {MAX_RSS >> 20} MiB)")
        if code == 0 or (command == "verify" and code == 3):
            outcome = "ok" if code == 0 else "said no"
            if command == "verify" and code == 0:
                outcome = "valid"
            if command == "stamp":
                outcome, problem = stamp_shown(path, stamped, work, image, HIDDEN_WARNING.search(stderr) is not None)
                if problem:
                    fail(problem)
            elif command == "sign":
                problem = new_signature_valid(signed)
                outcome = "valid in pdfsig"
                if problem:
                    fail(f"pdfsig does not call the new signature valid: {problem}")
            result["outcomes"][command] = outcome
            continue
        lines = stderr.strip().splitlines()
        prefix = f"signet {command}: "
        if code not in (1, 2) or len(lines) != 1 or not lines[0].startswith(prefix):
            fail(f"exit {code} with {len(lines)} lines on stderr: {stderr.strip()[:400]}")
            result["outcomes"][command] = "failed"
            continue
        sentence = lines[0][len(prefix):]
        reason = reason_of(command, sentence, reasons)
        if reason is None:
            fail(f"refused with a sentence the documented list does not hold: {sentence}")
            reason = "undocumented"
        result["outcomes"][command] = f"refused: {reason}"
        result.setdefault("said", {})[command] = sentence
    shutil.rmtree(work, ignore_errors=True)
    return result


def summary(results, seconds, jobs):
    """The Markdown table of what happened, per set and command, and a line on the whole run."""
    lines = ["| set | command | files | done | refused, by reason | failed | slowest | peak RSS |",
             "|---|---|--:|---|---|--:|--:|--:|"]
    for name in SETS:
        mine = [r for r in results if r["set"] == name]
        for command in COMMANDS:
            done, refused = {}, {}
            for r in mine:
                outcome = r["outcomes"].get(command, "failed")
                if outcome.startswith("refused: "):
                    refused[outcome[9:]] = refused.get(outcome[9:], 0) + 1
                elif outcome != "failed":
                    done[outcome] = done.get(outcome, 0) + 1
            failed = sum(1 for r in mine if any(f.startswith(f"{r['file']}: signet {command}: ") for f in r["failures"]))

            def counts(table):
                return "; ".join(f"{what} {n}" for what, n in sorted(table.items(), key=lambda kv: -kv[1])) or "—"

            measured = [r["measured"][command] for r in mine if command in r["measured"]]
            slowest = max((m[0] for m in measured), default=0.0)
            peak = max((m[1] for m in measured), default=0) >> 20
            lines.append(f"| {name} | {command} | {len(mine)} | {counts(done)} | {counts(refused)} | {failed} | "
                         f"{slowest:.1f} s | {peak} MiB |")
    failed = sum(1 for r in results if r["failures"])
    expected = sum(len(r.get("expected", [])) for r in results)
    slowest = max(((m[0], c, r["file"]) for r in results for c, m in r["measured"].items()), default=(0, "", ""))
    largest = max(((m[1], c, r["file"]) for r in results for c, m in r["measured"].items()), default=(0, "", ""))
    lines += ["", f"{len(results)} files: {failed} with a failure, {expected} expected failures (listed above); "
              f"slowest command {slowest[0]:.1f} s (signet {slowest[1]} {slowest[2]}), largest peak RSS "
              f"{largest[0] >> 20} MiB (signet {largest[1]} {largest[2]}); {seconds:.0f} s of wall time, {jobs} "
              "files at a time."]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("signet")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="run only the files whose path holds this text")
    args = parser.parse_args()
    folders = [CORPUS / folder for folder in SETS.values()]
    if not all(f.is_dir() for f in folders):
        print(f"test-corpus: skipped: the shared corpus is not at {CORPUS} (set SIGNET_CORPUS to run it)")
        return 0
    signet = str(pathlib.Path(args.signet).resolve())
    reasons, skipped, expected, listed = refusal_reasons(), left_out(), known_failures(), two_ways()
    files = []
    for name, folder in SETS.items():
        for path in sorted(p for p in (CORPUS / folder).rglob("*") if p.is_file()):
            rel = str(path.relative_to(CORPUS / "pdfs"))
            if rel in skipped or (args.only and args.only not in rel):
                continue
            files.append((name, path))
    held = {str(p.relative_to(CORPUS / "pdfs")) for f in folders for p in f.rglob("*")}
    missing = sorted((set(skipped) | {path for path, _ in expected} | set(listed)) - held)
    if missing:
        print(f"test-corpus: FAILED: docs/testing.md names files the corpus does not hold: {missing}")
        return 1
    with Image.open(STAMP) as stamp:
        image = stamp.convert("RGB")
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="signet-corpus-") as tmp:
        work = pathlib.Path(tmp)
        keys = Keys(work)
        broken = controls(signet, work / "controls", keys, reasons, image)
        if broken:
            print("test-corpus: FAILED: the checks do not tell right from wrong: " + "; ".join(broken))
            return 1
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_file, signet, path, work / f"{i:04d}", keys, reasons, image)
                       for i, (_, path) in enumerate(files)]
            results = []
            for (name, _), future in zip(files, futures):
                result = future.result()
                result["set"] = name
                results.append(result)
                for command in COMMANDS:
                    why = expected.get((result["file"], command))
                    failed = [f for f in result["failures"] if f.startswith(f"{result['file']}: signet {command}: ")]
                    if why and failed:
                        result["failures"] = [f for f in result["failures"] if f not in failed]
                        result["expected"] = result.get("expected", []) + failed
                        print(f"expected: {failed[0]} ({why})", flush=True)
                    elif why:
                        result["failures"].append(f"{result['file']}: signet {command}: passes now; take it off "
                                                  "docs/testing.md's failures the corpus run expects")
                result["failures"] += two_ways_problems(result, listed)
                for failure in result["failures"]:
                    print(f"FAIL {failure}", flush=True)
    seconds = time.monotonic() - start
    print(f"test-corpus: {len(files)} files run ({len(skipped)} left out, listed in docs/testing.md)")
    print(summary(results, seconds, args.jobs))
    return 1 if any(r["failures"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
