extension FileRevisions {
    /// Revisions `after + 1 ... last` (1-based indices) taken as one: what revision `last` shows
    /// against what revision `after` showed, so a run of saves that no signature separates is
    /// opened and judged once. An object written several times counts once, for the revision that
    /// last wrote or freed it (`writer`); syntax problems stay with each revision, not the span.
    package static func span(_ revisions: [Revision], after: Int, through last: Int) -> Revision {
        enum Event { case added, changed, freed }
        var first: [Int: (event: Event, revision: Int)] = [:]
        var latest: [Int: (event: Event, revision: Int)] = [:]
        var span = revisions[last - 1]
        span.start = revisions[after].start
        (span.entries, span.free, span.generationsBefore, span.writer) = ([:], [], [:], [:])
        (span.added, span.changed, span.freed, span.problems) = ([], [], [], [])
        for r in after..<last {
            let revision = revisions[r]
            for (events, event) in [
                (revision.added, Event.added), (revision.changed, .changed), (revision.freed, .freed),
            ] {
                for number in events {
                    if first[number] == nil { first[number] = (event, r) }
                    latest[number] = (event, r)
                    if let entry = revision.entries[number] { span.entries[number] = entry }
                }
            }
        }
        for (number, end) in latest {
            let start = first[number]!
            let inUseBefore = start.event != .added, inUseAfter = end.event != .freed
            span.writer[number] = revisions[end.revision].index
            if inUseBefore {
                span.generationsBefore[number] = revisions[start.revision].generationsBefore[number] ?? 0
            }
            if !inUseAfter { span.entries[number] = nil }
            switch (inUseBefore, inUseAfter) {
            case (true, true): span.changed.append(number)
            case (false, true): span.added.append(number)
            case (true, false): span.freed.append(number)
            case (false, false): continue
            }
        }
        span.added.sort()
        span.changed.sort()
        span.freed.sort()
        return span
    }
}
