/// Findings made after a report was built (the overlay check renders pages at the edge of the
/// program, once every signature has been checked).
extension SignatureReport {
    /// Adds a change after the signature: it raises the modification level, and one beyond the
    /// permitted level makes the signature not permitted and not valid.
    package mutating func add(_ change: Change) {
        changes.append(change)
        modificationLevel = max(modificationLevel, change.level)
        guard change.level > permittedLevel else { return }
        permitted = false
        invalidate()
    }

    /// Adds a problem: the signature is not valid.
    package mutating func add(problem: String) {
        problems.append(problem)
        invalidate()
    }

    /// Not valid, and so not "intact but untrusted" either.
    private mutating func invalidate() {
        valid = false
        intactButUntrusted = false
    }
}
