// Go by Example: directories, created in a temporary directory, listed with ReadDir and walked with WalkDir.
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func check(e error) {
	if e != nil {
		panic(e)
	}
}

func main() {
	root, err := os.MkdirTemp("", "dirs")
	check(err)
	defer os.RemoveAll(root)

	subdir := filepath.Join(root, "subdir")
	err = os.Mkdir(subdir, 0755)
	check(err)

	createEmptyFile := func(name string) {
		d := []byte("")
		check(os.WriteFile(name, d, 0644))
	}

	createEmptyFile(filepath.Join(subdir, "file1"))

	err = os.MkdirAll(filepath.Join(subdir, "parent", "child"), 0755)
	check(err)

	createEmptyFile(filepath.Join(subdir, "parent", "file2"))
	createEmptyFile(filepath.Join(subdir, "parent", "file3"))
	createEmptyFile(filepath.Join(subdir, "parent", "child", "file4"))

	c, err := os.ReadDir(filepath.Join(subdir, "parent"))
	check(err)

	fmt.Println("Listing subdir/parent")
	for _, entry := range c {
		fmt.Println(" ", entry.Name(), entry.IsDir())
	}

	fmt.Println("Visiting subdir")
	err = filepath.WalkDir(subdir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fmt.Println(" ", rel, d.IsDir())
		return nil
	})
	check(err)

	matches, err := filepath.Glob(filepath.Join(subdir, "parent", "file*"))
	check(err)
	fmt.Println(len(matches), "matches")

	fsys := os.DirFS(subdir)
	names, err := fs.Glob(fsys, "parent/*/file*")
	check(err)
	fmt.Println(names)
}
