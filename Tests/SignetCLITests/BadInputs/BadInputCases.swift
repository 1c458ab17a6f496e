/// Every case of the README's bad-input table, command by command, in the order the table lists
/// them. Each command's cases are in `BadInputCases+<Command>.swift`.
enum BadInputCases {
    typealias F = BadInputFixtures

    static let all: [BadInputCase] =
        render + compress + stamp + info + preview + sign + verify + batch + evidence + sealedEvidence
}
