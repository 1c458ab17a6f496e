import SignetTestSupport

/// Whether python3 can import a module (Pillow, scikit-image) for reference computations.
enum PythonTools {
    static func has(_ module: String) -> Bool {
        guard ProcessRunner.hasTool("python3") else { return false }
        return (try? ProcessRunner.run("python3", ["-c", "import \(module)"]).status) == 0
    }
}
