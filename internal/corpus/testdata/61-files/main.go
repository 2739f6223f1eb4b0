// Files: write, read, append, list and remove files in a temporary directory.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

func check(err error) {
	if err != nil {
		panic(err)
	}
}

func main() {
	dir, err := os.MkdirTemp("", "files-demo")
	check(err)
	defer os.RemoveAll(dir)

	p := filepath.Join(dir, "hello.txt")
	check(os.WriteFile(p, []byte("hello\ngo\n"), 0o644))
	data, err := os.ReadFile(p)
	check(err)
	fmt.Printf("%q\n", data)

	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0o644)
	check(err)
	_, err = f.WriteString("appended\n")
	check(err)
	check(f.Close())
	data, _ = os.ReadFile(p)
	fmt.Print(string(data))

	check(os.MkdirAll(filepath.Join(dir, "sub", "deeper"), 0o755))
	check(os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("a"), 0o600))
	entries, err := os.ReadDir(dir)
	check(err)
	for _, e := range entries {
		fmt.Println(e.Name(), e.IsDir())
	}
	var walked []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, path)
		walked = append(walked, rel)
		return err
	})
	check(err)
	sort.Strings(walked)
	fmt.Println(walked)

	info, err := os.Stat(p)
	check(err)
	fmt.Println(info.Name(), info.Size(), info.Mode().IsRegular())
	check(os.Rename(p, filepath.Join(dir, "renamed.txt")))
	_, err = os.Stat(p)
	fmt.Println(errors.Is(err, os.ErrNotExist))
	fmt.Println(filepath.Ext("x/y.tar.gz"), filepath.Base("/a/b/c.go"), filepath.Dir("/a/b/c.go"))
}
