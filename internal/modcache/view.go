package modcache

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// View is a read-only file system laid out like a GOPATH: the directory
// "src/IMPORTPATH" holds the files of that package, wherever the go
// command keeps them (the module cache, GOROOT). It is what yaegi's source
// importer reads, with its GoPath set to ".". Only the packages added are
// visible, so the interpreter sees exactly the versions the go command
// chose.
type View struct {
	mu   sync.RWMutex
	pkgs map[string]viewPkg // import path -> its files
}

type viewPkg struct {
	dir   string
	files []string // names in dir, sorted
}

// NewView returns an empty view.
func NewView() *View { return &View{pkgs: map[string]viewPkg{}} }

// Add makes the files (names in dir) of the package in dir visible as
// importPath. Only the files the go command chose for this system are
// given, so that files excluded by build constraints (a generator with
// "//go:build ignore", another system's files) never reach the
// interpreter.
func (v *View) Add(importPath, dir string, files []string) {
	fs := slices.Clone(files)
	slices.Sort(fs)
	v.mu.Lock()
	v.pkgs[importPath] = viewPkg{dir, fs}
	v.mu.Unlock()
}

// Has reports whether importPath is visible.
func (v *View) Has(importPath string) bool {
	v.mu.RLock()
	defer v.mu.RUnlock()
	_, ok := v.pkgs[importPath]
	return ok
}

// Open implements fs.FS: "src/P" is the directory of package P and
// "src/P/F" its file F. A directory lists the package's files only (a
// sub-package is a package of its own).
func (v *View) Open(name string) (fs.File, error) {
	notExist := &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	rest, ok := strings.CutPrefix(name, "src/")
	if !ok {
		return nil, notExist
	}
	v.mu.RLock()
	defer v.mu.RUnlock()
	if p, ok := v.pkgs[rest]; ok {
		return &viewDir{name: path.Base(rest), pkg: p}, nil
	}
	if p, ok := v.pkgs[path.Dir(rest)]; ok {
		if _, found := slices.BinarySearch(p.files, path.Base(rest)); found {
			return os.Open(filepath.Join(p.dir, path.Base(rest)))
		}
	}
	return nil, notExist
}

// viewDir is a package's directory in a View.
type viewDir struct {
	name string
	pkg  viewPkg
	read int // entries ReadDir returned so far
}

func (d *viewDir) Stat() (fs.FileInfo, error) {
	fi, err := os.Stat(d.pkg.dir)
	if err != nil {
		return nil, err
	}
	return dirInfo{fi, d.name}, nil
}

func (d *viewDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}

func (d *viewDir) Close() error { return nil }

// ReadDir implements fs.ReadDirFile.
func (d *viewDir) ReadDir(n int) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	for d.read < len(d.pkg.files) && (n <= 0 || len(out) < n) {
		fi, err := os.Stat(filepath.Join(d.pkg.dir, d.pkg.files[d.read]))
		d.read++
		if err != nil {
			return out, err
		}
		out = append(out, fs.FileInfoToDirEntry(fi))
	}
	if n > 0 && len(out) == 0 {
		return nil, io.EOF
	}
	return out, nil
}

// dirInfo is the FileInfo of a package's directory under its last
// import path element.
type dirInfo struct {
	fs.FileInfo
	name string
}

func (i dirInfo) Name() string { return i.name }
