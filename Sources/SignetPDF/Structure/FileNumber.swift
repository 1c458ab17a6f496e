/// The numbers a file states about its own layout (offsets, `/Prev`, `/Size`, cross-reference
/// fields), read and added with checked arithmetic: any of them may be near `Int.max`, and the
/// bytes before `%PDF` are added to every offset.
///
/// ISO 32000 lets an integer carry a sign, but an offset or count written with one (`+7106`), or
/// as a real, is read as 0 by some viewers (poppler, MuPDF), which then rebuild the table by
/// scanning the file and let the last definition of each object win: such a number does not mean
/// the same to every reader, so Signet takes only digits as one.
package enum FileNumber {
    /// The value of `text` when it is one or more ASCII digits (no sign, no point) that fit an
    /// `Int`; `nil` otherwise.
    package static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for c in text.utf8 {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(c - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// `offset` (relative to the header, as cross-reference sections give it) made absolute;
    /// `nil` when it is negative or the sum overflows (it then lies outside any file).
    package static func absolute(_ offset: Int, header: Int) -> Int? {
        guard offset >= 0 else { return nil }
        let (sum, overflow) = header.addingReportingOverflow(offset)
        return overflow ? nil : sum
    }

    /// The end of a sentence about a number written as `text` where only digits belong: what is
    /// wrong with it (a sign, a real, …) and why it matters.
    static func notDigits(_ text: String) -> String {
        let what =
            text.contains(where: { $0 == "+" || $0 == "-" })
            ? "with a sign"
            : text.contains(".")
                ? "as a real"
                : text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? "beyond what 64 bits hold" : "not in digits"
        return
            "\(what): offsets and counts are digits only, and poppler and MuPDF read such a number as 0 and rebuild the cross-reference table by scanning the file (the last definition of each object wins)"
    }
}
