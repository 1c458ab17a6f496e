import SignetTestSupport
import Testing

/// The harness that runs every CLI test as a real process.
struct ProcessRunnerTests {
    /// A refusal can exit before it reads its standard input; the write into the closed pipe used
    /// to raise SIGPIPE in the test process and end the whole run ("unexpected signal code 13"),
    /// at random, whenever the child won the race. 4 MB is more than a pipe holds, so here the
    /// child always exits first.
    @Test("a child that exits without reading its standard input leaves the test process running")
    func unreadStandardInput() throws {
        let input = [UInt8](repeating: 0x41, count: 4 << 20)
        for _ in 0..<3 {
            let result = try ProcessRunner.run("/bin/true", [], stdin: input)
            #expect(result.status == 0 && !result.signalled, "true: status \(result.status), \(result.stderr)")
        }
        let echoed = try ProcessRunner.run("/bin/cat", [], stdin: input)
        #expect(echoed.stdout.count == input.count, "cat gave back \(echoed.stdout.count) of \(input.count) bytes")
    }
}
