import Glibc
import TestSupport
import Testing

/// README's shell examples, each run as written: its lines in a script run by bash on a real
/// pseudo-terminal, with the built `ask` first on PATH, HOME a fresh directory and the working
/// directory another; the keys a person would type are typed once the alert waits for them,
/// and the exit status, stdout, stderr and what the example leaves behind are checked.
///
/// Programs an example calls that must not really run here (docker, git, a login `tool`, and
/// `swift run`, which would build ask again) are stubs on PATH that record their arguments and
/// what they read; a script of the reader's own that an example runs (`./deploy.sh`) is one the
/// case writes. Lines a case adds after the example's own (`then`) only show what it left (a
/// variable, say) or use what it set up (the askpass link, gpg-agent's pinentry, for real). An
/// example that cannot run unattended has a case saying why.
///
/// Every ```sh block of README is covered: a command line that no case runs, or a case whose
/// lines README no longer has, fails `everyExampleHasACase`, so an example cannot be added or
/// changed without being run.
@Suite struct ReadmeExampleTests {
    /// A person at the terminal: once the screen shows `text` and the alert waits for keys, type
    /// `keys`.
    struct Step: Sendable {
        let text: String
        let keys: String
    }

    struct Example: Sendable, CustomTestStringConvertible {
        /// What the case is, in a few words.
        let name: String
        /// The example's lines as README has them (whole lines, comments and all).
        let lines: String
        /// Why it cannot run unattended; nil when it runs.
        var reason: String?
        /// Whether the script has a controlling terminal (not: as in CI).
        var terminal = true
        /// What is piped into the script; nil: its stdin is the terminal (or /dev/null without one).
        var stdin: String?
        var environment: [String: String] = [:]
        /// Stubs on PATH, by name: each records its arguments (`log/NAME.args`, a line per run) and
        /// what it reads when that is not the terminal (`log/NAME.stdin`), then runs the body given.
        var stubs: [String: String] = [:]
        /// Files in the working directory before it runs (a name ending in `.sh` is executable).
        var files: [String: String] = [:]
        /// Whether it runs in the clone (its working directory the repository's), as README says.
        var inClone = false
        /// Texts the screen shows while it runs, one after another (a gauge's steps, each seen).
        var shown: [String] = []
        var steps: [Step] = []
        /// Lines run after the example's own, to show what it left.
        var then = ""
        var status: Int32 = 0
        var stdout = ""
        var stderr = ""
        /// Lines on stderr beginning with this are left out of `stderr`: another program's own
        /// account of what it does.
        var chatter: String?
        /// Files afterwards, from the case's directory (`work/`, `home/`, `log/`): their contents,
        /// or nil for none there.
        var filesAfter: [String: String?] = [:]
        /// Text that must never be drawn (a secret typed into the alert).
        var neverShown: [String] = []
        /// Lines the screen holds once it has run (a line `--keep` left).
        var screenAfter: [String] = []
        /// Programs it needs: skipped without them, unless ASK_REQUIRE_TOOLS is set.
        var tools: [String] = []
        /// Run afterwards, pass or fail, from the case's directory (to stop an agent it started).
        var cleanUp = ""

        var testDescription: String { name }
    }

    // MARK: - The examples

    static let examples: [Example] = [
        // The top of README.
        Example(name: "a name, typed", lines: """
            name=$(ask --title "Account" --message "Your name" --placeholder "Jane Appleseed") || exit
            """, steps: [Step(text: "Jane Appleseed", keys: "Jane\r")], then: #"printf '%s\n' "$name""#, stdout: "Jane\n"),
        Example(name: "a name, cancelled: the script stops", lines: """
            name=$(ask --title "Account" --message "Your name" --placeholder "Jane Appleseed") || exit
            """, steps: [Step(text: "Jane Appleseed", keys: "\u{1B}")], then: "echo not reached", status: 1),
        Example(name: "a password into docker login", lines: """
            ask --title "Docker Hub" --message "Password for me" --secure | docker login --password-stdin -u me
            """, stubs: ["docker": ""], steps: [Step(text: "Password for me", keys: "hunter2\r")],
            filesAfter: ["log/docker.args": "login --password-stdin -u me\n", "log/docker.stdin": "hunter2\n"],
            neverShown: ["hunter2"]),

        // Try it.
        Example(name: "swift run, answered", lines: """
            swift run ask --title "Account" --message "Your name" --placeholder "Jane Appleseed"
            """, stubs: ["swift": Self.swiftRun], steps: [Step(text: "Jane Appleseed", keys: "Jane\r")], stdout: "Jane\n"),
        Example(name: "swift run, cancelled", lines: """
            swift run ask --title "Account" --message "Your name" --placeholder "Jane Appleseed"
            """, stubs: ["swift": Self.swiftRun], steps: [Step(text: "Jane Appleseed", keys: "\u{1B}")], status: 1),
        Example(name: "swift test", lines: "swift test", reason: """
            it runs this test suite, which cannot run itself; CI runs it (.ci/run)
            """),

        // Paths, suggestions and history.
        Example(name: "a path completed with Tab", lines: """
            # A file to open: Tab completes its name as a shell does.
            file=$(ask -t "Open" -m "File" --keyboard path) || exit
            """, files: ["notes.txt": "", "news.txt": ""], steps: [Step(text: "File", keys: "not\t\r")],
            then: #"printf '%s\n' "$file""#, stdout: "notes.txt\n"),
        Example(name: "a host suggested, then kept", lines: """
            # A host: the ones given are suggested as it is typed (Right or Tab takes one),
            # and each answer is kept for next time (Up recalls it).
            host=$(ask -t "Connect" -m "Host" --suggest staging.example.com --suggest prod.example.com \\
                --history ~/.ask-hosts) || exit
            """, steps: [Step(text: "Host", keys: "pr\t\r")], then: #"printf '%s\n' "$host""#, stdout: "prod.example.com\n",
            filesAfter: ["home/.ask-hosts": "prod.example.com\n"]),

        // Install.
        Example(name: "the package", lines: """
            sudo apt install ./ask_*_amd64.deb   # or arm64, armhf, armel; or: sudo dpkg -i ask_*_amd64.deb
            """, reason: """
            it installs into /usr as root; CI's .ci/check-package installs the package make deb builds with \
            dpkg -i, runs ask, man -w ask and each shell's completion from the installed files, and removes \
            it with dpkg -r
            """),
        Example(name: "the archive", lines: """
            sha256sum -c --ignore-missing SHA256SUMS   # or: sha256sum -c ask-*-linux-x86_64.tar.gz.sha256
            tar -xzf ask-*-linux-x86_64.tar.gz
            cd ask-*-linux-x86_64 && ./install.sh ~/.local   # or: sudo ./install.sh
            """, reason: """
            it needs a release archive (make dist builds one from the release binary, minutes, and make release \
            SHA256SUMS); CI's .ci/check-package checks the archive make dist builds against its .sha256, unpacks it into an empty \
            directory and installs it into a fresh PREFIX with install.sh, and compares what install.sh and cp -R \
            install with what make install does
            """),
        Example(name: "make, install, test", lines: """
            make && sudo make install   # build the release binary, install it under /usr/local
            make test                   # run the test suite (the same as swift test)
            make check-release          # the same suite (but side-by-side runs the debug and ARM runs make), driving the release binary
            """, reason: """
            it builds the release binary (minutes), installs it under /usr/local as root and runs this \
            suite twice; InstallTests runs make install-files and make uninstall in a staging directory, \
            and CI runs make check-release
            """),

        // Examples.
        Example(name: "a name, or stop", lines: """
            # A name, or stop the script if the person cancels.
            name=$(ask -t "Account" -m "Your name") || exit
            """, steps: [Step(text: "Your name", keys: "Jane\r")], then: #"printf '%s\n' "$name""#, stdout: "Jane\n"),
        Example(name: "a secret into a command", lines: """
            # A secret straight into a command: typed text is masked and never drawn.
            ask -t "Registry" -m "Password for me" --secure | docker login --password-stdin -u me
            """, stubs: ["docker": ""], steps: [Step(text: "Password for me", keys: "s3cret\r")],
            filesAfter: ["log/docker.args": "login --password-stdin -u me\n", "log/docker.stdin": "s3cret\n"],
            neverShown: ["s3cret"]),
        Example(name: "no mask, no newline", lines: """
            # No mask at all (the length stays hidden too), and no newline after the answer.
            token=$(ask -t "Token" --secure --mask '' -n)
            """, steps: [Step(text: "Token", keys: "abc123\r")], then: #"printf '[%s]\n' "$token""#, stdout: "[abc123]\n",
            neverShown: ["abc123", "•"]),
        Example(name: "rename with xargs -0", lines: """
            # Start with a value; NUL-terminated output for xargs -0 (-r: run nothing on cancel).
            ask -t "Rename" --value "draft.txt" -0 | xargs -0 -r mv draft.txt
            """, files: ["draft.txt": "words\n"], steps: [Step(text: "draft.txt", keys: "\u{15}notes.txt\r")],
            filesAfter: ["work/draft.txt": nil, "work/notes.txt": "words\n"]),
        Example(name: "rename with xargs -0, cancelled: nothing runs", lines: """
            # Start with a value; NUL-terminated output for xargs -0 (-r: run nothing on cancel).
            ask -t "Rename" --value "draft.txt" -0 | xargs -0 -r mv draft.txt
            """, files: ["draft.txt": "words\n"], steps: [Step(text: "draft.txt", keys: "\u{1B}")],
            filesAfter: ["work/draft.txt": "words\n"]),
        Example(name: "an empty answer", lines: Self.cancelOrEmpty, steps: [Step(text: "Optional", keys: "\r")],
                stdout: "answered: ''\n"),
        Example(name: "a cancel, told from an empty answer", lines: Self.cancelOrEmpty,
                steps: [Step(text: "Optional", keys: "\u{1B}")], stdout: "cancelled (status 1)\n"),

        // Several fields.
        Example(name: "sign in, then docker login", lines: """
            # Sign in (bash): the user name, then the password, one line each.
            { IFS= read -r user && IFS= read -r password; } < <(ask --login -t "Sign In") || exit
            printf '%s\\n' "$password" | docker login --password-stdin -u "$user" registry.example.com
            """, stubs: ["docker": ""], steps: [Step(text: "Sign In", keys: "jane\r"), Step(text: "Password", keys: "hunter2\r")],
            filesAfter: ["log/docker.args": "login --password-stdin -u jane registry.example.com\n", "log/docker.stdin": "hunter2\n"],
            neverShown: ["hunter2"]),
        Example(name: "two fields into mv", lines: """
            # Rules per field; NUL after each answer, for xargs -0.
            ask -t "Rename" --field From --value draft.txt --required --field To --required -0 | xargs -0 -r mv --
            """, files: ["draft.txt": "words\n"],
            steps: [Step(text: "Rename", keys: "\r"), Step(text: "To", keys: "final.txt\r")],
            filesAfter: ["work/draft.txt": nil, "work/final.txt": "words\n"]),
        Example(name: "a new account", lines: """
            # A new account: a name, and a password typed twice.
            ask -t "New Account" --field Name -p "jane" --required \\
                --field Password --secure --repeat --min-length 12
            """, steps: [Step(text: "New Account", keys: "Jane\r"), Step(text: "Password", keys: "correct horse\r"),
                         Step(text: "Repeat", keys: "correct horse\r")],
            stdout: "Jane\ncorrect horse\n", neverShown: ["correct horse"]),
        Example(name: "--login --stdin, with a terminal", lines: """
            printf 'jane\\nhunter2\\n' | ask --login --stdin    # prints both lines, with a terminal or without
            """, stdout: "jane\nhunter2\n", neverShown: ["User Name", "╰"]),
        Example(name: "--login --stdin, without a terminal", lines: """
            printf 'jane\\nhunter2\\n' | ask --login --stdin    # prints both lines, with a terminal or without
            """, terminal: false, stdout: "jane\nhunter2\n"),

        // Several lines.
        Example(name: "notes over several lines", lines: """
            # Notes over several lines: Return breaks a line, Ctrl-D finishes.
            notes=$(ask -t "Release notes" --multiline --lines 8) || exit
            """, steps: [Step(text: "Ctrl-D to finish", keys: "Faster start\rFewer bytes\u{4}")],
            then: #"printf '%s\n' "$notes""#, stdout: "Faster start\nFewer bytes\n"),
        Example(name: "a bug report, NUL after each answer", lines: """
            # A title and a description that may hold line breaks: NUL after each, to tell them apart.
            ask -t "Bug report" --field Title --required --field Details --multiline -0 | xargs -0 printf '[%s]\\n'
            """, steps: [Step(text: "Bug report", keys: "Crash\r"), Step(text: "Ctrl-D to finish", keys: "It froze.\rTwice.\u{4}")],
            stdout: "[Crash]\n[It froze.\nTwice.]\n"),
        Example(name: "--multiline --stdin, with a terminal", lines: """
            printf 'first line\\nsecond line\\n' | ask --multiline --stdin    # both lines: the input's end ends them
            """, stdout: "first line\nsecond line\n", neverShown: ["╰"]),
        Example(name: "--multiline --stdin, without a terminal", lines: """
            printf 'first line\\nsecond line\\n' | ask --multiline --stdin    # both lines: the input's end ends them
            """, terminal: false, stdout: "first line\nsecond line\n"),

        // Action sheet.
        Example(name: "a menu", lines: """
            # A menu: prints Apple or Banana.
            fruit=$(ask --title "Fruit" --choice Apple --choice Banana) || exit
            """, steps: [Step(text: "Banana", keys: "2")], then: #"printf '%s\n' "$fruit""#, stdout: "Banana\n"),
        Example(name: "a checklist", lines: """
            # A checklist: Space marks, Return (or Done) accepts; each marked one on a line, in list order.
            ask --title "Toppings" --multiple --choice Cheese --choice Olives --choice Basil \\
                --selected Cheese --selected Basil
            """, steps: [Step(text: "Basil", keys: "\u{1B}[B \r")], stdout: "Cheese\nOlives\nBasil\n"),
        Example(name: "a checklist marked in bulk, within --limit", lines: """
            # Ctrl-A marks the first two; the third is refused: at most two reviewers.
            ask --title "Reviewers" --multiple --limit 2 --min 1 --choice Ana --choice Bo --choice Cy
            """, steps: [Step(text: "Cy", keys: "\u{01}"), Step(text: "Mark at most 2 choices", keys: "\r")], stdout: "Ana\nBo\n"),
        Example(name: "coloured branches from git", lines: """
            # Coloured lines: drawn in colour, answered plain (main, not ^[[32mmain^[[m).
            git branch --color=always | ask --choices-from - --ansi --title Branch
            """, stubs: ["git": #"printf '* \033[32mmain\033[m\n  release\n'"#], steps: [Step(text: "* main", keys: "\r")],
            stdout: "* main\n", filesAfter: ["log/git.args": "branch --color=always\n"]),
        Example(name: "a description under the list", lines: """
            # A description under the list for the highlighted choice; typing "fast" finds zstd by it.
            ask --title Compression --search-descriptions \\
                --choice $'gz\\tgzip\\tEverywhere, and good enough' --choice $'zst\\tzstd\\tFast, and smaller'
            """, steps: [Step(text: "Everywhere, and good enough", keys: "fast"), Step(text: "Fast, and smaller", keys: "\r")],
            stdout: "zst\n"),
        Example(name: "branches from git", lines: """
            # Choices from a file or a pipe, a line each; the sheet opens while the list is arriving.
            git branch --format='%(refname:short)' | ask --choices-from - --title Branch
            """, stubs: ["git": #"printf 'main\nrelease\n'"#], steps: [Step(text: "release", keys: "rel\r")],
            stdout: "release\n", filesAfter: ["log/git.args": "branch --format=%(refname:short)\n"]),
        Example(name: "a themed menu", lines: """
            # Menus in the light theme, the highlight teal (#005f87), titles magenta: prints staging or production.
            ASK_COLORS='light,highlight:#005f87,title:magenta:bold' ask --title Deploy --choice staging --choice production
            """, steps: [Step(text: "production", keys: "\u{1B}[B\r")], stdout: "production\n"),
        Example(name: "a value for its label", lines: """
            ask --title "Region" --choice $'eu-west-1\\tIreland' --choice $'us-east-1\\tVirginia'
            """, steps: [Step(text: "Virginia", keys: "\u{1B}[B\r")], stdout: "us-east-1\n"),
        Example(name: "the place in the list", lines: """
            ask --title "Remove" --destructive-choice "Delete" --choice "Archive" --index    # 1 or 2
            """, steps: [Step(text: "Archive", keys: "2")], stdout: "2\n"),
        Example(name: "a branch or a new one", lines: """
            # Pick a branch or type a new one: while the text names no choice, a last row offers it.
            branch=$(git branch --format='%(refname:short)' | ask --choices-from - --title Branch --allow-other)
            """, stubs: ["git": "printf 'main\\nrelease\\n'"], steps: [Step(text: "main", keys: "fix-42\r")],
            then: #"printf '%s\n' "$branch""#, stdout: "fix-42\n"),
        Example(name: "a file found, answered at once", lines: """
            # A README: the sheet opens filtered; a lone match is answered at once, none exits with 1.
            file=$(find . -type f | ask --choices-from - --query readme --select-1 --exit-0) || exit
            """, files: ["README.md": "# notes\n", "notes.txt": "x\n"], then: #"printf '%s\n' "$file""#,
            stdout: "./README.md\n"),
        Example(name: "the filter without a terminal", lines: """
            # No terminal at all: every match, best first (status 1 when none).
            printf '%s\\n' rvim vim vimdiff | ask --choices-from - --filter vim    # vim, vimdiff, rvim
            """, terminal: false, stdout: "vim\nvimdiff\nrvim\n"),

        // Gauge.
        Example(name: "a gauge fed by a loop", lines: """
            # A line holding a number from 0 to 100 sets the bar; an XXX block sets it and the message.
            for step in 1 2 3 4; do
                sleep 1    # a step of the task's work
                printf 'XXX\\n%d\\nStep %d of 4\\nXXX\\n' $((step * 25)) "$step"
            done | ask --gauge --title "Setting up" --message "Starting"
            """, shown: ["Starting", "Step 1 of 4", "Step 2 of 4", "Step 3 of 4"]),

        // Info box and text box.
        Example(name: "an info box, then a text box", lines: """
            ask --info --title "Updating" "Fetching the package lists…"
            ask --text-file docs/LICENSE --title "Licence" --ok "I have read it"    # in a clone
            """, inClone: true, steps: [Step(text: "Permission is hereby granted", keys: "\r")]),

        // Output box.
        Example(name: "a command in the box, one that fails, standard input's lines", lines: """
            # A command in the box: its status is ask's.
            ask --title "Updating" --run -- sh -c 'echo Fetching; sleep 1; echo Unpacking; sleep 1; echo Done'
            # One that fails: its whole output, errors too, is left on stderr, then a line saying how it ended.
            ask --run -- sh -c 'echo "cc: error: no input files" >&2; exit 2' || echo "failed with status $?"
            # Standard input's lines, the box kept until OK once they have all come.
            seq 1 100 | ask --output --title "Counting" --ok-at-end
            """, shown: ["│ Fetching", "│ Unpacking"], steps: [Step(text: "│ 100", keys: "\r")],
            stdout: "failed with status 2\n",
            stderr: "cc: error: no input files\nask: sh -c echo \"cc: error: no input files\" >&2; exit 2 exited with status 2\n"),
        // Pause.
        Example(name: "a pause that goes on by itself", lines: """
            # A notice that goes on by itself after 3 seconds; Cancel or Esc first stops the script.
            ask --no-field --pause 3 --title "Rebooting" "The system restarts in 3 seconds." && echo rebooting
            """, shown: ["The system restarts in 3 seconds.", "█"], stdout: "rebooting\n"),

        // Range.
        Example(name: "a range", lines: """
            # RetroPie's splash-screen duration: 10 seconds to start, Up and Down by one, PgUp and PgDn by six.
            duration=$(ask --range 0:60:10 --title "Splash screen" "How many seconds to show it?") || exit
            echo "shown for $duration seconds"
            """, steps: [Step(text: "How many seconds to show it?", keys: "\u{1B}[6~\u{1B}[A\r")], stdout: "shown for 17 seconds\n"),

        // Run existing whiptail scripts.
        Example(name: "the whiptail link", lines: """
            # One user's scripts only: links first in their PATH (nothing replaces /usr/bin/whiptail).
            make install-compat COMPATDIR="$HOME/.local/lib/ask-compat"
            PATH="$HOME/.local/lib/ask-compat:$PATH" raspi-config
            """, reason: """
                It installs into the reader's own directory, and raspi-config is the reader's (a Raspberry Pi's): \
                InstallCompatTests runs make install-compat and uninstall-compat, and WhiptailTests runs the link \
                side by side with whiptail.
                """),
        Example(name: "the whiptail and dialog links by hand", lines: """
            mkdir -p ~/.local/lib/ask-compat
            ln -s "$(command -v ask)" ~/.local/lib/ask-compat/whiptail
            ln -s "$(command -v ask)" ~/.local/lib/ask-compat/dialog
            """, then: """
            PATH="$HOME/.local/lib/ask-compat:$PATH"
            whiptail --version | cut -d : -f 1
            dialog --version | cut -d : -f 1
            """, stdout: "whiptail (ask)\ndialog (ask)\n"),
        Example(name: "the ask-compat package", lines: """
            # Everyone's whiptail and dialog become ask; apt remove ask-compat gives the programs back.
            sudo apt install ./ask_*_arm64.deb ./ask-compat_*_all.deb   # or amd64, armhf, armel
            """, reason: """
            it puts ask in place of /usr/bin/whiptail and /usr/bin/dialog as root; CI's .ci/check-compat-package \
            installs ask and ask-compat with dpkg -i, runs whiptail and dialog as ask and their own files at \
            their diverted paths, removes and installs dialog meanwhile, and removes ask-compat, checking the \
            programs' files are back byte for byte
            """),
        Example(name: "dialog's --print-maxsize read by a script", lines: """
            # armbian-config's way: the terminal's size, from dialog's line (under dialog's name, the same).
            read -r _ rows columns < <(ask --dialog --print-maxsize --output-fd 1)
            echo "${rows%,} rows, $columns columns"    # 24 rows, 80 columns
            """, stdout: "24 rows, 80 columns\n"),
        Example(name: "ask as whiptail, the answer swapped", lines: """
            # Or one call, the answer taken as whiptail's scripts take it:
            name=$(ask --whiptail --inputbox "Host name?" 8 40 raspberrypi 3>&1 1>&2 2>&3)
            """, steps: [Step(text: "Host name?", keys: "4\r")], then: #"printf '%s\n' "$name""#, stdout: "raspberrypi4\n"),

        Example(name: "dialog's boxes joined in one call", lines: """
            answers=$(ask --dialog --stdout --inputbox Host: 8 40 pi --and-widget --inputbox Port: 8 40 22)
            # "pi<TAB>22" once both are answered
            """, steps: [Step(text: "Host:", keys: "\r"), Step(text: "Port:", keys: "\r")], then: #"printf '%s\n' "$answers""#,
            stdout: "pi\t22\n"),

        // Scripts and CI.
        Example(name: "every call answered from stdin", lines: """
            # In CI, answer every prompt from stdin (set once for all scripts):
            export ASK_FALLBACK=stdin
            printf 'jane\\nhunter2\\n' | ./deploy.sh         # each ask call takes a line per field, as `read` does
            """, terminal: false, files: ["deploy.sh": """
                #!/bin/sh
                # A deploy script that asks twice (the reader's own).
                user=$(ask -t User) || exit
                password=$(ask -t Password --secure) || exit
                printf 'deploying as %s with %s\\n' "$user" "$password"

                """], stdout: "deploying as jane with hunter2\n"),
        Example(name: "a fallback per call", lines: """
            # Or per call:
            name=$(ask -t Name --fallback stdin) || exit
            region=$(ask -t Region --value eu-west-1 --fallback value)   # the default when unattended
            """, terminal: false, stdin: "jane\n", then: #"printf '%s in %s\n' "$name" "$region""#, stdout: "jane in eu-west-1\n"),
        Example(name: "stdin even with a terminal", lines: """
            # Read stdin even with a terminal:
            echo "$TOKEN" | ask --stdin --secure --pattern '[A-Za-z0-9_]{40}' | tool login --token-stdin
            """, environment: ["TOKEN": Self.token], stubs: ["tool": ""],
            filesAfter: ["log/tool.args": "login --token-stdin\n", "log/tool.stdin": Self.token + "\n"], neverShown: [Self.token]),
        // Languages: the catalogs compiled from po/, where ASK_LOCALEDIR says.
        Example(name: "in German", lines: """
            LANG=de_DE.UTF-8 ask -t Konto --field Name --required     # German
            """, environment: ["ASK_LOCALEDIR": CompiledCatalogs.path],
            steps: [Step(text: "Abbrechen", keys: "\r"), Step(text: "Eine Antwort ist erforderlich", keys: "Jane\r")], stdout: "Jane\n"),
        Example(name: "Brazilian Portuguese, else Spanish", lines: """
            LANGUAGE=pt_BR:es ask -t Conta                              # Brazilian Portuguese, else Spanish
            """, environment: ["ASK_LOCALEDIR": CompiledCatalogs.path, "LANG": "fr_FR.UTF-8"],
            steps: [Step(text: "Cancelar", keys: "Ana\r")], stdout: "Ana\n"),
        Example(name: "a timeout, cancelled before it", lines: """
            # Never wait for ever:
            ask -t "Continue deploy?" --no-field --timeout 30 || echo "no answer (status $?)"
            """, steps: [Step(text: "Continue deploy?", keys: "\u{1B}")], stdout: "no answer (status 1)\n"),
        Example(name: "for a screen reader", lines: """
            # For a screen reader: lines only, what Enter does and what destroys said in words.
            export ACCESSIBLE=1
            ask -t "Remove old files?" --no-field --destructive --ok Delete || echo "kept them"
            """, steps: [Step(text: "> [Cancel]", keys: "\r")], stdout: "kept them\n",
            screenAfter: ["Remove old files?", "> [Cancel]"]),
        Example(name: "a line kept", lines: """
            # Leave a line saying what was answered (a secret shows as ••••••); ASK_KEEP=1 for every call:
            region=$(ask -t Region --value eu-west-1 --keep)
            """, steps: [Step(text: "eu-west-1", keys: "\r")], then: #"printf '%s\n' "$region""#, stdout: "eu-west-1\n",
            screenAfter: ["Region: eu-west-1"]),
        Example(name: "a timeout that answers", lines: """
            # Or let the time answer: after 5 seconds, the branch as it stands (main unless edited):
            branch=$(ask -t Branch --value main --timeout 5 --on-timeout accept)
            """, steps: [Step(text: "OK in 5s", keys: "\u{7F}\u{7F}\u{7F}\u{7F}fix-42")],
            then: #"printf '%s\n' "$branch""#, stdout: "fix-42\n"),

        // As an askpass helper: the link made on a fresh account, then run as ssh would run it.
        Example(name: "askpass", lines: """
            mkdir -p ~/.local/bin && ln -s "$(command -v ask)" ~/.local/bin/ask-askpass
            export SSH_ASKPASS=~/.local/bin/ask-askpass SSH_ASKPASS_REQUIRE=force
            export SUDO_ASKPASS=~/.local/bin/ask-askpass GIT_ASKPASS=~/.local/bin/ask-askpass
            """, steps: [Step(text: "jane@example.org's password:", keys: "hunter2\r")],
            then: #"[ "$SUDO_ASKPASS" = "$SSH_ASKPASS" ] && [ "$GIT_ASKPASS" = "$SSH_ASKPASS" ] && "$SSH_ASKPASS" "jane@example.org's password: ""#,
            stdout: "hunter2\n", neverShown: ["hunter2"]),

        // As a pinentry: set up on a fresh account, then the real gpg-agent asked for a passphrase.
        Example(name: "pinentry", lines: """
            mkdir -p ~/.local/bin && ln -s "$(command -v ask)" ~/.local/bin/pinentry-ask
            mkdir -p -m 700 ~/.gnupg
            echo "pinentry-program $HOME/.local/bin/pinentry-ask" >> ~/.gnupg/gpg-agent.conf
            gpgconf --kill gpg-agent      # the agent reads its configuration when it starts
            export GPG_TTY=$(tty)         # in the shell's startup file: where the alert is drawn
            """, steps: [Step(text: "Unlock the key", keys: "s3cret\r")],
            then: "gpg-connect-agent 'GET_PASSPHRASE --data ask:readme X Passphrase: Unlock%20the%20key' /bye",
            stdout: "D s3cret\nOK\n", chatter: "gpg-connect-agent: ", neverShown: ["s3cret"], tools: ["gpgconf", "gpg-agent", "gpg-connect-agent"],
            cleanUp: "HOME=$PWD/home gpgconf --kill gpg-agent"),

        // Fuzzing.
        Example(name: "make fuzz", lines: """
            make fuzz                      # 60 seconds per target
            make fuzz FUZZ_SECONDS=3600    # an hour per target
            Tests/Fuzz/run 600 FuzzDecoder # one target
            """, reason: """
            each runs libFuzzer for minutes to hours in a build of its own; CI runs every target for \
            ten seconds (Tests/Fuzz/run 10)
            """),
    ]

    static let cancelOrEmpty = """
        # Tell cancel from an empty answer.
        if answer=$(ask -t "Comment" -m "Optional"); then
            echo "answered: '$answer'"      # may be empty
        else
            echo "cancelled (status $?)"
        fi
        """

    /// `swift run ask ARGS`, as swift would run it once built: the built ask.
    static let swiftRun = #"[ "$1" = run ] && [ "$2" = ask ] || exit 99; shift 2; exec ask "$@""#

    static let token = "ghp_0123456789abcdefghijABCDEFGHIJ_abcde"

    // MARK: - Every example has a case

    /// README's ```sh blocks, each as its lines.
    static func readmeBlocks() throws -> [[String]] {
        let readme = try Util.readText(Paths.root + "/README.md")
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil {
                if line == "```sh" { current = [] }
            } else if line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func everyExampleHasACase() throws {
        let blocks = try Self.readmeBlocks()
        #expect(!blocks.isEmpty)
        let cases = Self.examples.map { $0.lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        // A case's lines stand together in a block, as README has them.
        func contains(_ block: [String], _ lines: [String]) -> Bool {
            guard lines.count <= block.count else { return false }
            return (0...(block.count - lines.count)).contains { Array(block[$0..<($0 + lines.count)]) == lines }
        }
        for (example, lines) in zip(Self.examples, cases) {
            #expect(blocks.contains { contains($0, lines) }, "README has no longer these lines of case '\(example.name)':\n\(example.lines)")
        }
        for block in blocks {
            let covering = cases.filter { contains(block, $0) }
            let commandLines = block.filter { line in
                let text = line.drop { $0 == " " }
                return !text.isEmpty && !text.hasPrefix("#")
            }
            for line in commandLines {
                #expect(covering.contains { $0.contains(line) }, "no case runs this line of README:\n\(line)\n(in the block:\n\(block.joined(separator: "\n")))")
            }
        }
    }

    /// An example ending in `|| exit` stops a script when the person cancels, and would close
    /// an interactive shell it was typed into: README says so right after the first of them.
    @Test func whatExitDoesIsSaidAfterTheFirstExampleUsingIt() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let blocks = readme.split(separator: "```sh\n", omittingEmptySubsequences: false).dropFirst()
        let first = try #require(blocks.first { $0.prefix { $0 != "`" }.contains("|| exit\n") }, "no example uses || exit")
        let after = first.split(separator: "```\n", maxSplits: 1).last ?? ""
        #expect(after.contains("`|| exit` ends the script") && after.contains("interactive shell"), "\(after)")
    }

    // MARK: - Running them

    @Test(arguments: examples)
    func theExampleRunsAsWritten(_ example: Example) throws {
        if let reason = example.reason {
            // Nothing to run; the reason is what the case says.
            #expect(!reason.isEmpty)
            return
        }
        for tool in example.tools where !Tools.available(tool) { return }
        for tool in example.tools { _ = try Tools.require(tool) }
        let bash = try Tools.require("bash")
        if example.environment["ASK_LOCALEDIR"] != nil { _ = try CompiledCatalogs.directory() }

        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }
        let base = directory.path
        for name in ["bin", "home", "work", "log"] { mkdir(base + "/" + name, 0o755) }
        symlink(PtyProcess.askPath, base + "/bin/ask")
        for (name, body) in example.stubs {
            try Util.writeFile(base + "/bin/" + name, """
                #!/bin/sh
                # Stands in for \(name): records its arguments, and what it reads unless that is the terminal.
                printf '%s\\n' "$*" >> '\(base)/log/\(name).args'
                [ -t 0 ] || cat >> '\(base)/log/\(name).stdin'
                \(body)

                """)
            chmod(base + "/bin/" + name, 0o755)
        }
        for (name, contents) in example.files {
            try Util.writeFile(base + "/work/" + name, contents)
            if name.hasSuffix(".sh") { chmod(base + "/work/" + name, 0o755) }
        }
        try Util.writeFile(base + "/example.sh", example.lines + "\n" + (example.then.isEmpty ? "" : example.then + "\n"))
        defer {
            if !example.cleanUp.isEmpty {
                _ = try? Util.run("/bin/sh", ["-c", "cd \"$1\" && " + example.cleanUp, "sh", base],
                                  environment: ["PATH": base + "/bin:/usr/bin:/bin"])
            }
        }

        let environment = ["HOME": base + "/home", "PATH": base + "/bin:/usr/bin:/bin"].merging(example.environment) { $1 }
        let input: PtyProcess.Input = example.stdin.map { .bytes(Array($0.utf8)) } ?? (example.terminal ? .terminal : .null)
        let process = try PtyProcess(["-c", #"cd "$2" && exec "$0" "$1/example.sh""#, bash, base, example.inClone ? Paths.root : base + "/work"],
                                     executable: bash,
                                     environment: environment, screen: "$ sh example.sh\n", input: input,
                                     controllingTerminal: example.terminal)
        defer { if process.termination == nil { process.signal(SIGKILL); _ = process.waitForExit() } }

        for text in example.shown {
            #expect(process.wait(seconds: 15) { $0.terminal.contains(text) }, "'\(text)' was never seen: \(process.terminal.lines)")
        }
        for step in example.steps {
            try #require(process.wait(seconds: 15) { $0.terminal.contains(step.text) },
                         "'\(step.text)' never showed: \(process.terminal.lines) \(process.stderrText)")
            Self.waitForKeys(process)
            process.type(step.keys)
        }
        let termination = process.waitForExit(seconds: 15)
        #expect(termination == .exited(example.status), "stderr: \(process.stderrText) screen: \(process.terminal.lines)")
        #expect(process.stdoutText == example.stdout)
        let stderr = process.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in example.chatter.map { !line.hasPrefix($0) } ?? true }.joined(separator: "\n")
        #expect(stderr == example.stderr)
        for (path, expected) in example.filesAfter {
            let exists = access(base + "/" + path, F_OK) == 0
            if let expected {
                #expect(exists && (try? Util.readText(base + "/" + path)) == expected, "\(path): \(String(describing: try? Util.readText(base + "/" + path)))")
            } else {
                #expect(!exists, "\(path) is still there")
            }
        }
        for text in example.neverShown { #expect(!process.transcriptText.contains(text), "'\(text)' was drawn") }
        for line in example.screenAfter { #expect(process.terminal.lines.contains(line), "\(process.terminal.lines)") }
        #expect(process.settingsRestored)
    }

    /// Waits until the alert on `process`'s terminal waits for keys (the `ask` the script
    /// started, or the pinentry gpg-agent started on it), so that the next keys are taken on
    /// their own. Under --timeout it never waits without a limit: seeing it drawn is enough.
    static func waitForKeys(_ process: PtyProcess) {
        guard process.wait(seconds: 15, until: { $0.terminal.contains("╰") }) else { return }
        guard let reader = reader(on: process.terminalPath) else { return }
        let arguments = PtyProcess.readAll("/proc/\(reader)/cmdline").split(separator: 0)
        if !arguments.contains(where: { $0.elementsEqual("--timeout".utf8) }) {
            process.waitUntilWaitingForKeys(seconds: 15, of: reader)
        }
    }

    /// The process drawing an alert on `terminal`: one named like ask (`ask`, `ask-askpass`,
    /// `pinentry-ask`) whose controlling terminal it is, or that has it open.
    static func reader(on terminal: String) -> pid_t? {
        var info = stat()
        guard stat(terminal, &info) == 0, let processes = opendir("/proc") else { return nil }
        defer { closedir(processes) }
        while let entry = readdir(processes) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name) else { continue }
            let stat = String(decoding: PtyProcess.readAll("/proc/\(pid)/stat"), as: UTF8.self)
            // "pid (comm) state ppid pgrp session tty_nr ..."
            guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let command = stat[stat.index(after: open)..<close]
            guard command == "ask" || command.hasSuffix("askpass") || command.hasPrefix("pinentry") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 4, UInt64(fields[4]) == UInt64(info.st_rdev) { return pid }
            if let descriptors = opendir("/proc/\(pid)/fd") {
                defer { closedir(descriptors) }
                while let descriptor = readdir(descriptors) {
                    let fd = withUnsafeBytes(of: descriptor.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    var link = [CChar](repeating: 0, count: 256)
                    let count = readlink("/proc/\(pid)/fd/\(fd)", &link, link.count - 1)
                    if count > 0, String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == terminal { return pid }
                }
            }
        }
        return nil
    }
}
