/// How a path reads in a message: `-` stands for standard input or standard output.
package enum StreamName {
    /// `standard input` for `-`, else the path.
    package static func input(_ path: String) -> String { path == "-" ? "standard input" : path }
    /// `standard output` for `-`, else the path.
    package static func output(_ path: String) -> String { path == "-" ? "standard output" : path }
    /// A short name to build output file names from: `stdin` for `-`, else the last path component
    /// (`fallback` when the path has none).
    package static func stem(_ path: String, orElse fallback: String = "") -> String {
        path == "-" ? "stdin" : String(path.split(separator: "/").last ?? Substring(fallback))
    }
}
