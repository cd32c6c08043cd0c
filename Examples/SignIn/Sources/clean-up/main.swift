import AskKit

// Offers what to do with old build products as an action sheet: the destructive action is
// shown first, after the sign `!`, and Cancel stays apart at the bottom.

let actions = [ActionSheet.Action("Keep them"), ActionSheet.Action("Archive them"),
               ActionSheet.Action("Delete them", style: .destructive)]
var sheet = ActionSheet(title: "Old Builds", message: "12 builds are older than 30 days.", actions: actions)
sheet.selectedIndices = [0]  // highlighted first
sheet.fallback = .selected   // no terminal: keep them

do {
    switch try sheet.present() {
    case let .chosen(indices):
        print("Chose: \(actions[indices[0]].title)")  // an index into `actions`
    case .timedOut, .cancelled, .interrupted:
        print("Nothing done.")
    }
} catch {
    print("clean-up: \(error)")
}
