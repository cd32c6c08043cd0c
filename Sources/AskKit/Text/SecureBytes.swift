import Glibc

/// Bytes in memory this object owns: locked when the system allows, and overwritten with
/// `explicit_bzero` whenever they stop being used — on removal, on growth, on `wipe`, on release.
/// The one place where secret text is stored.
///
/// Its fields are on the path of every typed and pasted byte; they are never accessed in
/// overlapping ways, so they skip the runtime's dynamic exclusivity checks, which would cost
/// more than the work itself.
public final class SecureBytes {
    @exclusivity(unchecked) public private(set) var pointer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) public private(set) var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        pointer = Self.allocate(self.capacity)
    }

    deinit { release(pointer, capacity) }

    public var isEmpty: Bool { count == 0 }

    /// The bytes, read in place.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pointer, count: count) }

    @inline(__always)
    public func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        pointer[count] = byte
        count += 1
    }

    /// Appends a scalar's UTF-8 encoding.
    @inline(__always)
    public func append(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { append($0) }
        }
    }

    /// Opens a gap of `length` bytes at `offset` and copies `bytes` into it.
    public func insert(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        if offset < count { memmove(pointer + offset + bytes.count, pointer + offset, count - offset) }
        memcpy(pointer + offset, bytes.baseAddress!, bytes.count)
        count += bytes.count
    }

    /// Removes `range`, closing the gap and wiping the freed tail.
    public func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        memmove(pointer + range.lowerBound, pointer + range.upperBound, count - range.upperBound)
        count -= range.count
        explicit_bzero(pointer + count, range.count)
    }

    /// Empties the buffer, wiping every byte.
    public func wipe() {
        explicit_bzero(pointer, capacity)
        count = 0
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newPointer = Self.allocate(newCapacity)
        memcpy(newPointer, pointer, count)
        release(pointer, capacity)
        pointer = newPointer
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        _ = mlock(pointer, capacity)  // best effort: RLIMIT_MEMLOCK may refuse
        return pointer
    }

    private func release(_ pointer: UnsafeMutablePointer<UInt8>, _ capacity: Int) {
        explicit_bzero(pointer, capacity)
        munlock(pointer, capacity)
        pointer.deallocate()
    }
}
