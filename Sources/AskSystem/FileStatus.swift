import CAskSystem

/// What stat says of a file: its kind, size, identity and owner. Read through `CAskSystem`'s
/// 64-bit calls, so that a 32-bit machine looks at a file over 2 GiB, or one with a 64-bit inode
/// number (btrfs, overlayfs), as any other (its own `stat` fails there with EOVERFLOW).
package struct FileStatus: Equatable, Sendable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    package let mode: UInt32
    package let owner: UInt32
    package let group: UInt32

    private init(_ status: ask_file_status) {
        device = status.device
        inode = status.inode
        size = status.size
        mode = status.mode
        owner = status.owner
        group = status.group
    }

    /// The file open on `fd`; nil with errno set when it cannot be looked at.
    package static func of(_ fd: Int32) -> FileStatus? {
        var status = ask_file_status()
        return ask_descriptor_status(fd, &status) == 0 ? FileStatus(status) : nil
    }

    /// The file at `path`, a link followed; nil with errno set when it cannot be looked at.
    package static func at(_ path: String) -> FileStatus? {
        var status = ask_file_status()
        return ask_path_status(path, &status) == 0 ? FileStatus(status) : nil
    }

    package var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    package var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Whether it is the same file as `other` (the same device and inode).
    package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}
