/// The one wording for "there is nothing to draw", used by the stroke readers (an input with no
/// strokes, or only empty ones) and by the renderer (a drawing without ink), so a user sees the
/// same "no ink: …" whichever stage notices.
package enum NoInk {
    /// `no ink: <what>; check that the file holds a capture.`
    package static func message(_ what: String) -> String {
        "no ink: \(what); check that the file holds a capture."
    }
}
