import SignetPDF

/// What the file's bytes say beyond what qpdf reads (`FileRevisions.accountBytes`), read the
/// strictest way: after a signature, a dictionary that defines a key twice (qpdf keeps the last
/// value, poppler the first once a dictionary has 32 entries), an object no cross-reference entry
/// lists, and an object too large to check are each a change at level `other`; in what a signature
/// covers, a key defined twice with different values makes the signed content ambiguous (a problem)
/// and one repeated with the same value is a note.
struct RawSyntaxFindings {
    let revisions: [Revision]
    let bytes: [RevisionBytes]

    /// How an object is named in a sentence: "object 12 (page 1)", with its page when it has one.
    typealias Describe = (Int) -> (text: String, page: Int?)

    /// Nothing found in any revision.
    var isEmpty: Bool {
        bytes.allSatisfy {
            $0.duplicates.isEmpty && $0.trailerDuplicates.isEmpty && $0.unlisted.isEmpty && $0.unchecked.isEmpty
        }
    }

    /// Objects named by the roles `map` gives them ("object 12 (page 1)", "object 50 (annotation on
    /// page 1)"); by number alone without a map.
    static func describe(_ map: DocumentMap?) -> Describe {
        { number in
            guard let map else { return ("object \(number)", nil) }
            let roles = map.roles(of: number), page = map.pageOf[number]
            let text: String
            if roles.contains(.page), let page {
                text = "page \(page)"
            } else if roles.isEmpty {
                text = "unused"
            } else {
                text = roles.map(\.rawValue).sorted().joined(separator: ", ") + (page.map { " on page \($0)" } ?? "")
            }
            return ("object \(number) (\(text))", page)
        }
    }

    /// `others` (changes after revision `covered`, oldest first) with these among them, oldest
    /// first, each revision's own changes in the order found.
    func changes(after covered: Int, among others: [Change], describe: Describe) -> [Change] {
        (others + changes(after: covered, describe: describe)).enumerated().sorted {
            ($0.element.revision, $0.offset) < ($1.element.revision, $1.offset)
        }.map(\.element)
    }

    /// Every such change made after revision `covered`, oldest first.
    func changes(after covered: Int, describe: Describe) -> [Change] {
        var changes: [Change] = []
        for account in bytes where account.revision > covered {
            let r = account.revision
            for key in account.trailerDuplicates {
                changes.append(
                    Change(revision: r, level: .other, what: "revision \(r)'s trailer defines \(key.keyPath) twice"))
            }
            for (number, keys) in account.duplicates.sorted(by: { $0.key < $1.key }) {
                let (name, page) = describe(number)
                for key in keys {
                    changes.append(
                        Change(
                            revision: r, level: .other, what: "\(name) defines \(key.keyPath) twice", page: page,
                            object: number))
                }
            }
            for number in account.unchecked {
                let (name, page) = describe(number)
                changes.append(
                    Change(
                        revision: r, level: .other,
                        what:
                            "\(name) is over \(FileRevisions.maxScanned >> 20) MiB of syntax, not checked for keys defined twice",
                        page: page, object: number))
            }
            for id in account.unlisted {
                changes.append(
                    Change(revision: r, level: .other, what: Self.unlisted(id, revision: r), object: id.number))
            }
        }
        return changes
    }

    /// What the document as revision `covered` left it defines twice: keys with different values
    /// are problems (`ambiguous`), repeated values are notes.
    func signed(through covered: Int, describe: Describe) -> (problems: [Problem], notes: [String]) {
        var problems: [Problem] = []
        var notes: [String] = []
        for (name, key) in definedTwice(through: covered, describe: describe) {
            if key.differs {
                problems.append(
                    Problem(
                        .ambiguous,
                        "the signed revision reads two ways: \(Self.differing(name, key)), and viewers do not agree on which one counts"
                    ))
            } else {
                notes.append("\(name) defines \(key.keyPath) twice, with the same value both times")
            }
        }
        return (problems, notes)
    }

    /// What makes the document as the last revision left it read two ways, one phrase each: keys
    /// defined twice with different values (as `signed(through:)` finds them), and objects that a
    /// revision holds and its cross-reference section does not list (a reader that rebuilds the
    /// table finds them, one that follows it does not) — but for the file's cross-reference
    /// streams, which readers find through startxref, /Prev and /XRefStm, not through an entry (a
    /// hybrid file's /XRefStm stream, written in one save and named by the next, as in
    /// prefilled_f1040.pdf).
    func twoReadings(describe: Describe) -> [String] {
        let streams = revisions.reduce(into: Set<Int>()) { $0.formUnion($1.xrefStreams) }
        let unlisted = bytes.flatMap { account in
            account.unlisted.filter { !streams.contains($0.number) }.map {
                Self.unlisted($0, revision: account.revision)
            }
        }
        let keys = definedTwice(through: revisions.count, describe: describe).filter(\.key.differs)
        return keys.map { Self.differing($0.name, $0.key) } + unlisted
    }

    /// Every key defined twice in the document as revision `covered` left it (each object's newest
    /// definition counts) and in that revision's trailer, with what it is in.
    private func definedTwice(through covered: Int, describe: Describe) -> [(name: String, key: DuplicateKey)] {
        var current: [Int: [DuplicateKey]] = [:]
        for (revision, account) in zip(revisions, bytes) where revision.index <= covered {
            for number in revision.entries.keys { current[number] = nil }
            for number in revision.freed { current[number] = nil }
            current.merge(account.duplicates) { _, newer in newer }
        }
        var found: [(name: String, key: DuplicateKey)] = []
        for (number, keys) in current.sorted(by: { $0.key < $1.key }) {
            let name = describe(number).text
            found += keys.map { (name, $0) }
        }
        if let trailer = bytes.first(where: { $0.revision == covered }) {
            found += trailer.trailerDuplicates.map { ("its trailer", $0) }
        }
        return found
    }

    private static func differing(_ name: String, _ key: DuplicateKey) -> String {
        "\(name) defines \(key.keyPath) twice with different values"
    }

    private static func unlisted(_ id: PDFObjectID, revision r: Int) -> String {
        "revision \(r) holds object \(id.number) \(id.generation), which its cross-reference section does not list"
    }
}
