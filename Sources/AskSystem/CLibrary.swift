import CAskSystem

/// errno, which C defines as a macro. Only the system layer reaches the C library, and only
/// through CAskSystem, so that it builds the same for the ordinary Swift runtime and for
/// Embedded Swift.
var errno: Int32 {
    get { ask_errno() }
    set { ask_set_errno(newValue) }
}
