/// What an option's value looks like, in the words messages use: "--at takes X,Y (like 72,680);
/// got '36'". The typed readers of `Arguments` and the parser (for a value split over two words)
/// say it the same way.
enum ValueForm {
    static let point = "X,Y (like 72,680)"
    /// `--at`: a point, or `auto` (`PlacementFlags.auto`).
    static let pointOrAuto = "X,Y (like 72,680) or auto"
    static let size = "WIDTHxHEIGHT (like 600x200)"
    static let byteSize = "a size (like 100000, 100k, 100kB, 100KiB or 1M)"
    static let number = "a number"
    static let wholeNumber = "a whole number"
    static func color(_ forms: String) -> String { "a color (\(forms))" }

    /// The form named by a help placeholder (`X,Y`, `SIZE`), else the placeholder itself.
    static func described(_ placeholder: String) -> String {
        switch placeholder {
        case "X,Y": point
        case "X,Y|auto": pointOrAuto
        case "WxH": size
        case "SIZE": byteSize
        default: placeholder
        }
    }
}
