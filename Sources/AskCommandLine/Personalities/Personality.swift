import AskModel

/// The programs whose command lines `ask` also takes, so that the scripts written for them run
/// on it: started under their name (a link), or as `ask --whiptail ARGS…`. Each reads its own
/// command line into an `Invocation` (`ask`'s own alert and sheet, drawn inline) and a
/// `CompatInvocation`'s rules for the answer: which descriptor, which bytes, which status.
package enum Personality: String, Equatable, Sendable, CaseIterable {
    case whiptail

    /// The personality a program name (its last path component) or a first argument
    /// (`--whiptail`) asks for.
    package static func named(program: String, firstArgument: String?) -> Personality? {
        let base = program.split(separator: "/").last.map(String.init) ?? program
        if let personality = Personality(rawValue: base) { return personality }
        guard let first = firstArgument, first.hasPrefix("--") else { return nil }
        return Personality(rawValue: String(first.dropFirst(2)))
    }
}

/// A box of another program's, as `ask` draws it, and how its answer is given back.
package struct CompatInvocation: Equatable, Sendable {
    /// What the script's answer looks like.
    package enum Answer: Equatable, Sendable {
        /// Nothing (a message, a question, an info box, a text box, a gauge).
        case none
        /// The field's text (an input box, a password box), with nothing after it.
        case text
        /// The tag chosen (a menu; a radio list's, when one is marked).
        case tag
        /// A checklist's tags: each in double quotes, a space between (`"a" "b"`), or
        /// `separate`: each on a line of its own.
        case tags(separate: Bool)
    }

    package var personality: Personality
    package var invocation: Invocation
    package var answer: Answer = .none
    /// Where the answer goes (`--output-fd`; stderr by default).
    package var output: Int32 = 2

    package init(personality: Personality, invocation: Invocation = Invocation(), answer: Answer = .none) {
        self.personality = personality
        self.invocation = invocation
        self.answer = answer
    }

    /// The status the program gives when the box ends as `outcome` (nil: a signal ended it,
    /// re-raised). whiptail: 0 for OK or Yes, 1 for Cancel or No, 255 for Esc.
    package func status(_ outcome: Outcome) -> Int32? {
        switch outcome {
        case .accepted(.ok): return 0
        case .accepted(.cancel): return 1
        case .accepted(.secondary): return 3
        case .cancelled, .timedOut: return 255
        case .interrupted: return nil
        }
    }

    /// The status of a failure once the box was read (no terminal, a file that cannot be
    /// read): whiptail's for an error.
    package var errorStatus: Int32 { 255 }

    /// The bytes the script reads for `chosen` (a sheet's answers, in list order).
    package func bytes(chosen: [[UInt8]]) -> [UInt8] {
        switch answer {
        case .none, .text: return []
        case .tag: return chosen.first ?? []
        case .tags(separate: true): return chosen.flatMap { $0 + [0x0A] }
        case .tags(separate: false):
            var bytes: [UInt8] = []
            for (index, tag) in chosen.enumerated() { bytes += (index > 0 ? [0x20, 0x22] : [0x22]) + tag + [0x22] }
            return bytes
        }
    }
}

/// A command line another program would refuse: its message, and that program's status for it.
package struct CompatUsageError: Error, Equatable, Sendable {
    package let message: String
    package let status: Int32

    package init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
