/// How two byte arrays differ, for an expectation over large files and images: written
/// `#expect(byteDifference(a, b) == nil)`, a failure prints one line instead of having
/// swift-testing diff the two arrays element by element (which, for an image of a few hundred
/// thousand bytes, ran for many minutes before reporting anything).
///
/// nil when they are equal; otherwise their lengths, how many of the shared positions differ and
/// the first of them.
package func byteDifference(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> String? {
    let (x, y) = (Array(a), Array(b))
    guard x != y else { return nil }
    let differing = (0..<min(x.count, y.count)).filter { x[$0] != y[$0] }
    let first = differing.first.map { "first at byte \($0): \(x[$0]) against \(y[$0])" } ?? "none in the shared part"
    return "\(x.count) against \(y.count) bytes; \(differing.count) shared positions differ, \(first)"
}
