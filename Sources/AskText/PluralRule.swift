/// A catalog's `Plural-Forms` (`nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`): which of
/// its forms a number takes. The expression is C's, as gettext reads it: `n`, numbers, `!`,
/// `* / %`, `+ -`, `< > <= >=`, `== !=`, `&&`, `||`, `? :` and parentheses, computed on
/// unsigned numbers. A rule that does not read is none (the catalog keeps English's).
package struct PluralRule: Sendable, Equatable {
    private enum Node: Equatable {
        case n
        case number(UInt64)
        case not(Int)
        case binary(Operator, Int, Int)
        case choice(Int, Int, Int)
    }

    private enum Operator: Equatable {
        case times, divide, remainder, plus, minus, less, greater, lessOrEqual, greaterOrEqual, equal, notEqual, and, or
    }

    /// How many forms the catalog has.
    package let forms: Int
    private var nodes: [Node] = []
    private var root = 0

    /// English's, C's: one form for 1, another for the rest.
    package static let english = PluralRule(forms: 2, nodes: [.n, .number(1), .binary(.notEqual, 0, 1)], root: 2)

    private init(forms: Int, nodes: [Node], root: Int) {
        self.forms = forms
        self.nodes = nodes
        self.root = root
    }

    /// The rule a `Plural-Forms` value states, nil when it does not read.
    package init?(_ header: String) {
        let text = Array(header.utf8)
        guard text.count <= 2048 else { return nil }
        var parser = Parser(text: text)
        guard parser.keyword("nplurals"), parser.take(UInt8(ascii: "=")), let forms = parser.number(), (1...16).contains(forms),
              parser.take(UInt8(ascii: ";")), parser.keyword("plural"), parser.take(UInt8(ascii: "=")),
              let root = parser.expression(depth: 0) else { return nil }
        _ = parser.take(UInt8(ascii: ";"))
        guard parser.atEnd else { return nil }
        self.forms = Int(forms)
        nodes = parser.nodes
        self.root = root
    }

    /// The index of the form `n` takes (the first when the rule names one the catalog lacks,
    /// as gettext does).
    package func index(for n: Int) -> Int {
        let value = evaluate(root, n: UInt64(truncatingIfNeeded: max(n, 0)))
        return value < UInt64(forms) ? Int(value) : 0
    }

    private func evaluate(_ node: Int, n: UInt64) -> UInt64 {
        switch nodes[node] {
        case .n: return n
        case let .number(value): return value
        case let .not(operand): return evaluate(operand, n: n) == 0 ? 1 : 0
        case let .choice(condition, then, otherwise):
            return evaluate(condition, n: n) != 0 ? evaluate(then, n: n) : evaluate(otherwise, n: n)
        case let .binary(.and, left, right): return evaluate(left, n: n) != 0 && evaluate(right, n: n) != 0 ? 1 : 0
        case let .binary(.or, left, right): return evaluate(left, n: n) != 0 || evaluate(right, n: n) != 0 ? 1 : 0
        case let .binary(operation, left, right):
            let a = evaluate(left, n: n), b = evaluate(right, n: n)
            switch operation {
            case .times: return a &* b
            case .divide: return b == 0 ? 0 : a / b
            case .remainder: return b == 0 ? 0 : a % b
            case .plus: return a &+ b
            case .minus: return a &- b
            case .less: return a < b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .lessOrEqual: return a <= b ? 1 : 0
            case .greaterOrEqual: return a >= b ? 1 : 0
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .and, .or: return 0
            }
        }
    }

    /// Recursive descent, one level a precedence, held to a depth so that no rule, however
    /// nested, runs the stack out.
    private struct Parser {
        let text: [UInt8]
        var at = 0
        var nodes: [Node] = []
        static let deepest = 48

        init(text: [UInt8]) { self.text = text }

        var atEnd: Bool {
            mutating get { skipSpace(); return at == text.count }
        }

        mutating func skipSpace() {
            while at < text.count, text[at] == 32 || text[at] == 9 || text[at] == 10 || text[at] == 13 { at += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard at < text.count, text[at] == byte else { return false }
            at += 1
            return true
        }

        /// Takes a symbol's bytes (`&&`, `<=`), unless they are followed by `unless`.
        mutating func take(_ bytes: [UInt8], unless: UInt8? = nil) -> Bool {
            skipSpace()
            guard at + bytes.count <= text.count, text[at..<at + bytes.count].elementsEqual(bytes) else { return false }
            if let unless, at + bytes.count < text.count, text[at + bytes.count] == unless { return false }
            at += bytes.count
            return true
        }

        mutating func keyword(_ word: String) -> Bool { take(Array(word.utf8)) }

        mutating func number() -> UInt64? {
            skipSpace()
            var value: UInt64 = 0
            let start = at
            while at < text.count, (48...57).contains(text[at]) {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = times &+ UInt64(text[at] - 48)
                at += 1
            }
            return at > start ? value : nil
        }

        mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        mutating func expression(depth: Int) -> Int? {
            guard depth < Self.deepest, let condition = binary(level: 0, depth: depth) else { return nil }
            guard take(UInt8(ascii: "?")) else { return condition }
            guard let then = expression(depth: depth + 1), take(UInt8(ascii: ":")),
                  let otherwise = expression(depth: depth + 1) else { return nil }
            return add(.choice(condition, then, otherwise))
        }

        /// The binary operators, loosest first.
        static let levels: [[([UInt8], Operator)]] = [
            [(Array("||".utf8), .or)],
            [(Array("&&".utf8), .and)],
            [(Array("==".utf8), .equal), (Array("!=".utf8), .notEqual)],
            [(Array("<=".utf8), .lessOrEqual), (Array(">=".utf8), .greaterOrEqual), (Array("<".utf8), .less), (Array(">".utf8), .greater)],
            [(Array("+".utf8), .plus), (Array("-".utf8), .minus)],
            [(Array("*".utf8), .times), (Array("/".utf8), .divide), (Array("%".utf8), .remainder)],
        ]
        static let not = Array("!".utf8)

        mutating func binary(level: Int, depth: Int) -> Int? {
            guard level < Self.levels.count else { return unary(depth: depth) }
            guard var left = binary(level: level + 1, depth: depth) else { return nil }
            while let operation = Self.levels[level].first(where: { take($0.0) })?.1 {
                guard let right = binary(level: level + 1, depth: depth) else { return nil }
                left = add(.binary(operation, left, right))
            }
            return left
        }

        mutating func unary(depth: Int) -> Int? {
            guard depth < Self.deepest else { return nil }
            if take(Self.not, unless: UInt8(ascii: "=")) {
                guard let operand = unary(depth: depth + 1) else { return nil }
                return add(.not(operand))
            }
            if take(UInt8(ascii: "(")) {
                guard let inner = expression(depth: depth + 1), take(UInt8(ascii: ")")) else { return nil }
                return inner
            }
            if take(UInt8(ascii: "n")) { return add(.n) }
            return number().map { add(.number($0)) }
        }
    }
}
