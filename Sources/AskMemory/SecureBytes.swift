import CAskSystem

/// Bytes in memory this object owns: locked when the system allows, and overwritten with
/// `explicit_bzero` whenever they stop being used — on removal, on growth, on `wipe`, on release.
/// The one place where secret text is stored.
///
/// Its fields are on the path of every typed and pasted byte; they are never accessed in
/// overlapping ways, so they skip the runtime's dynamic exclusivity checks, which would cost
/// more than the work itself.
package final class SecureBytes {
    @exclusivity(unchecked) package private(set) var pointer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var capacity: Int
    @exclusivity(unchecked) package private(set) var count = 0
    /// Whether `pointer` came from mmap (else from the allocator).
    private var isMapped = false
    /// Whether the memory is locked against swapping (for secrets; locking makes every page
    /// resident, so text that is not secret is not locked).
    private let isLocked: Bool

    package init(capacity: Int = 256, locked: Bool = true) {
        self.capacity = max(capacity, 16)
        isLocked = locked
        (pointer, isMapped) = Self.allocate(self.capacity, locked: locked)
    }

    deinit { release(pointer, capacity, mapped: isMapped) }

    package var isEmpty: Bool { count == 0 }

    /// The bytes, read in place.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: pointer, count: count) }

    @inline(__always)
    package func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        pointer[count] = byte
        count += 1
    }

    /// Appends a scalar's UTF-8 encoding.
    @inline(__always)
    package func append(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x80 {
            append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { append($0) }
        }
    }

    /// Opens a gap of `length` bytes at `offset` and copies `bytes` into it.
    package func insert(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        if offset < count { memmove(pointer + offset + bytes.count, pointer + offset, count - offset) }
        memcpy(pointer + offset, bytes.baseAddress!, bytes.count)
        count += bytes.count
    }

    /// Removes `range`, closing the gap and wiping the freed tail.
    package func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        memmove(pointer + range.lowerBound, pointer + range.upperBound, count - range.upperBound)
        count -= range.count
        Memory.wipe(pointer + count, count: range.count)
    }

    /// Empties the buffer, wiping every byte used.
    package func wipe() {
        Memory.wipe(pointer, count: count)
        count = 0
    }

    /// From this size on, memory is mapped directly and grows by moving pages (`mremap`):
    /// no second copy while growing, and nothing left behind to wipe.
    static let mappedSize = 65536

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        if isMapped, let moved = ask_mremap(pointer, capacity, newCapacity) {
            pointer = moved.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
            return
        }
        let (newPointer, mapped) = Self.allocate(newCapacity, locked: isLocked)
        memcpy(newPointer, pointer, count)
        release(pointer, capacity, mapped: isMapped)
        pointer = newPointer
        isMapped = mapped
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int, locked: Bool) -> (UnsafeMutablePointer<UInt8>, mapped: Bool) {
        var result: (UnsafeMutablePointer<UInt8>, mapped: Bool)
        if capacity >= mappedSize,
           let mapped = ask_map_anonymous(capacity) {
            result = (mapped.assumingMemoryBound(to: UInt8.self), true)  // zero-filled by the kernel
        } else {
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            pointer.initialize(repeating: 0, count: capacity)
            result = (pointer, false)
        }
        if locked { _ = mlock(result.0, capacity) }  // best effort: RLIMIT_MEMLOCK may refuse
        return result
    }

    /// Wipes and frees. Past `count` every byte is already zero (never written, or wiped by
    /// `remove`), so only the used part is wiped: wiping untouched pages would make them resident.
    private func release(_ pointer: UnsafeMutablePointer<UInt8>, _ capacity: Int, mapped: Bool) {
        Memory.wipe(pointer, count: count)
        if isLocked { munlock(pointer, capacity) }
        if mapped {
            munmap(pointer, capacity)
        } else {
            pointer.deallocate()
        }
    }
}
