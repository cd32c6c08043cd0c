import AskModel
import AskPresentation
import AskSystem

/// What can go wrong with a list of choices, in words: the library's, and the command line's
/// where it names an option.
extension ChoicesRoom {
    /// The list's name in a sentence.
    private static func said(_ source: String) -> String { source == "-" ? "standard input" : "'\(source)'" }

    /// The list (`-`: standard input) could not be opened or read.
    package static func unreadable(_ source: String, _ error: SystemError) -> ControlFailure {
        ControlFailure(.unreadable, "cannot read the choices from \(said(source)): \(error)")
    }

    /// The list would be read from a terminal: the keys typed would be taken for choices.
    package static func fromTerminal(_ source: String) -> ControlFailure {
        ControlFailure(.usage, "cannot read the choices from \(said(source)): it is a terminal",
                       commandLine: source == "-" ? "--choices-from -: standard input is a terminal; pipe the choices in, or name a file"
                           : "--choices-from '\(source)' is a terminal; pipe the choices in, or name a file")
    }

    /// A line of the list was refused: too long, or it held a NUL byte.
    package static func refused(_ source: String, line: Int, _ reason: ChoiceList.Refusal) -> ControlFailure {
        switch reason {
        case .tooLong:
            return ControlFailure(.refused, "cannot take the choices from \(said(source)): line \(line) is longer than 1 MiB"
                                  + " (\(SheetLayout.grouped(ChoiceList.Limits.standard.lineBytes)) bytes)")
        case .nulByte:
            return ControlFailure(.refused, "cannot take the choices from \(said(source)): line \(line) holds a NUL byte (a choice is one line of text)")
        }
    }

    package static let noChoices = ControlFailure(.usage, "no choices to choose from: the list is empty")

    package static func noSuchChoice(_ name: String) -> ControlFailure {
        ControlFailure(.usage, "no choice to select first is named '\(name)'", commandLine: "--selected '\(name)' names none of the choices")
    }

    /// The fallback that answers what Return would, for a list whose every choice is
    /// destructive, none selected.
    package static let nothingSelected = ControlFailure(
        .usage, "no choice to answer with: every choice is destructive and none is selected",
        commandLine: "--fallback value has no choice to answer with: every choice is destructive (name one with --selected)")

    /// A line of standard input names no choice.
    package static func noChoiceNamed(_ name: String) -> ControlFailure {
        ControlFailure(.refused, "answer refused: no choice is named '\(name)' (give its number, its label or its value)")
    }

    /// `--multiple --required` (or `--min`) and too few choices named, or `--limit` and too many.
    package static func wrongMarks(_ sheet: SheetSpec, marked: Int) -> ControlFailure {
        let most = sheet.mostMarks ?? marked
        let words = marked < sheet.leastMarked
            ? sheet.leastMarked == 1 ? "at least one choice is required" : "at least \(sheet.leastMarked) choices are required"
            : most == 1 ? "at most one choice may be named" : "at most \(most) choices may be named"
        return ControlFailure(.refused, "answer refused: " + words)
    }

    /// `--allow-other`'s line of text is not one a person could type.
    package static func refused(_ refusal: TypedLine.Refusal) -> ControlFailure {
        ControlFailure(.refused, "answer refused: " + refusal.description)
    }
}
