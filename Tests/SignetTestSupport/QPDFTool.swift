import Foundation

/// `qpdf --check` and `qpdf --json`, the independent structure checks.
package enum QPDFTool {
    /// What `qpdf --check` said.
    package struct CheckResult: Sendable {
        /// 0 clean, 3 warnings only, 2 errors.
        package var status: Int32
        package var output: String
        /// True when qpdf found neither errors nor warnings.
        package var isClean: Bool { status == 0 }
        /// The lines qpdf flagged as `WARNING:` (or `error`) on stdout or stderr.
        package var problems: [String] {
            output.split(separator: "\n").map(String.init).filter {
                $0.localizedCaseInsensitiveContains("warning") || $0.localizedCaseInsensitiveContains("error")
            }
        }
    }

    /// Runs `qpdf --check` (test material only: the password goes on qpdf's command line).
    package static func check(_ pdf: String, password: String? = nil) throws -> CheckResult {
        var arguments = ["--check"]
        if let password { arguments.append("--password=\(password)") }
        let r = try ToolFailure.run("qpdf", arguments + [pdf], accepted: [0, 2, 3])
        return CheckResult(status: r.status, output: r.stdoutText + r.stderr)
    }

    /// Each page's /UserUnit (1 when absent; it is not inheritable), read with `qpdf --json`,
    /// because poppler's tools do not report it.
    package static func userUnits(_ pdf: String, password: String? = nil) throws -> [Double] {
        var arguments = ["--json", "--json-key=pages", "--json-key=qpdf"]
        if let password { arguments.append("--password=\(password)") }
        let r = try ToolFailure.run("qpdf", arguments + [pdf], accepted: [0, 3])
        guard let root = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any],
            let pages = root["pages"] as? [[String: Any]],
            let qpdf = root["qpdf"] as? [Any], qpdf.count == 2, let objects = qpdf[1] as? [String: Any]
        else { throw ToolFailure("qpdf --json of \(pdf): unexpected layout") }
        return try pages.map { page in
            guard let ref = page["object"] as? String,
                let entry = objects["obj:" + ref] as? [String: Any], let dict = entry["value"] as? [String: Any]
            else { throw ToolFailure("qpdf --json of \(pdf): page object missing") }
            return (dict["/UserUnit"] as? NSNumber)?.doubleValue ?? 1
        }
    }
}
