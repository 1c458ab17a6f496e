/// The channels of an ISO/IEC 19794-7 record, in the order of the channel inclusion field's
/// bits (X is the most significant) and of the values in a sample point.
enum ISO19794Channel: Int, CaseIterable, Comparable {
    case x = 15, y = 14, z = 13, velocityX = 12, velocityY = 11, accelerationX = 10, accelerationY = 9
    case time = 8, timeDelta = 7, force = 6, tipSwitch = 5, tiltX = 4, tiltY = 3, azimuth = 2, elevation = 1
    case rotation = 0

    /// The channel's bit in the inclusion field.
    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// Signed channels are stored offset by 32768 (the value minus the type's lower bound).
    var isSigned: Bool {
        switch self {
        case .x, .y, .velocityX, .velocityY, .accelerationX, .accelerationY, .tiltX, .tiltY: return true
        default: return false
        }
    }

    /// Bytes per value in a sample point: the tip switch takes one, every other channel two.
    var width: Int { self == .tipSwitch ? 1 : 2 }

    /// The channel's name as the standard abbreviates it, for messages.
    var name: String {
        switch self {
        case .x: return "X"
        case .y: return "Y"
        case .z: return "Z"
        case .velocityX: return "VX"
        case .velocityY: return "VY"
        case .accelerationX: return "AX"
        case .accelerationY: return "AY"
        case .time: return "T"
        case .timeDelta: return "DT"
        case .force: return "F"
        case .tipSwitch: return "S"
        case .tiltX: return "TX"
        case .tiltY: return "TY"
        case .azimuth: return "Az"
        case .elevation: return "E"
        case .rotation: return "R"
        }
    }

    /// The channels of an inclusion field, in record order.
    static func included(in field: UInt16) -> [ISO19794Channel] {
        allCases.filter { field & $0.bit != 0 }.sorted()
    }

    /// Record order: X first.
    static func < (a: Self, b: Self) -> Bool { a.rawValue > b.rawValue }
}

/// The optional parts of a channel description, in the order of its preamble's bits; each
/// present one but the two flags is followed by a 16-bit value.
enum ISO19794DescriptionPart: UInt8, CaseIterable {
    case scalingValue = 0x80, minimum = 0x40, maximum = 0x20, mean = 0x10, standardDeviation = 0x08
    case isConstant = 0x04, linearComponentRemoved = 0x02

    /// True for the parts that carry a 16-bit value after the preamble.
    var hasValue: Bool { rawValue >= 0x08 }
}
