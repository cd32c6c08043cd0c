import AskModel

/// The order matches are shown in: by score (highest first), then the shorter label, then the
/// list's order. Each match is one 64-bit entry — its key in the high half, its list index in
/// the low — so that entries in ascending order are in that order, and the keys, small
/// integers, sort in a few passes of a radix sort instead of a comparison sort.
enum RankOrder {
    /// A match's entry: its score as kept (`FilterScore.kept`), its label's length in bytes
    /// (beyond 65,535 all alike) and its list index.
    @inline(__always)
    static func entry(score: UInt16, length: Int, index: UInt32) -> UInt64 {
        let key = UInt64(65535 - score) << 16 | UInt64(min(length, 65535))
        return key << 32 | UInt64(index)
    }

    /// The list index of an entry.
    @inline(__always)
    static func index(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) }

    /// Below this many entries a comparison sort is as quick.
    static let countingFrom = 512
    /// The most buckets a counting sort takes: keys of more distinct values are sorted a byte at a time.
    static let mostBuckets = 1 << 16

    /// Sorts `entries`, given in ascending list index, into ascending order: stably by key alone.
    /// Scores and lengths vary little among matches, so the keys usually take one counting
    /// pass over the span of keys they have; else a pass for each byte in which they differ.
    static func sort(_ entries: inout [UInt64]) {
        let count = entries.count
        guard count >= countingFrom else { return entries.sort() }
        var (lowest, highest) = (entries[0] >> 32, entries[0] >> 32)
        var (shortest, longest) = (lowest & 0xFFFF, lowest & 0xFFFF)
        var differing: UInt64 = 0
        let firstKey = lowest
        for entry in entries {
            let key = entry >> 32
            differing |= key ^ firstKey
            highest = max(highest, key & ~0xFFFF)
            lowest = min(lowest, key & ~0xFFFF)
            shortest = min(shortest, key & 0xFFFF)
            longest = max(longest, key & 0xFFFF)
        }
        guard differing != 0 else { return }
        let lengths = Int(longest - shortest) + 1
        let scores = Int((highest - lowest) >> 16) + 1
        guard scores * lengths <= mostBuckets else { return byBytes(&entries, differing: differing) }
        let first = UInt64(lowest >> 16)
        var sorted = [UInt64](repeating: 0, count: count)
        var counts = [UInt32](repeating: 0, count: scores * lengths + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            entries.withUnsafeBufferPointer { source in
                @inline(__always) func bucket(_ entry: UInt64) -> Int {
                    let key = entry >> 32
                    return Int((key >> 16) &- first) &* lengths &+ Int((key & 0xFFFF) &- shortest)
                }
                for entry in source { counts[bucket(entry) + 1] &+= 1 }
                for index in 1..<counts.count { counts[index] &+= counts[index - 1] }
                sorted.withUnsafeMutableBufferPointer { target in
                    for entry in source {
                        let at = bucket(entry)
                        target[Int(counts[at])] = entry
                        counts[at] &+= 1
                    }
                }
            }
        }
        entries = sorted
    }

    /// A radix sort of the key, a byte a pass (the bytes set in `differing`).
    private static func byBytes(_ entries: inout [UInt64], differing: UInt64) {
        let count = entries.count
        var other = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 256)
        for byte in 0..<4 where (differing >> (8 * UInt64(byte))) & 0xFF != 0 {
            let shift = UInt64(32 + 8 * byte)
            entries.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for index in 0..<256 { counts[index] = 0 }
                        for entry in source { counts[Int((entry >> shift) & 0xFF)] += 1 }
                        var total = 0
                        for index in 0..<256 {
                            let here = counts[index]
                            counts[index] = total
                            total += here
                        }
                        for entry in source {
                            let bucket = Int((entry >> shift) & 0xFF)
                            target[counts[bucket]] = entry
                            counts[bucket] += 1
                        }
                    }
                }
            }
            swap(&entries, &other)
        }
    }

    /// Two arrays of entries in ascending order, merged into one.
    static func merge(_ first: [UInt64], _ second: [UInt64]) -> [UInt64] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var merged: [UInt64] = []
        merged.reserveCapacity(first.count + second.count)
        var (a, b) = (0, 0)
        while a < first.count && b < second.count {
            if first[a] < second[b] {
                merged.append(first[a])
                a += 1
            } else {
                merged.append(second[b])
                b += 1
            }
        }
        merged += first[a...]
        merged += second[b...]
        return merged
    }
}
