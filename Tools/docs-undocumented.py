#!/usr/bin/env python3
"""Lists the public symbols of a symbol graph that have no documentation comment.

The cases of a documented enum written on one line count as documented by it. Members the compiler synthesizes (Codable, RawRepresentable, Equatable, ...) have no source
location and inherit their protocol's documentation, so they are not counted. Exit status 1
when any is missing."""
import json
import sys

graph = json.load(open(sys.argv[1]))
symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
parent = {r["source"]: symbols.get(r["target"]) for r in graph["relationships"] if r["kind"] == "memberOf"}


def line(symbol):
    return symbol.get("location", {}).get("position", {}).get("line")


missing = []
for symbol in graph["symbols"]:
    location = symbol.get("location")
    if symbol.get("docComment") or location is None:
        continue
    # The cases of a documented one-line enum (`enum Phase { case stamping, writing }`).
    owner = parent.get(symbol["identifier"]["precise"])
    if symbol["kind"]["identifier"] == "swift.enum.case" and owner and owner.get("docComment") and line(owner) == line(symbol):
        continue
    path = location["uri"].split("/Sources/")[-1]
    line = location["position"]["line"] + 1
    missing.append(f"Sources/{path}:{line}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])} has no /// comment")
for entry in sorted(set(missing)):
    print(entry, file=sys.stderr)
print(f"docs: {len(graph['symbols'])} public symbols, {len(set(missing))} without a documentation comment", file=sys.stderr)
sys.exit(1 if missing else 0)
