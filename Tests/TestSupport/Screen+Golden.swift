import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskPresentation
import AskTextBox

extension Screen {
    /// The rows as text for golden tests, with the field's underlined blanks shown as `_` so
    /// the field's extent is visible; trailing spaces removed.
    package var goldenLines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = self[row, column]
                line += cell.style.underline && cell.text == " " ? "_" : cell.text
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
