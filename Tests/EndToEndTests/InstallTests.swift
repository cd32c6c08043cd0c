import AskCommandLine
import AskSystem
import Glibc
import TestSupport
import Testing

/// `make install` and `make uninstall` put and remove exactly their files; `make install`
/// builds the release binary first, the one the toolchain allows.
@Suite struct InstallTests {
    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: [nil, "/opt/ask"])
    func makeInstallsAndUninstallsExactlyItsFiles(prefix: String?) throws {
        let make = try Tools.require("make")
        let stage = TemporaryDirectory()
        let destdir = stage.path + "/dest dir"  // a space: every path is quoted
        let root = destdir + (prefix ?? "/usr/local")
        let installed = [
            ("bin/ask", PtyProcess.askPath, 0o755),
            ("share/man/man1/ask.1", Paths.manPage, 0o644),
            ("share/bash-completion/completions/ask", Paths.bash, 0o644),
            ("share/zsh/site-functions/_ask", Paths.zsh, 0o644),
            ("share/fish/vendor_completions.d/ask.fish", Paths.fish, 0o644),
        ] + Paths.languages.map { ("share/locale/\($0)/LC_MESSAGES/ask.mo", Paths.root + "/.build/locale/\($0)/LC_MESSAGES/ask.mo", 0o644) }
        #expect(installed.count > 15)
        // Neighbours in the same directories, which uninstall must leave alone.
        let neighbours = ["bin/other", "share/man/man1/other.1", "share/bash-completion/completions/other",
                          "share/zsh/site-functions/_other", "share/fish/vendor_completions.d/other.fish",
                          "share/fish/vendor_completions.d/ask.fish.orig", "share/locale/de/LC_MESSAGES/other.mo"]
        for name in neighbours { try Util.writeFile(root + "/" + name, "someone else's\n") }
        let before = try Util.listing(destdir)

        let variables = ["DESTDIR=\(destdir)"] + (prefix.map { ["PREFIX=\($0)"] } ?? [])
        let install = try Util.run(make, ["-C", Paths.root, "install-files", "BINARY=\(PtyProcess.askPath)"] + variables)
        try #require(install.termination == .exited(0), "make install-files: \(install.stderrText)")

        for (path, source, mode) in installed {
            let target = root + "/" + path
            #expect(try Util.readBytes(target) == Util.readBytes(source), "\(target) differs from \(source)")
            var info = stat()
            #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == mode, "\(target) mode")
        }
        let version = try Util.run(root + "/bin/ask", ["--version"])
        #expect(version.termination == .exited(0) && version.stdoutText.hasPrefix("ask "))
        // The installed ask finds its catalogs beside itself, in PREFIX/share/locale.
        let german = try PtyProcess(["--no-field", "--title", "Neustart"], executable: root + "/bin/ask", environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.waitForScreen("Abbrechen"), "\(german.terminal.lines)")
        german.type("\r")
        #expect(german.waitForExit() == .exited(0))
        let afterInstall = try Util.listing(destdir)
        #expect(afterInstall.files == before.files.union(installed.map { root + "/" + $0.0 }))

        let uninstall = try Util.run(make, ["-C", Paths.root, "uninstall"] + variables)
        #expect(uninstall.termination == .exited(0), "make uninstall: \(uninstall.stderrText)")
        let after = try Util.listing(destdir)
        let left = after.files.subtracting(before.files).sorted(), removed = before.files.subtracting(after.files).sorted()
        #expect(after.files == before.files, "uninstall left \(left) and removed \(removed)")
        #expect(after.directories == afterInstall.directories, "uninstall removed directories")
    }

    @Test(.enabled(if: Tools.available("make"), "make is not installed"))
    func makeInstallBuildsTheReleaseBinaryFirst() throws {
        let make = try Tools.require("make")
        // -n prints the commands without running them; -B as if nothing were built yet.
        let install = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage", "EMBEDDED=yes",
                                           "TOOLCHAIN_RECORD=/nonexistent"])
        #expect(install.termination == .exited(0), "\(install.stderrText)")
        let lines = install.stdoutText.split(separator: "\n").map(String.init)
        // The release binary: Embedded Swift, linked statically.
        let build = lines.firstIndex { $0.hasPrefix("swiftc -enable-experimental-feature Embedded") }
        let link = lines.firstIndex { $0.contains(" -static ") && $0.contains("-o .build/embedded/ask ") }
        let copy = lines.firstIndex { $0.contains(".build/embedded/ask\" \"/stage/usr/local/bin/ask\"") }
        #expect(build != nil && link != nil && copy != nil && build! < link! && link! < copy!, "\(lines)")
        // Without the compilers' .comment section (lintian's binary-has-unneeded-section).
        let comment = lines.firstIndex { $0.hasSuffix("--remove-section=.comment .build/embedded/ask") }
        #expect(comment != nil && link != nil && copy != nil && link! < comment! && comment! < copy!, "\(lines)")

        let all = try Util.run(make, ["-C", Paths.root, "-n", "-B", "EMBEDDED=yes", "TOOLCHAIN_RECORD=/nonexistent"])
        #expect(all.stdoutText.contains("swiftc -enable-experimental-feature Embedded"))
        // A toolchain without Embedded Swift for the machine, or EMBEDDED=no: the ordinary
        // runtime, linked statically.
        for variables in [["EMBEDDED=no"], ["TOOLCHAIN_LIB=/nonexistent"]] {
            let ordinary = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                               "TOOLCHAIN_RECORD=/nonexistent"] + variables)
            #expect(ordinary.stdoutText.contains("swift build -c release -Xswiftc -static-executable"), "\(variables)")
            #expect(ordinary.stdoutText.contains(".build/static/release/ask\" \"/stage/usr/local/bin/ask\""), "\(variables)")
            #expect(!ordinary.stdoutText.contains("Embedded"), "\(variables)")
            #expect(ordinary.stdoutText.contains("--remove-section=.comment .build/static/release/ask\n"), "\(variables)")
        }
        // Where swiftc is not on the PATH (sudo make install), the toolchain the last build
        // recorded decides, so install copies what was built instead of building otherwise.
        let toolchain = TemporaryDirectory()
        for directory in ["lib", "lib/swift", "lib/swift/embedded", "lib/swift/embedded/Swift.swiftmodule",
                          "lib/swift/embedded/t-linux"] {
            mkdir(toolchain.path + "/" + directory, 0o755)
        }
        toolchain.write("lib/swift/embedded/Swift.swiftmodule/t-linux.swiftmodule", "")
        toolchain.write("lib/swift/embedded/t-linux/libswiftUnicodeDataTables.a", "")
        toolchain.write("record", "triple:t-linux\nruntimeResourcePath:\(toolchain.path)/lib/swift\n")
        let recorded = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                           "TOOLCHAIN_RECORD=\(toolchain.path)/record", "SWIFTC=/nonexistent/swiftc"])
        #expect(recorded.stdoutText.contains("\(toolchain.path)/lib/swift/embedded/t-linux/libswiftUnicodeDataTables.a"))
        #expect(recorded.stdoutText.contains(".build/embedded/ask\" \"/stage/usr/local/bin/ask\""))
        // And when that build was the ordinary one (make EMBEDDED=no), that one.
        toolchain.write("record", "triple:t-linux\nruntimeResourcePath:\(toolchain.path)/lib/swift\nembedded:no\n")
        let ordinaryRecorded = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                                  "TOOLCHAIN_RECORD=\(toolchain.path)/record", "SWIFTC=/nonexistent/swiftc"])
        #expect(ordinaryRecorded.stdoutText.contains(".build/static/release/ask\" \"/stage/usr/local/bin/ask\""))

        let test = try Util.run(make, ["-C", Paths.root, "-n", "test"])
        #expect(test.stdoutText.split(separator: "\n").contains("swift test"), "\(test.stdoutText)")
    }

    /// Where README says fish finds the installed completions: under another PREFIX only when
    /// PREFIX/share is in XDG_DATA_DIRS, under ~/.local without it. Fish loads the first
    /// `ask.fish` along its `$fish_complete_path`, so the test asks which one that is: an `ask`
    /// installed on the machine (the package's, in fish's own directory) answers too, and is
    /// not taken for this one.
    @Test(.enabled(if: Tools.available("make") && Tools.available("fish"), "make or fish is not installed"))
    func fishFindsTheInstalledCompletionsWhereTheReadmeSays() throws {
        let make = try Tools.require("make"), fish = try Tools.require("fish")
        /// Installs under `prefix`, then, in a fresh `home` (with `dataDirectories` as
        /// XDG_DATA_DIRS, or it unset), the directory whose ask.fish fish loads, and whether
        /// fish completes --fallback's values.
        func found(home: TemporaryDirectory, prefix: String, dataDirectories: String?) throws -> (directory: String, completes: Bool) {
            let install = try Util.run(make, ["-C", Paths.root, "-s", "install-files", "BINARY=\(PtyProcess.askPath)", "PREFIX=\(prefix)"])
            try #require(install.termination == .exited(0), "make install-files: \(install.stderrText)")
            var environment = ["HOME": home.path, "PATH": prefix + "/bin:/usr/bin:/bin"]
            environment["XDG_DATA_DIRS"] = dataDirectories
            let loaded = try Util.run(fish, ["-c", "for d in $fish_complete_path; if test -f $d/ask.fish; echo $d; break; end; end"],
                                      environment: environment)
            let completion = try Util.run(fish, ["-c", "complete -C 'ask --fallback '"], environment: environment)
            let values = completion.stdoutText.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
            return (loaded.stdoutText.split(separator: "\n").first.map(String.init) ?? "", values == ["fail", "stdin", "value"])
        }
        let elsewhere = TemporaryDirectory(), local = TemporaryDirectory()
        let prefix = elsewhere.path + "/opt/ask"
        let unset = try found(home: elsewhere, prefix: prefix, dataDirectories: nil)
        #expect(!unset.directory.hasPrefix(elsewhere.path), "fish found \(unset.directory) without XDG_DATA_DIRS")
        let named = try found(home: elsewhere, prefix: prefix, dataDirectories: prefix + "/share:/usr/local/share:/usr/share")
        #expect(named.directory == prefix + "/share/fish/vendor_completions.d" && named.completes, "\(named)")
        let home = try found(home: local, prefix: local.path + "/.local", dataDirectories: nil)
        #expect(home.directory == local.path + "/.local/share/fish/vendor_completions.d" && home.completes, "\(home)")
    }

    @Test func theReadmeSaysHowToInstall() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        let tryIt = try #require(headings.firstIndex(of: "## Try it"))
        #expect(headings.dropFirst(tryIt + 1).first == "## Install")
        let section = Util.section(of: readme, after: "## Install\n", before: "\n## ")
        for text in ["make install", "PREFIX", "DESTDIR", "make uninstall", "make test", "man ask", "XDG_DATA_DIRS", "fpath",
                     "bin/ask", "share/man/man1/ask.1", "share/bash-completion/completions/ask",
                     "share/zsh/site-functions/_ask", "share/fish/vendor_completions.d/ask.fish",
                     "dpkg -i", "/usr/share/zsh/vendor-completions/_ask", "/usr/share/doc/ask", "sha256sum -c",
                     "install.sh --uninstall", "cp -R bin share", "make dist", "make deb", "make version", "HelpText.version",
                     "x86_64 Linux with the Swift toolchain", "release page", "make release", "SHA256SUMS", ".build/dist",
                     "ARCH=arm64", "ARCH=armhf", "ARCH=armel", "_arm64.deb", "_armhf.deb", "_armel.deb", "linux-aarch64.tar.gz",
                     "linux-armv7.tar.gz", "linux-armv6.tar.gz"] {
            #expect(section.contains(text), "README's Install section does not mention \(text)")
        }
        // The package first, then the archive, then building from source.
        let package = section.firstRange(of: "apt install ./ask_"), archive = section.firstRange(of: "./install.sh ~/.local"),
            source = section.firstRange(of: "\n### From source\n")
        #expect(package != nil && archive != nil && source != nil, "README's Install lacks the package, the archive or From source")
        if let package, let archive, let source {
            #expect(package.lowerBound < archive.lowerBound && archive.lowerBound < source.lowerBound,
                    "README's Install leads with the package, then the archive, then building from source")
        }
    }
}

/// `make install-compat` puts the personalities' links in the directory named, never over a
/// file that is not one of them, leading to the `ask` that is installed (found on PATH, or named
/// by ASK) and never to one that is not there; `make uninstall-compat` removes its links and
/// nothing else.
@Suite struct InstallCompatTests {
    /// A directory for the links (`directory`, not made yet) and `make` run on its targets with
    /// `tools` first on PATH: links to the programs in /usr/bin and /bin but `ask`, so that make
    /// and the recipes find what they run and no `ask`, whatever this machine has installed.
    final class Stage {
        let make: String
        let stage = TemporaryDirectory()
        let tools: String
        let directory: String

        init(directory name: String = "compat") throws {
            make = try Tools.require("make")
            tools = stage.path + "/tools"
            directory = stage.path + "/" + name
            mkdir(tools, 0o755)
            for programs in ["/usr/bin", "/bin"] {
                guard let handle = opendir(programs) else { throw PtyProcess.Failure("cannot list \(programs)") }
                defer { closedir(handle) }
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name != "." && name != ".." && name != "ask" { symlink(programs + "/" + name, tools + "/" + name) }
                }
            }
        }

        /// `make -s TARGET COMPATDIR=directory VARIABLES…`, with `first` before the tools on PATH.
        func run(_ target: String, _ variables: [String] = [], pathFirst first: String? = nil) throws -> PtyProcess {
            try Util.run(make, ["-C", Paths.root, "-s", target, "COMPATDIR=\(directory)"] + variables,
                         environment: ["PATH": (first.map { $0 + ":" } ?? "") + tools])
        }
    }

    @Test(.enabled(if: Tools.available("make"), "make is not installed"))
    func linksLeadToTheAskFoundOnPath() throws {
        let stage = try Stage(directory: "compat dir")
        let directory = stage.directory
        // The ask installed: in a directory of its own, first on PATH (as /usr/bin is for the
        // package's, ~/.local/bin for the archive's).
        let installed = stage.stage.path + "/installed bin"
        mkdir(installed, 0o755)
        symlink(PtyProcess.askPath, installed + "/ask")
        let install = try stage.run("install-compat", pathFirst: installed)
        try #require(install.termination == .exited(0), "\(install.stderrText)")
        #expect(Self.target(of: directory + "/whiptail") == installed + "/ask")
        #expect(Self.target(of: directory + "/dialog") == installed + "/ask")
        #expect(try Util.listing(directory).files == [directory + "/whiptail", directory + "/dialog"])
        // It says what it did.
        #expect(install.stdoutText == "\(directory)/whiptail -> \(installed)/ask (found on PATH)\n"
                + "\(directory)/dialog -> \(installed)/ask (found on PATH)\n", "\(install.stdoutText)")
        // The link runs ask as whiptail.
        let version = try Util.run(directory + "/whiptail", ["--version"])
        #expect(version.stdoutText.hasPrefix("whiptail (ask)"), "\(version.stdoutText) \(version.stderrText)")
        // Again: the link is made anew, nothing else.
        #expect(try stage.run("install-compat", pathFirst: installed).termination == .exited(0))
        #expect(try Util.listing(directory).files == [directory + "/whiptail", directory + "/dialog"])

        // Without a directory named, nothing is done.
        let unnamed = try Util.run(stage.make, ["-C", Paths.root, "install-compat"], environment: ["PATH": installed + ":" + stage.tools])
        #expect(unnamed.termination != .exited(0) && unnamed.stderrText.contains("COMPATDIR"))

        let uninstall = try stage.run("uninstall-compat")
        #expect(uninstall.termination == .exited(0))
        #expect(uninstall.stdoutText.contains("removed \(directory)/whiptail"), "\(uninstall.stdoutText)")
        #expect(try Util.listing(directory).files.isEmpty)
    }

    @Test(.enabled(if: Tools.available("make"), "make is not installed"))
    func linksLeadToTheAskNamed() throws {
        let stage = try Stage()
        let directory = stage.directory, named = ["ASK=\(PtyProcess.askPath)"]
        // No ask on PATH: the one named is taken.
        let install = try stage.run("install-compat", named)
        try #require(install.termination == .exited(0), "\(install.stderrText)")
        #expect(Self.target(of: directory + "/whiptail") == PtyProcess.askPath)
        #expect(Self.target(of: directory + "/dialog") == PtyProcess.askPath)
        #expect(install.stdoutText.contains("\(directory)/dialog -> \(PtyProcess.askPath) (named)"), "\(install.stdoutText)")
        #expect(try stage.run("uninstall-compat", named).termination == .exited(0))
        #expect(try Util.listing(directory).files.isEmpty)
    }

    /// No link that would lead nowhere, or to something else than ask: one line says why, the
    /// target fails, and nothing is made.
    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: [
        (nil, "no ask on PATH to link to"),
        ("/nonexistent/bin/ask", "no executable at /nonexistent/bin/ask (named): a link to it would lead nowhere"),
        ("bin/ask", "is not an absolute path"),
        ("/bin/true", "/bin/true (named) is not ask"),
    ])
    func aLinkThatWouldLeadNowhereIsRefused(named: String?, says reason: String) throws {
        let stage = try Stage()
        let refused = try stage.run("install-compat", named.map { ["ASK=\($0)"] } ?? [])
        #expect(refused.termination != .exited(0))
        let lines = refused.stderrText.split(separator: "\n").filter { !$0.hasPrefix("make: ***") }
        #expect(lines.count == 1 && lines[0].hasPrefix("make: ") && lines[0].contains(reason), "\(refused.stderrText)")
        #expect(access(stage.directory, F_OK) != 0, "the directory was made")
    }

    /// What is not a link to ask is left alone by both targets: someone's own whiptail, a link
    /// to another program, a neighbour. A link to an ask gone since (an earlier install's) is
    /// replaced, and removed.
    @Test(.enabled(if: Tools.available("make"), "make is not installed"))
    func othersFilesAreLeftAlone() throws {
        let stage = try Stage()
        let directory = stage.directory, named = ["ASK=\(PtyProcess.askPath)"]
        mkdir(directory, 0o755)
        try Util.writeFile(directory + "/whiptail", "#!/bin/sh\n")
        symlink("/usr/bin/other-dialog", directory + "/dialog")
        try Util.writeFile(directory + "/neighbour", "someone else's\n")
        let refused = try stage.run("install-compat", named)
        #expect(refused.termination != .exited(0) && refused.stderrText.contains("left alone"), "\(refused.stderrText)")
        #expect(try stage.run("uninstall-compat", named).termination == .exited(0))
        #expect(try Util.readBytes(directory + "/whiptail") == Array("#!/bin/sh\n".utf8))
        #expect(Self.target(of: directory + "/dialog") == "/usr/bin/other-dialog")
        #expect(try Util.readBytes(directory + "/neighbour") == Array("someone else's\n".utf8))

        // Links an earlier install made to an ask not there any more.
        let gone = "/usr/local/bin/ask-gone/ask"
        for name in ["whiptail", "dialog"] {
            unlink(directory + "/" + name)
            symlink(gone, directory + "/" + name)
        }
        let replaced = try stage.run("install-compat", named)
        #expect(replaced.termination == .exited(0), "\(replaced.stderrText)")
        #expect(Self.target(of: directory + "/whiptail") == PtyProcess.askPath)
        symlink(gone, directory + "/gone")
        unlink(directory + "/dialog")
        symlink(gone, directory + "/dialog")
        #expect(try stage.run("uninstall-compat").termination == .exited(0))
        #expect(Self.target(of: directory + "/whiptail") == nil && Self.target(of: directory + "/dialog") == nil)
        #expect(Self.target(of: directory + "/gone") == gone)
        #expect(try Util.readBytes(directory + "/neighbour") == Array("someone else's\n".utf8))
    }

    /// Where the symbolic link at `path` points, or nil when it is not one.
    static func target(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One version, `HelpText.version` (what `ask --version` prints): the Makefile reads it from
/// there for the archive's and the package's names and the package's version, and the package's
/// changelog names it (the man page's header: `DocumentationTests`). `.ci/check-package` checks
/// the same of what `make dist` and `make deb` build from the release binary.
@Suite struct ReleaseTests {
    @Test func theChangelogsNewestEntryIsTheVersion() throws {
        let changelog = try Util.readText(Paths.root + "/docs/packaging/changelog")
        #expect(changelog.hasPrefix("ask (\(HelpText.version)) "), "docs/packaging/changelog's newest entry is not \(HelpText.version)")
    }

    /// The names `make version` prints are those `make dist` and `make deb` write (here from a
    /// stand-in binary, so nothing is built), and the package's version is the version.
    @Test(.enabled(if: Tools.available("make") && Tools.available("dpkg-deb"), "make or dpkg-deb is not installed"))
    func theArchiveAndThePackageAreNamedByTheVersion() throws {
        let make = try Tools.require("make"), dpkgDeb = try Tools.require("dpkg-deb")
        let stage = TemporaryDirectory()
        let printed = try Util.run(make, ["-C", Paths.root, "-s", "version", "DIST_DIR=\(stage.path)"])
        let names = printed.stdoutText.split(separator: "\n").map(String.init)
        try #require(names.count == 3, "make version: \(printed.stdoutText) \(printed.stderrText)")
        let version = HelpText.version
        #expect(names[0] == version)
        let archive = names[1], package = names[2]
        #expect(archive.hasPrefix(stage.path + "/ask-\(version)-linux-") && archive.hasSuffix(".tar.gz"), "\(archive)")
        #expect(package.hasPrefix(stage.path + "/ask_\(version)_") && package.hasSuffix(".deb"), "\(package)")

        let built = try Util.run(make, ["-C", Paths.root, "-s", "dist", "deb", "BINARY=/bin/true", "DIST_DIR=\(stage.path)"])
        try #require(built.termination == .exited(0), "make dist deb: \(built.stderrText)")
        #expect(access(archive, R_OK) == 0 && access(archive + ".sha256", R_OK) == 0, "no \(archive) and .sha256")
        let field = try Util.run(dpkgDeb, ["--field", package, "Version"])
        #expect(field.stdoutText == version + "\n", "the package's version: \(field.stdoutText) \(field.stderrText)")
        // README, which the man page sends readers to, is in the package's documentation.
        let readme = try Util.run("/bin/sh", ["-c", "\"$0\" --fsys-tarfile \"$1\" | tar -xOf - ./usr/share/doc/ask/README.md.gz | gzip -dc",
                                              dpkgDeb, package])
        #expect(readme.stdoutText == (try Util.readText(Paths.root + "/README.md")), "\(readme.stderrText)")
    }

    /// `make deb` builds ask-compat beside ask's package: one package for every architecture,
    /// depending on ask of its version, holding the links it diverts the programs' files for —
    /// each link's name added as a diversion (to NAME.real, renamed) before it is unpacked and
    /// removed once it is gone. (`.ci/check-compat-package` installs and removes it for real.)
    @Test(.enabled(if: Tools.available("make") && Tools.available("dpkg-deb"), "make or dpkg-deb is not installed"))
    func theCompatPackageDivertsWhatItLinks() throws {
        let make = try Tools.require("make"), dpkgDeb = try Tools.require("dpkg-deb")
        let stage = TemporaryDirectory()
        let built = try Util.run(make, ["-C", Paths.root, "-s", "deb", "BINARY=/bin/true", "DIST_DIR=\(stage.path)"])
        try #require(built.termination == .exited(0), "make deb: \(built.stderrText)")
        let package = stage.path + "/ask-compat_\(HelpText.version)_all.deb"
        let fields = try Util.run(dpkgDeb, ["--field", package, "Package", "Source", "Version", "Architecture", "Depends"])
        #expect(fields.stdoutText == """
            Package: ask-compat
            Source: ask
            Version: \(HelpText.version)
            Architecture: all
            Depends: ask (>= \(HelpText.version))

            """, "\(fields.stdoutText) \(fields.stderrText)")
        let contents = try Util.run(dpkgDeb, ["--contents", package])
        let links = contents.stdoutText.split(separator: "\n").filter { $0.hasPrefix("l") }
            .map { $0.split(separator: " ").suffix(3).joined(separator: " ") }
        #expect(links == ["./usr/bin/dialog -> ask", "./usr/bin/whiptail -> ask"], "\(contents.stdoutText)")
        mkdir(stage.path + "/control", 0o755)
        let control = try Util.run(dpkgDeb, ["--control", package, stage.path + "/control"])
        try #require(control.termination == .exited(0), "\(control.stderrText)")
        let preinst = stage.read("control/preinst"), postrm = stage.read("control/postrm")
        for name in ["whiptail", "dialog"] {
            let arguments = "--rename --divert /usr/bin/\(name).real /usr/bin/\(name)\n"
            #expect(preinst.contains("dpkg-divert --package ask-compat --add " + arguments), "\(preinst)")
            #expect(postrm.contains("dpkg-divert --package ask-compat --remove " + arguments), "\(postrm)")
        }
        #expect(preinst.contains("install | upgrade)") && postrm.contains("remove | abort-install | disappear)"))
    }

    /// The man page is dated by the changelog's newest entry, the release it describes.
    @Test func theManPageIsDatedByTheChangelog() throws {
        let changelog = try Util.readText(Paths.root + "/docs/packaging/changelog")
        // " -- NAME <ADDRESS>  Wed, 02 Dec 2026 00:00:00 +0000"
        let signed = try #require(changelog.split(separator: "\n").first { $0.hasPrefix(" -- ") }, "the changelog has no signature line")
        let date = signed.split(separator: ">  ").last.map { $0.split(separator: " ") } ?? []
        try #require(date.count >= 4, "\(signed)")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = try #require(months.firstIndex(of: String(date[2])), "\(signed)") + 1
        let day = String(date[1]).count == 1 ? "0" + date[1] : String(date[1])
        let expected = "\(date[3])-\(month < 10 ? "0" : "")\(month)-\(day)"
        let page = try Util.readText(Paths.manPage)
        let header = page.split(separator: "\n").first { $0.hasPrefix(".TH ") }.map(String.init) ?? ""
        #expect(header.hasPrefix(".TH ASK 1 \(expected) "), "man/ask.1's header, \(header), is not dated \(expected) (the changelog's)")
    }
}
