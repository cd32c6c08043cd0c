import AskSystem
import Glibc
import Testing

/// The owning descriptor: one opened here is closed with its last reference, one borrowed never
/// is; and poll says which are ready by the names the caller gave them.
struct DescriptorTests {
    static func isOpen(_ raw: Int32) -> Bool { fcntl(raw, F_GETFD) != -1 }

    @Test func anOwnedDescriptorClosesItself() throws {
        var raw: Int32 = -1
        do {
            guard case let .success(file) = Descriptor.open(forReading: "/dev/null") else {
                Issue.record("cannot open /dev/null")
                return
            }
            raw = file.raw
            #expect(Self.isOpen(raw))
        }
        #expect(!Self.isOpen(raw))
    }

    @Test func aBorrowedDescriptorStaysOpen() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        do {
            let borrowed = Descriptor(borrowing: ends[0])
            #expect(!borrowed.isTerminal)
        }
        #expect(Self.isOpen(ends[0]))
        close(ends[0])
        close(ends[1])
    }

    /// A directory is refused as its first read would be.
    @Test func aDirectoryIsRefused() {
        guard case let .failure(error) = Descriptor.open(forReading: "/") else {
            Issue.record("a directory opened for reading")
            return
        }
        #expect(error == SystemError(EISDIR))
    }

    enum Name: Equatable { case quiet, ready, gone }

    /// Input ready, and the other end of a written pipe gone, each said by its name; nothing
    /// ready within the time is nil.
    @Test func pollNamesWhatIsReady() {
        var quiet: [Int32] = [0, 0], ready: [Int32] = [0, 0], gone: [Int32] = [0, 0]
        #expect(pipe(&quiet) == 0 && pipe(&ready) == 0 && pipe(&gone) == 0)
        // (The read end of `gone` is closed by hand below: not owned, or it would be closed twice.)
        let owned = (quiet + ready + [gone[1]]).map(Descriptor.init(owning:))
        let watches = [Poll.Watch(owned[0], as: Name.quiet), Poll.Watch(owned[2], as: .ready),
                       Poll.Watch(owned[4], for: .hangUp, as: .gone)]
        #expect(Poll.wait(for: watches, milliseconds: 0) == .success(nil))
        owned[3].writeAll("x")
        #expect(Poll.wait(for: watches, milliseconds: 0) == .success([.ready]))
        close(gone[0])  // its reader goes away: the write end hangs up
        #expect(Poll.wait(for: watches, milliseconds: 0) == .success([.ready, .gone]))
        _ = owned  // the others are closed with them
    }
}
