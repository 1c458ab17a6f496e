#!/usr/bin/env python3
"""Lists the public symbols of a symbol graph whose documentation is missing: no /// comment, or a
function or initializer whose comment has no `- Parameters:` (when it takes any) or no `- Throws:`
(when it throws). Exit status 1 when anything is missing.

Members the compiler synthesizes (Codable, RawRepresentable, Equatable, ...) have no source
location and inherit their protocol's documentation, so they are not counted; nor are the cases
of a documented enum written on one line (`enum Phase { case stamping, writing }`)."""
import json
import sys

FUNCTIONS = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.func.op", "swift.subscript"}

graph = json.load(open(sys.argv[1]))
symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
parent = {r["source"]: symbols.get(r["target"]) for r in graph["relationships"] if r["kind"] == "memberOf"}


def line(symbol):
    return symbol.get("location", {}).get("position", {}).get("line")


def where(symbol):
    return "Sources/" + symbol["location"]["uri"].split("/Sources/")[-1] + ":" + str(line(symbol) + 1)


def name(symbol):
    return symbol["kind"]["displayName"].lower() + " " + ".".join(symbol["pathComponents"])


missing = []
for symbol in graph["symbols"]:
    if "location" not in symbol:
        continue
    comment = symbol.get("docComment")
    if not comment:
        owner = parent.get(symbol["identifier"]["precise"])
        one_line_enum = (symbol["kind"]["identifier"] == "swift.enum.case" and owner
                         and owner.get("docComment") and line(owner) == line(symbol))
        if not one_line_enum:
            missing.append(f"{where(symbol)}: {name(symbol)} has no /// comment")
        continue
    if symbol["kind"]["identifier"] in FUNCTIONS:
        text = " ".join(entry["text"] for entry in comment["lines"])
        if symbol.get("functionSignature", {}).get("parameters") and "- Parameter" not in text:
            missing.append(f"{where(symbol)}: {name(symbol)} documents no `- Parameters:`")
        throws = any(fragment.get("spelling") in ("throws", "rethrows") for fragment in symbol["declarationFragments"])
        if throws and "- Throws" not in text:
            missing.append(f"{where(symbol)}: {name(symbol)} documents no `- Throws:`")

for entry in sorted(set(missing)):
    print(entry, file=sys.stderr)
print(f"docs: {len(graph['symbols'])} public symbols, {len(set(missing))} documentation gaps", file=sys.stderr)
sys.exit(1 if missing else 0)
