#!/usr/bin/env python3
"""The "beyond one machine" recipes of docs/cli.md, run as written (`make test-spark`).

spark       the PySpark `RDD.pipe` block, executed from docs/cli.md itself in local mode over several
            partitions: every job's row comes back and every output is byte-identical to one
            `signet batch` run of the same list.
kubernetes  the Indexed Job's container command, taken from docs/cli.md's YAML and run by `sh -c` once
            per JOB_COMPLETION_INDEX: the shards together do every job exactly once, with the same bytes.

usage: test-recipes.py SIGNET_BINARY [spark] [kubernetes]   (both when none is named)
Exits 1 with what differed; prints what it compared.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "cli.md"
SAMPLES = sorted(p for p in (ROOT / "SampleStrokes").iterdir() if p.is_file())
SHARDS = 8  # the YAML's completions


def fail(message):
    print(f"test-recipes: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def job_list(out_dir):
    """Renders of every sample at two sizes, each with an id, and one job that must fail."""
    jobs = []
    for n, sample in enumerate(SAMPLES * 2):
        extension = "png" if n < len(SAMPLES) else "svg"
        jobs.append({"op": "render", "input": str(sample), "output": f"{out_dir}/{n:02d}-{sample.stem}.{extension}",
                     "dpi": 150 + 50 * (n % 3), "id": f"job-{n:02d}"})
    jobs.append({"op": "render", "input": str(ROOT / "missing-strokes.json"), "output": f"{out_dir}/missing.png",
                 "id": "job-missing"})
    return jobs


def write_jobs(path, jobs):
    path.write_text("".join(json.dumps(job) + "\n" for job in jobs))


def digests(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def reference(signet, work):
    """One plain `signet batch` run: the outputs every recipe must reproduce byte for byte."""
    out = work / "reference"
    out.mkdir()
    jobs = job_list(out)
    write_jobs(work / "reference.ndjson", jobs)
    run = subprocess.run([signet, "batch", str(work / "reference.ndjson")], capture_output=True, text=True)
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    if run.returncode != 1 or len(rows) != len(jobs):
        fail(f"reference batch: exit {run.returncode} (want 1: one job fails), {len(rows)} rows for {len(jobs)} jobs;"
             f" stderr: {run.stderr.strip()}")
    return digests(out), len(jobs)


def doc_block(after_heading, fence):
    """The first fenced block of `fence` language after a line containing `after_heading`."""
    text = DOC.read_text()
    start = text.find(after_heading)
    if start < 0:
        fail(f"docs/cli.md no longer has {after_heading!r}")
    match = re.compile(r"```" + fence + r"\n(.*?)```", re.S).search(text, start)
    if not match:
        fail(f"no ```{fence} block after {after_heading!r} in docs/cli.md")
    return match.group(1)


def check_outputs(name, folder, want, rows, job_count):
    got = digests(folder)
    ids = sorted(row.get("id") for row in rows)
    want_ids = sorted(f"job-{n:02d}" for n in range(job_count - 1)) + ["job-missing"]
    print(f"{name}: {len(rows)} rows for {job_count} jobs; {len(got)} outputs vs {len(want)} from one batch run")
    if ids != sorted(want_ids):
        fail(f"{name}: the rows' ids {ids} are not the jobs' ids {sorted(want_ids)}")
    if got != want:
        differing = sorted(set(got.items()) ^ set(want.items()))
        fail(f"{name}: outputs differ from one batch run: {differing[:6]}")


def spark(signet, work, want, job_count):
    from pyspark import SparkContext  # imported here: the Kubernetes check does not need PySpark

    out = work / "spark"
    out.mkdir()
    jobs_file = work / "spark.ndjson"
    write_jobs(jobs_file, job_list(out))
    block = doc_block("**Machines, with Spark's `RDD.pipe`**", "python")
    code = block.replace('"hdfs:///signatures/jobs.ndjson"', repr(jobs_file.as_uri()))
    code = code.replace('"/usr/local/bin/signet ', f'"{signet} ')
    if code.count(str(jobs_file)) != 1 or code.count(signet) != 1:
        fail("the Spark block no longer reads hdfs:///signatures/jobs.ndjson with /usr/local/bin/signet; update this check")
    sc = SparkContext("local[2]", "signet-recipe")
    sc.setLogLevel("ERROR")
    try:
        scope = {"sc": sc, "json": json}
        # The block's last line is an expression whose value is the failures; keep it.
        lines = code.strip().splitlines()
        exec("\n".join(lines[:-1]), scope)
        failures = eval(lines[-1].split("#")[0], scope)
        partitions = scope["jobs"].getNumPartitions()
        rows = scope["rows"].collect()
    finally:
        sc.stop()
    print(f"spark: {partitions} partitions; failures collected: {failures}")
    if partitions < 2:
        fail(f"spark: the list ran in {partitions} partition, so nothing was split")
    if [job_id for job_id, _ in failures] != ["job-missing"]:
        fail(f"spark: the recipe's failure list is {failures}, want only job-missing")
    check_outputs("spark", out, want, rows, job_count)


def kubernetes(signet, work, want, job_count):
    yaml = doc_block("**Machines, with a Kubernetes Indexed Job**", "yaml")
    command = re.search(r'command: \["sh", "-c", "(.*)"\]', yaml)
    completions = re.search(r"completions: (\d+)", yaml)
    if not command or not completions or int(completions.group(1)) != SHARDS:
        fail("docs/cli.md's Indexed Job lost its sh -c command or its completions: 8")
    data = work / "data"
    out = data / "out"
    out.mkdir(parents=True)
    write_jobs(data / "jobs.ndjson", job_list(out))
    script = command.group(1).replace("/data", str(data)).replace("signet batch", f"{signet} batch", 1)
    for index in range(SHARDS):
        # A retried pod: the same index run twice must skip what the first run finished.
        for attempt in (1, 2):
            run = subprocess.run(["sh", "-c", script], env={**os.environ, "JOB_COMPLETION_INDEX": str(index)},
                                 capture_output=True, text=True)
            if run.returncode not in (0, 1):
                fail(f"kubernetes: pod {index} attempt {attempt} exited {run.returncode}: {run.stderr.strip()}")
    rows = [json.loads(line) for f in sorted(data.glob("rows-*.ndjson")) for line in f.read_text().splitlines()]
    print(f"kubernetes: {SHARDS} pods (each run twice), {len(list(data.glob('rows-*.ndjson')))} rows files")
    check_outputs("kubernetes", out, want, rows, job_count)


def main():
    if len(sys.argv) < 2:
        fail(__doc__.strip().splitlines()[-2])
    signet = str(Path(sys.argv[1]).resolve())
    wanted = sys.argv[2:] or ["spark", "kubernetes"]
    work = Path(tempfile.mkdtemp(prefix="signet-recipes-"))
    try:
        want, job_count = reference(signet, work)
        for name in wanted:
            {"spark": spark, "kubernetes": kubernetes}[name](signet, work, want, job_count)
    finally:
        shutil.rmtree(work)
    print("test-recipes: the recipes reproduce one batch run")


if __name__ == "__main__":
    main()
