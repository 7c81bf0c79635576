// Package safefile reads the files a user names (a game's data, board,
// scenario or sheet file, a model file, a training checkpoint) and words
// the errors about them without their content.
//
// The seat server (with --allow-files), the CLI and the Python library read
// such files on a user's word, and the name may be any file of the machine:
// /dev/zero, a FIFO, /etc/shadow. Read takes regular files only and at most
// a limit of bytes, so that no file can block the process or take its
// memory; DescribeJSON and Redact keep the file's text out of the messages,
// which go back to whoever named the file.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Sentinel errors of Read, always wrapped with the file's path.
var (
	// ErrNotRegular: the path names a directory, a device, a FIFO, a socket
	// or anything else that is not a regular file (a symbolic link to a
	// regular file is fine). Nothing is read from it.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the file holds more bytes than the reader's limit.
	ErrTooLarge = errors.New("file too large")
)

// NoLimit is the limit that lets Read take a regular file of any size.
const NoLimit int64 = -1

// DataLimit is the limit for a game's data files: walking-moon and
// march-mars data=FILE, lunar-rally scenario=FILE, planet-cubes board=FILE,
// welcome-moon sheet=FILE. The largest such file shipped is
// engine/welcomemoon/data/adventure-3.json, 8,988 bytes; 1 MiB is over a
// hundred times that and still reads in a moment.
const DataLimit int64 = 1 << 20

// Read returns the content of the regular file at path, refusing, with an
// error that wraps ErrNotRegular, a path that is not a regular file
// (symbolic links are followed), and, with one that wraps ErrTooLarge, a
// file of more than limit bytes (NoLimit: any size). It never blocks on a
// FIFO and never reads more than limit+1 bytes. Errors name the path; one
// from the system (a missing file: errors.Is(err, fs.ErrNotExist)) is
// returned as the os package gives it. It is ReadFS of Host.
func Read(path string, limit int64) ([]byte, error) { return ReadFS(Host, path, limit) }

// ErrNoFiles is ReadFS's error for a nil file system: the caller (the seat
// server without --allow-files) lets no file be read.
var ErrNoFiles = errors.New("no file may be read here")

// Host is the machine's file system as a command line names files: its
// names are host paths (relative to the working directory, or absolute),
// not fs.ValidPath names. Open never blocks on a FIFO; Stat looks at a
// path without opening it.
var Host fs.FS = hostFS{}

type hostFS struct{}

func (hostFS) Open(name string) (fs.File, error) {
	f, err := open(name)
	if err != nil {
		return nil, err // not a nil *os.File in an fs.File
	}
	return f, nil
}

func (hostFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(name) }

// ReadFS is Read of the file name of fsys (nil: ErrNoFiles). Where fsys
// can Stat a name (fs.StatFS, as Host), a name that is not a regular file
// is refused without being opened: opening some devices acts (a tape
// rewinds).
func ReadFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	if fsys == nil {
		return nil, fmt.Errorf("%s: %w", name, ErrNoFiles)
	}
	if st, ok := fsys.(fs.StatFS); ok {
		fi, err := st.Stat(name)
		if err != nil {
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, notRegular(name, fi.Mode())
		}
	}
	// Then the file opened is checked, not the name, which may have been
	// replaced in between; Host's open does not block if it is now a FIFO.
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(name, fi.Mode())
	}
	size := fi.Size()
	if limit >= 0 && size > limit {
		return nil, tooLarge(name, fmt.Sprintf("%d bytes", size), limit)
	}
	return readAll(f, name, size, limit)
}

// readAll reads f, whose size was size, to its end: at most limit+1 bytes,
// so that a file that grew past limit is seen.
func readAll(f fs.File, name string, size, limit int64) ([]byte, error) {
	var r io.Reader = f
	if limit >= 0 {
		r = io.LimitReader(f, limit+1)
	}
	data := make([]byte, 0, size+1)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	if limit >= 0 && int64(len(data)) > limit {
		return nil, tooLarge(name, fmt.Sprintf("more than %d bytes", limit), limit)
	}
	return data, nil
}

func notRegular(path string, m fs.FileMode) error {
	kind := "not a file"
	switch {
	case m.IsDir():
		kind = "a directory"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device"
	case m&fs.ModeDevice != 0:
		kind = "a block device"
	case m&fs.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, kind)
}

func tooLarge(path, size string, limit int64) error {
	return fmt.Errorf("%s: %w (%s; at most %s)", path, ErrTooLarge, size, FormatBytes(limit))
}

// FormatBytes writes a size as people read it: "32 MiB" for a whole number
// of MiB or KiB, else "N bytes".
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
