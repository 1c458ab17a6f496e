import Foundation
import SignetCodecs
import SignetCore
import SignetTestSupport
import Testing

/// `signet compress` backs its image buffers with transparent huge pages
/// (`AllocatorTuning.hugePagesForImageBuffers`), seen from outside: the process's minor page
/// faults with the kernel's THP allowed and with it refused for that process
/// (`prctl(PR_SET_THP_DISABLE)`, which a child keeps across exec).
@Suite(
    "signet compress: page faults (process)",
    .enabled(if: HugePageMode.allowed, Comment(rawValue: HugePageMode.offNote)))
struct CompressPageFaultTests {
    /// Runs `signet arguments` from a Python parent that reads the child's minor page faults
    /// (`wait4`; the child's own output goes to standard error); with `refuseHugePages`, the child refuses THP before it execs signet.
    static func faults(_ arguments: [String], refuseHugePages: Bool) throws -> Int {
        let script = """
            import ctypes, os, sys
            pid = os.fork()
            if pid == 0:
                if sys.argv[1] == "refuse" and ctypes.CDLL(None, use_errno=True).prctl(41, 1, 0, 0, 0) != 0:
                    os._exit(90)
                os.dup2(2, 1)
                os.execv(sys.argv[2], sys.argv[2:])
            _, status, usage = os.wait4(pid, 0)
            print(os.waitstatus_to_exitcode(status), usage.ru_minflt)
            """
        let result = try ProcessRunner.run(
            "python3", ["-c", script, refuseHugePages ? "refuse" : "allow", ProcessRunner.signet] + arguments)
        let fields = result.stdoutText.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(fields.count == 2, "python3 said: \(result.stdoutText) \(result.stderr)")
        #expect(fields[0] == 0, "signet exited with \(fields[0])")
        return fields[1]
    }

    @Test("a 2400×800 signature at 30 KB takes under half the page faults it takes on 4 KiB pages")
    func fewerFaults() throws {
        let dir = TemporaryDirectory("signet-compress-faults")
        let signature = TestImages.signature(width: 2400, height: 800, ink: Color(red: 0.1, green: 0.1, blue: 0.5))
        let input = dir.write("sig.png", bytes: try PNGEncoder.encode(signature))
        let before = HugePageMode.counters()
        let huge = try Self.faults(
            ["compress", input, "-o", dir.path("huge.jpg"), "--max-bytes", "30KB"], refuseHugePages: false)
        let after = HugePageMode.counters()
        let small = try Self.faults(
            ["compress", input, "-o", dir.path("small.jpg"), "--max-bytes", "30KB"], refuseHugePages: true)
        // Measured: about 3,000 against 11,000. The image alone is 1,875 pages of 4 KiB, held twice.
        #expect(
            huge * 2 < small,
            """
            page faults: \(huge) with huge pages allowed, \(small) with them refused; \
            the kernel's huge-page faults over the first run (all processes): \(after.allocated - before.allocated) \
            given, \(after.fallback - before.fallback) fallen back to 4 KiB pages
            """)
        // The pages change the speed, never the file.
        let same = try Data(contentsOf: URL(fileURLWithPath: dir.path("huge.jpg")))
        #expect(same == (try Data(contentsOf: URL(fileURLWithPath: dir.path("small.jpg")))))
    }
}

/// The kernel's transparent huge page mode, as /sys/kernel/mm/transparent_hugepage/enabled says.
enum HugePageMode {
    static let setting = "/sys/kernel/mm/transparent_hugepage/enabled"
    /// `always` or `madvise`: a process may ask for huge pages.
    static var allowed: Bool {
        let mode = (try? String(contentsOfFile: setting, encoding: .utf8)) ?? ""
        return mode.contains("[always]") || mode.contains("[madvise]")
    }
    /// /proc/vmstat's count of huge pages given at a page fault, and of faults that fell back to
    /// 4 KiB pages (no free 2 MiB block): the kernel's side of a run, for a failure message.
    static func counters() -> (allocated: Int, fallback: Int) {
        let text = (try? String(contentsOfFile: "/proc/vmstat", encoding: .utf8)) ?? ""
        func value(_ name: String) -> Int {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
                ?? 0
        }
        return (value("thp_fault_alloc"), value("thp_fault_fallback"))
    }
    static let offNote = "the kernel's transparent huge pages are off (\(setting) says [never] or is absent)"
}
