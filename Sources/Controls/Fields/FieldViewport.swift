import AskLayout
import AskModel

/// Which part of a long text the field shows: the cursor always in view, with as little
/// movement as possible. Looks at no more graphemes than fit in the field.
package enum FieldViewport {
    package static func start(count: Int, cursor: Int, previous: Int, width: Int, glyphWidth: (Int) -> Int) -> Int {
        guard width > 1 else { return cursor }
        var start = min(max(previous, 0), cursor)
        // The cursor needs one column after the text before it.
        var used = 0
        var index = cursor
        while index > start {
            let next = glyphWidth(index - 1)
            if used + next > width - 1 { break }
            used += next
            index -= 1
        }
        if index > start { return index }
        // Room to spare at the end: show more of what came before. `used` already measures
        // start..<cursor, so only what follows the cursor is measured now.
        var tail = used
        var probe = cursor
        while probe < count && tail <= width {
            tail += glyphWidth(probe)
            probe += 1
        }
        if probe >= count {
            if cursor == count { tail += 1 }
            while start > 0 {
                let previousWidth = glyphWidth(start - 1)
                if tail + previousWidth > width { break }
                tail += previousWidth
                start -= 1
            }
        }
        return start
    }
}
