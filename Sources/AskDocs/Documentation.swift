import AskCommandLine
import AskKit

/// What is written from the option table and the key tables rather than by hand: the bash,
/// zsh and fish completions, the man page's OPTIONS and KEYS, and README's key tables. `ask-docs` writes the files (`make docs`); a test
/// checks that the committed ones are what it writes.
package enum Documentation {
    /// Where each generated text goes, from the package's root.
    package static let bashPath = "completions/ask.bash"
    package static let zshPath = "completions/_ask"
    package static let fishPath = "completions/ask.fish"
    package static let manPath = "man/ask.1"

    /// The lines that bound the generated OPTIONS in the man page.
    static let manBegin = #".\" OPTIONS: written by ask-docs from the option table (make docs); edit the table, not this."#
    static let manEnd = #".\" End of OPTIONS."#

    // MARK: - bash

    package static func bash(_ options: [OptionInfo] = OptionInfo.all) -> String {
        let withValue = options.filter { $0.takesValue }
        let flags = options.filter { !$0.takesValue }
        let shorts = options.compactMap { $0.short.map { "-\($0)" } }
        let shortsWithValue = String(withValue.compactMap { $0.short })
        var valueCases = ""
        for option in options {
            guard let choices = option.choices else { continue }
            valueCases += "        \(option.names.joined(separator: " | "))) echo '\(choices.joined(separator: " "))' ;;\n"
        }
        let fileOptions = options.filter { $0.takesFile }.flatMap { $0.names }
        var excludedCases = ""
        for option in options {
            let excluded = options.filter { option.excludes($0) }.flatMap { $0.names }
            guard !excluded.isEmpty else { continue }
            excludedCases += "        \(option.names.joined(separator: " | ")))\n            echo '"
                + wrapped(excluded, indent: 17) + "' ;;\n"
        }
        let fileCase = fileOptions.isEmpty ? "" : """
                    \(fileOptions.joined(separator: " | ")))
                        local IFS=$'\\n'
                        compopt -o filenames 2>/dev/null
                        COMPREPLY=($(compgen -f -- "$2"))
                        ;;

            """
        return """
            # bash completion for ask(1)                                  -*- shell-script -*-
            #
            # Written by ask-docs from ask's option table (make docs): edit the table, not this.
            # Installed as share/bash-completion/completions/ask, where bash-completion loads it
            # on demand; or source it from ~/.bashrc. Needs nothing from bash-completion itself.

            # The values an option takes, one word each; empty for an option that takes free text.
            _ask_values()
            {
                case $1 in
            \(valueCases)    esac
            }

            # Completes the value of option $1 from $2: file names for an option that takes a
            # file, else the words _ask_values gives.
            # The options the command line refuses beside option $1 (they conflict, or go with
            # different alerts: after --gauge, no field option), or that it undoes: not offered.
            _ask_excluded()
            {
                case $1 in
            \(excludedCases)    esac
            }

            _ask_value()
            {
                case $1 in
            \(fileCase)        *) COMPREPLY=($(compgen -W "$(_ask_values "$1")" -- "$2")) ;;
                esac
            }

            _ask()
            {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=
                ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
                COMPREPLY=()

                # Options that take a value (the next word, or attached with '=').
                local with_value='\(wrapped(withValue.map { "--" + $0.long }, indent: 8))'
                local flags='\(wrapped(flags.map { "--" + $0.long }, indent: 8))'
                # Short options; those in short_with_value take a value.
                local shorts='\(shorts.joined(separator: " "))' short_with_value='\(shortsWithValue)'

                # After `--` everything is the message.
                local i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    [[ ${COMP_WORDS[i]} == -- ]] && return 0
                done

                # --option=value. Bash splits the word at '=' when '=' is in COMP_WORDBREAKS, and
                # keeps it whole otherwise.
                if [[ $cur == = && $prev == --* ]]; then
                    _ask_value "$prev" ""
                    return 0
                fi
                if [[ $prev == = ]] && ((COMP_CWORD > 1)); then
                    _ask_value "${COMP_WORDS[COMP_CWORD - 2]}" "$cur"
                    return 0
                fi
                if [[ $cur == --*=* ]]; then
                    local option=${cur%%=*}
                    COMPREPLY=($(compgen -P "$option=" -W "$(_ask_values "$option")" -- "${cur#*=}"))
                    return 0
                fi

                # The value of the previous option.
                local word
                for word in $with_value; do
                    if [[ $prev == "$word" ]]; then
                        _ask_value "$prev" "$cur"
                        return 0
                    fi
                done
                # A bundle of short flags whose last letter takes the value (-sk TYPE).
                if [[ $prev == -[!-]* ]]; then
                    local letters=${prev#-}
                    local head=${letters%?} last=${letters: -1}
                    if [[ $short_with_value == *"$last"* && $head != *["$short_with_value"]* ]]; then
                        COMPREPLY=($(compgen -W "$(_ask_values "-$last")" -- "$cur"))
                        return 0
                    fi
                fi

                if [[ $cur == -* ]]; then
                    # The options given so far (a value after its option skipped), each letter of
                    # a bundle of short flags too, and those they exclude.
                    local excluded=' ' letter skip=
                    for ((i = 1; i < COMP_CWORD; i++)); do
                        word=${COMP_WORDS[i]}
                        if [[ -n $skip ]]; then
                            skip=
                        elif [[ $word == --*=* ]]; then
                            excluded+="$(_ask_excluded "${word%%=*}") "
                        elif [[ $word == --?* ]]; then
                            excluded+="$(_ask_excluded "$word") "
                            [[ " $with_value " == *" $word "* ]] && skip=1
                        elif [[ $word == -?* ]]; then
                            local k
                            for ((k = 1; k < ${#word}; k++)); do
                                letter=${word:k:1}
                                excluded+="$(_ask_excluded "-$letter") "
                                if [[ $short_with_value == *"$letter"* ]]; then
                                    ((k == ${#word} - 1)) && skip=1
                                    break
                                fi
                            done
                        fi
                    done
                    excluded=${excluded//$'\n'/ }
                    local offered=()
                    for word in $with_value $flags $shorts; do
                        [[ $excluded == *" $word "* ]] || offered+=("$word")
                    done
                    COMPREPLY=($(compgen -W "${offered[*]}" -- "$cur"))
                fi
                return 0
            }

            complete -F _ask ask

            """
    }

    /// Words joined by spaces, broken into lines of at most 100 columns, continued at `indent`.
    private static func wrapped(_ words: [String], indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && line.count + 1 + word.count > 100 - indent {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    // MARK: - zsh

    package static func zsh(_ options: [OptionInfo] = OptionInfo.all) -> String {
        var lines: [String] = []
        for group in OptionGroup.allCases {
            let members = options.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append("  # " + group.rawValue)
            for option in members {
                let names = option.names
                // An option that may be given again (`*`) does not exclude itself; once it is on
                // the line, those the command line would refuse beside it are not offered.
                let excluded = (option.isRepeatable ? [] : names) + options.filter { option.excludes($0) }.flatMap { $0.names }
                let exclusion = option.isCommand ? "(- :)"
                    : (excluded.count > (option.isRepeatable ? 0 : 1) ? "(" + excluded.joined(separator: " ") + ")" : "")
                let repeats = option.isRepeatable ? "*" : ""
                let description = "[" + zshEscaped(option.help) + "]"
                var value = ""
                if let valueName = option.valueName {
                    // Each value with its words: ((name\:"words" ...)).
                    let choices = option.values.map { values in
                        "((" + values.map { #"\#($0.name)\:"\#(zshQuoted($0.words))""# }.joined(separator: " ") + "))"
                    } ?? (option.takesFile ? "_files" : " ")
                    value = ":" + (valueName == "N" ? "number" : valueName.lowercased()) + ":" + choices
                }
                for name in names {
                    let suffix = option.takesValue ? (name.hasPrefix("--") ? "=" : "+") : ""
                    lines.append("  '" + exclusion + repeats + name + suffix + description + value + "'")
                }
            }
        }
        return """
            #compdef ask
            #
            # zsh completion for ask(1), written by ask-docs from ask's option table (make docs):
            # edit the table, not this. Installed as share/zsh/site-functions/_ask, a directory in
            # zsh's $fpath; compinit picks it up.

            local -a args
            args=(\(lines.joined(separator: "\n"))

              # The message (the first argument): free text, nothing to complete.
              '1: :_nothing'
            )
            _arguments -s -S $args

            """
    }

    /// Text for a zsh description in brackets inside single quotes.
    private static func zshEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "[", "]", "\\": result += "\\" + String(character)
            case "'": result += "'\\''"
            default: result.append(character)
            }
        }
        return result
    }

    /// Text for a zsh string in double quotes inside single quotes, in a spec of `_arguments`
    /// (which splits it at every colon not escaped).
    private static func zshQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"", "$", "`", "\\", ":": result += "\\" + String(character)
            case "'": result += "'\\''"
            default: result.append(character)
            }
        }
        return result
    }

    // MARK: - fish

    package static func fish(_ options: [OptionInfo] = OptionInfo.all) -> String {
        var lines: [String] = []
        for group in OptionGroup.allCases {
            let members = options.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append("# " + group.rawValue)
            for option in members {
                var line = "complete -c ask"
                // Not offered once an option the command line would refuse beside it is given.
                let excluding = options.filter { $0.excludes(option) }
                if !excluding.isEmpty {
                    line += " -n 'not __fish_seen_argument" + excluding.map(fishSeen).joined() + "'"
                }
                if let short = option.short { line += " -s \(short)" }
                line += " -l " + option.long
                // -x: a value, not a file name; -r -F: a value that is a file name.
                if option.takesValue { line += option.takesFile ? " -r -F" : " -x" }
                // Each value with its words after a tab, in single quotes within the double
                // quotes: "name\t'Words' ...".
                if let values = option.values {
                    let described = values.map { $0.name + #"\t'"# + fishDoubleQuoted(fishEscaped(capitalized($0.words))) + "'" }
                    line += #" -a ""# + described.joined(separator: " ") + #"""#
                }
                line += " -d '" + fishEscaped(capitalized(option.help)) + "'"
                lines.append(line)
            }
        }
        return """
            # fish completion for ask(1), written by ask-docs from ask's option table (make docs):
            # edit the table, not this. Installed as share/fish/vendor_completions.d/ask.fish; or
            # copy it to ~/.config/fish/completions/.

            # The first argument that is not an option is the message: never complete file names.
            complete -c ask -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// The arguments of `__fish_seen_argument` that find `option` on the command line: its short
    /// name (alone or in a bundle), its long name, and the long name with `=value` (the `*` escaped
    /// from the condition, which fish evaluates, to reach the function's own pattern).
    private static func fishSeen(_ option: OptionInfo) -> String {
        (option.short.map { " -s \($0)" } ?? "") + " -l " + option.long + (option.takesValue ? " -l \(option.long)=\\*" : "")
    }

    private static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// Text for a fish string in double quotes: `\`, `"` and `$` escaped.
    private static func fishDoubleQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\"" || character == "$" || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result
    }

    /// Text for a fish string in single quotes: `'` and `\` escaped.
    private static func fishEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "'" || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result
    }

    // MARK: - The man page

    /// The OPTIONS section: a subsection per help group, an entry per option, each with its
    /// text from `manual`.
    package static func manOptions(_ options: [OptionInfo] = OptionInfo.all, manual: OptionManual) -> String {
        var lines = [manBegin, ".SH OPTIONS"]
        for group in OptionGroup.allCases {
            let members = options.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append(".SS " + group.rawValue)
            if let text = manual.groups[group.rawValue] { lines.append(text) }
            for option in members {
                lines.append(".TP")
                var synopsis = option.short.map { #"\fB\-\#($0)\fR, "# } ?? ""
                synopsis += #"\fB\-\-"# + option.long.split(separator: "-").joined(separator: #"\-"#) + #"\fR"#
                if let valueName = option.valueName { synopsis += #" \fI"# + valueName.lowercased() + #"\fR"# }
                lines.append(synopsis)
                if let text = manual.options[option.long] { lines.append(text) }
                lines += manRelations(of: option, in: options)
            }
        }
        lines.append(manEnd)
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the table says of `option` beside the others, in roff sentences: which it is refused
    /// with (a whole group named as one), which one it undoes, which it needs, how often.
    package static func manRelations(of option: OptionInfo, in options: [OptionInfo] = OptionInfo.all) -> [String] {
        func bold(_ option: OptionInfo) -> String { #"\fB\-\-"# + option.long.split(separator: "-").joined(separator: #"\-"#) + #"\fR"# }
        func listed(_ items: [String], _ last: String) -> String {
            items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(last) " + items.last!
        }
        var sentences: [String] = []
        let refused = options.filter { option.excludes($0) && !option.overrides($0) }
        if !refused.isEmpty {
            // A group of which all options are refused but two at most (of three or more) is named
            // as one, with those it keeps, after the others; not Content, whose options are each
            // a body or the title and message: named each.
            var named: [OptionGroup] = [], phrases: [String] = []
            for group in OptionGroup.allCases where group != .content {
                let members = options.filter { $0.group == group }
                let kept = members.filter { member in !refused.contains { $0.long == member.long } }
                guard members.count >= 3, kept.count <= 2, kept.count < members.count - kept.count else { continue }
                named.append(group)
                phrases.append(#"any option under \fB"# + group.rawValue + #"\fR"# + (kept.isEmpty ? "" : " but " + listed(kept.map(bold), "and")))
            }
            sentences.append("Not with " + listed(refused.filter { !named.contains($0.group) }.map(bold) + phrases, "or") + ".")
        }
        for other in options where option.overrides(other) {
            sentences.append("Of it and " + bold(other) + ", the one given last counts.")
        }
        if let needed = option.requires.flatMap(OptionInfo.named) { sentences.append("It needs " + bold(needed) + ".") }
        switch option.once {
        case .always: sentences.append("It may be given once.")
        case let .unless(other)?: sentences.append("It may be given once, unless with " + (OptionInfo.named(other).map(bold) ?? other) + ".")
        case nil: break
        }
        return sentences.flatMap(roffLines)
    }

    /// A sentence broken at spaces into lines of at most 80 bytes (mandoc's limit for a line of
    /// text; roff joins them again).
    private static func roffLines(_ sentence: String) -> [String] {
        var lines: [String] = [], line = ""
        for word in sentence.split(separator: " ") {
            if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// `page` with its OPTIONS and its key tables (each between its markers) written anew; nil
    /// when it lacks markers.
    package static func manPage(updating page: String, manual: OptionManual) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0 == manBegin }),
              let end = lines[begin...].firstIndex(where: { $0 == manEnd }) else { return nil }
        let before = lines[..<begin].map { $0 + "\n" }.joined()
        let after = lines[(end + 1)...].joined(separator: "\n")
        return manKeys(updating: before + manOptions(manual: manual) + after)
    }
}

/// The man page's text for each option and each group of options, in roff: kept in
/// `docs/options.roff`, out of the code and out of the binary (which needs only the help lines),
/// and read by `ask-docs` as it writes the man page. A block begins with a line
/// `.\" option: --NAME` or `.\" group: NAME` and runs to the next; comment lines before the first
/// block are the file's own.
package struct OptionManual: Sendable {
    package static let path = "docs/options.roff"
    /// Each group's text, by its heading (`OptionGroup.rawValue`).
    package private(set) var groups: [String: String] = [:]
    /// Each option's text, by its long name.
    package private(set) var options: [String: String] = [:]

    package init(parsing text: String) {
        var current: (isGroup: Bool, name: String)?
        var lines: [Substring] = []
        func close() {
            guard let current else { return }
            while lines.last?.isEmpty == true { lines.removeLast() }
            let body = lines.joined(separator: "\n")
            if current.isGroup { groups[current.name] = body } else { options[current.name] = body }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let group = line.hasPrefix(#".\" group: "#), option = line.hasPrefix(#".\" option: --"#)
            if group || option {
                close()
                current = (group, String(line.dropFirst(group ? 11 : 14)))
                lines = []
            } else if current != nil {
                lines.append(line)
            }
        }
        close()
    }

    /// What is wrong with it for `table`: an option without its text, a text naming no option
    /// or no group; empty when nothing is.
    package func problems(for table: [OptionInfo] = OptionInfo.all) -> [String] {
        let names = Set(table.map { $0.long }), headings = Set(OptionGroup.allCases.map { $0.rawValue })
        return table.filter { options[$0.long]?.isEmpty ?? true }.map { "--\($0.long) has no text" }
            + options.keys.filter { !names.contains($0) }.sorted().map { "--\($0) is no option" }
            + groups.keys.filter { !headings.contains($0) }.sorted().map { "\($0) is no group" }
    }
}
