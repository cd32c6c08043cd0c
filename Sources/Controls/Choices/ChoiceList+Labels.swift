import AskModel

extension ChoiceList {
    /// Calls `body` with the label's bytes of each choice in `range`, in order: a scan of many
    /// reaches the storage once, not once a choice.
    package func forEachLabel(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
        withStorage { storage in
            let arena = UnsafeRawBufferPointer(storage.arena)
            for index in range {
                let (start, end) = storage.label(index)
                body(UnsafeRawBufferPointer(rebasing: arena[start..<end]))
            }
        }
    }
}
