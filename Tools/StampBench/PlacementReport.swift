import Foundation
import SignetTestSupport

/// The benchmark's correctness table: one row per fixture geometry, one column per tool, then the
/// details of every cell that is not right.
enum PlacementReport {
    static func matrix(names: [String], results: [[PlacementCheck.Row]]) -> String {
        let labelWidth = GeometryFixture.pages.map(\.label.count).max()! + 8
        let columnWidth = max(names.map(\.count).max()!, 6) + 2
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 0)) }
        var lines = [pad("page  geometry", labelWidth) + names.map { pad($0, columnWidth) }.joined()]
        for index in GeometryFixture.pages.indices {
            let label = pad(String(format: "%4d  ", index + 1) + GeometryFixture.pages[index].label, labelWidth)
            lines.append(label + results.map { pad(cell($0[index]), columnWidth) }.joined())
        }
        lines.append(
            pad("correct", labelWidth)
                + results.map { rows in
                    pad("\(rows.filter(\.correct).count)/\(rows.count)", columnWidth)
                }.joined())
        lines.append("")
        for (name, rows) in zip(names, results) {
            for row in rows where !row.correct {
                lines.append("\(name), page \(row.page) (\(row.label)): \(row.verdict)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "ok", "WRONG" (stamp misplaced or turned) and/or "MOVED" (page content changed).
    static func cell(_ row: PlacementCheck.Row) -> String {
        if row.correct { return "ok" }
        return [row.placed ? nil : "WRONG", row.contentChange.changedPixels > 0 ? "MOVED" : nil]
            .compactMap { $0 }.joined(separator: "+")
    }
}
