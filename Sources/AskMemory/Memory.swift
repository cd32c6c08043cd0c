import CAskSystem

/// Memory that may have held a secret: wiped with `explicit_bzero`, which the compiler may not
/// leave out as it may a store nobody reads. Every wipe in `ask` goes through here.
package enum Memory {
    /// Overwrites `count` bytes at `pointer` with zeros.
    @inline(__always)
    package static func wipe(_ pointer: UnsafeMutableRawPointer?, count: Int) {
        guard let pointer, count > 0 else { return }
        explicit_bzero(pointer, count)
    }

    /// Overwrites every byte of `buffer` with zeros.
    @inline(__always)
    package static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
        wipe(buffer.baseAddress, count: buffer.count)
    }

    /// Whether `count` bytes at `a` and `b` are the same.
    @inline(__always)
    package static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The offset of the first `byte` in `bytes`, if any (memchr).
    @inline(__always)
    package static func firstOffset(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}

extension Array {
    /// Overwrites the elements' bytes with zeros, in place (the count stays): for arrays of plain
    /// values that held typed text (events, scalars, cells, bytes).
    @inline(__always)
    package mutating func wipeBytes() {
        withUnsafeMutableBytes { Memory.wipe($0) }
    }

    /// Wipes the elements' bytes, then empties the array, keeping its storage.
    @inline(__always)
    package mutating func wipeAndEmpty() {
        wipeBytes()
        removeAll(keepingCapacity: true)
    }
}

extension Array where Element == UInt8 {
    /// Makes room for `extra` more bytes; when the storage must grow, moves to a bigger one by
    /// hand and wipes the old one before it is freed (for bytes that may hold revealed secure
    /// text: growing by itself would free a copy unwiped).
    package mutating func reserveWiping(extra: Int) {
        guard count + extra > capacity else { return }
        var grown: [UInt8] = []
        grown.reserveCapacity(Swift.max(2 * capacity, count + extra, 64))
        grown += self
        wipeBytes()
        self = grown
    }

    /// Appends `bytes`, growing as `reserveWiping` does.
    package mutating func appendWiping(contentsOf bytes: [UInt8]) {
        reserveWiping(extra: bytes.count)
        self += bytes
    }
}
