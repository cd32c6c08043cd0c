import AskModel

/// The kind of text the field expects, after UIKit's keyboard types.
///
/// On a terminal a keyboard type is a filter on what can be typed plus a check on accept.
package enum KeyboardType: String, CaseIterable, Sendable {
    case `default`
    case number
    case decimal
    case phone
    case email
    case url
    case ascii
    /// A file's path: Tab completes it from the file system (`PathCompletion`).
    case path
}
