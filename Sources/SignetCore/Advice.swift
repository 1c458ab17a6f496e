/// What a message tells its reader to do about one option: the ``OptionProperty`` and the action.
///
/// A Swift caller reads it with the property's name ("lower RenderOptions.scale"); the CLI
/// reads it with the flag that sets the property ("lower --scale").
public struct Advice: Sendable, Hashable, CustomStringConvertible {
    /// What to do with the property.
    public enum Action: Sendable, Hashable {
        /// Only name the property.
        case name
        /// Set it to this value (`true`, `.jpeg`, `102400`).
        case set(String)
        /// Leave it unset (`nil`, the default).
        case unset
        /// Make it larger.
        case raise
        /// Make it smaller.
        case lower
        /// Give a value for it.
        case give
        /// Check the value given.
        case check
        /// Give another value.
        case change
    }

    /// What to do.
    public var action: Action
    /// The option it is about.
    public var property: OptionProperty

    /// Advice to do `action` to `property`.
    /// - Parameters:
    ///   - action: What to do.
    ///   - property: The option it is about.
    package init(_ action: Action, _ property: OptionProperty) {
        self.action = action
        self.property = property
    }

    /// The advice with the property's name, as a Swift caller reads it.
    public var description: String {
        let name = property.name
        switch action {
        case .name: return name
        case .set(let value): return "set \(name) to \(value)"
        case .unset: return "leave \(name) nil"
        case .raise: return "raise \(name)"
        case .lower: return "lower \(name)"
        case .give: return "give \(name)"
        case .check: return "check \(name)"
        case .change: return "change \(name)"
        }
    }
}
