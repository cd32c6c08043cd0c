// Temporary stand-in (not committed).
package final class ChoiceList {
    var lines: [[UInt8]] = []
    var values: [[UInt8]?] = []
    var pending: [UInt8] = []
    package init() {}
    package var count: Int { lines.count }
    package var isFull: Bool { false }
    package func append(label: String, value: String? = nil) { lines.append(Array(label.utf8)); values.append(value.map { Array($0.utf8) }) }
    package func append(bytes: UnsafeRawBufferPointer) {
        for b in bytes { if b == 10 { take() } else { pending.append(b) } }
    }
    func take() {
        var line = pending; pending = []
        if line.last == 13 { line.removeLast() }
        if line.isEmpty { return }
        if let t = line.firstIndex(of: 9) { values.append(Array(line[..<t])); lines.append(Array(line[(t+1)...])) } else { lines.append(line); values.append(nil) }
    }
    package func finish() { if !pending.isEmpty { take() } }
    package func withLabel<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R { lines[index].withUnsafeBytes(body) }
    package func withAnswer<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R { (values[index] ?? lines[index]).withUnsafeBytes(body) }
    package func hasValue(at index: Int) -> Bool { values[index] != nil }
    package func firstIndex(named text: String, caseInsensitive: Bool) -> Int? {
        let t = Array(text.utf8)
        func eq(_ a: [UInt8]) -> Bool { a.count == t.count && zip(a, t).allSatisfy { caseInsensitive ? ChoiceFilter.fold($0) == ChoiceFilter.fold($1) : $0 == $1 } }
        return lines.indices.first { eq(lines[$0]) || (values[$0].map(eq) ?? false) }
    }
}
package struct ChoiceFilter {
    package private(set) var query: [UInt8] = []
    var matches: [Int]? = nil
    var seen = 0
    package init() {}
    static func fold(_ b: UInt8) -> UInt8 { (65...90).contains(b) ? b + 32 : b }
    package mutating func setQuery(_ query: [UInt8], in list: ChoiceList) { self.query = query; seen = 0; matches = query.isEmpty ? nil : []; listGrew(list) }
    package mutating func listGrew(_ list: ChoiceList) {
        defer { seen = list.count }
        guard matches != nil else { return }
        var a: [Int] = [], b: [Int] = []
        for i in 0..<list.count { let m = list.withLabel(at: i) { Self.matchedBytes(of: query, in: $0) }; if !m.isEmpty { if m.count == query.count && m.last! - m.first! + 1 == m.count { a.append(i) } else { b.append(i) } } }
        matches = a + b
    }
    package var count: Int { matches?.count ?? seen }
    package func choice(at position: Int) -> Int { matches?[position] ?? position }
    package func position(of index: Int) -> Int? { matches == nil ? index : matches!.firstIndex(of: index) }
    package static func matchedBytes(of query: [UInt8], in label: UnsafeRawBufferPointer) -> [Int] {
        guard !query.isEmpty else { return [] }
        let ci = !query.contains { (65...90).contains($0) }
        let l = Array(label)
        func f(_ x: UInt8) -> UInt8 { ci ? fold(x) : x }
        let q = query.map(f)
        // contiguous
        if l.count >= q.count { for s in 0...(l.count - q.count) where (0..<q.count).allSatisfy({ f(l[s + $0]) == q[$0] }) { return Array(s..<(s + q.count)) } }
        var r: [Int] = []; var j = 0
        for (i, x) in l.enumerated() where j < q.count && f(x) == q[j] { r.append(i); j += 1 }
        return j == q.count ? r : []
    }
}
