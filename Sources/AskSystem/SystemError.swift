import CAskSystem

/// An error the C library reported, by its number (errno), and named in words when shown.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    package let code: Int32

    package init(_ code: Int32) { self.code = code }

    /// The error the last failed call left in errno.
    package static var last: SystemError { SystemError(errno) }

    package var description: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    package static let interrupted = SystemError(EINTR)
    package static let wouldBlock = SystemError(EAGAIN)
    package static let brokenPipe = SystemError(EPIPE)
    package static let tooLarge = SystemError(EFBIG)
    package static let notATerminal = SystemError(ENOTTY)
}
