/// A straight (not premultiplied) sRGB color with alpha, each channel in 0…1.
public struct Color: Sendable, Hashable, Codable {
    /// Components from 0 to 1, not premultiplied.
    public var red, green, blue, alpha: Double

    /// A colour from components between 0 and 1; opaque unless `alpha` says otherwise.
    /// - Parameters:
    ///   - red: The red component, from 0 to 1.
    ///   - green: The green component, from 0 to 1.
    ///   - blue: The blue component, from 0 to 1.
    ///   - alpha: The opacity, from 0 (transparent) to 1 (opaque, default).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    package static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// True when red, green and blue are equal (the ink can be stored as gray).
    package var isGray: Bool { red == green && green == blue }

    /// `#RRGGBB` or `#RRGGBBAA` (alpha only when not opaque).
    package var hex: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// Parses the CSS colors capture tools write: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb(r, g, b)`, `rgba(r, g, b, a)`, the 148 CSS colour names and `transparent`
    /// (`acceptedForms` says so in words). Returns `nil` otherwise.
    /// - Parameter text: The colour as CSS writes it.
    package init?(css text: String) {
        let s = text.trimmingSpaces().lowercased()
        if let named = Color.named(s) {
            self = named
        } else if s.hasPrefix("#") {
            guard let c = Color.parseHex(s.dropFirst()) else { return nil }
            self = c
        } else if s.hasPrefix("rgb(") || s.hasPrefix("rgba("), s.hasSuffix(")") {
            let inner = s.drop(while: { $0 != "(" }).dropFirst().dropLast()
            let parts = inner.split(separator: ",").map { String($0).trimmingSpaces() }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let rgb = parts.prefix(3).compactMap { Double($0) }
            guard rgb.count == 3, rgb.allSatisfy({ $0 >= 0 && $0 <= 255 }) else { return nil }
            var a = 1.0
            if parts.count == 4 {
                guard let v = Double(parts[3]), v >= 0, v <= 1 else { return nil }
                a = v
            }
            self.init(red: rgb[0] / 255, green: rgb[1] / 255, blue: rgb[2] / 255, alpha: a)
        } else {
            return nil
        }
    }

    private static func parseHex(_ digits: Substring) -> Color? {
        let values = digits.map { $0.hexDigitValue }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let v = values.map { Double($0!) }
        switch v.count {
        case 3, 4:
            return Color(
                red: v[0] / 15, green: v[1] / 15, blue: v[2] / 15,
                alpha: v.count == 4 ? v[3] / 15 : 1)
        case 6, 8:
            func pair(_ i: Int) -> Double { (v[i] * 16 + v[i + 1]) / 255 }
            return Color(red: pair(0), green: pair(2), blue: pair(4), alpha: v.count == 8 ? pair(6) : 1)
        default:
            return nil
        }
    }

    private static func named(_ name: String) -> Color? {
        if name == "transparent" { return .clear }
        guard let rgb = cssNames[name] else { return nil }
        func channel(_ shift: UInt32) -> Double { Double((rgb >> shift) & 0xFF) / 255 }
        return Color(red: channel(16), green: channel(8), blue: channel(0))
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (no Foundation).
    package func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
