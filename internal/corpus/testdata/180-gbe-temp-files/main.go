// Go by Example: temporary files and directories, removed with defer.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func check(e error) {
	if e != nil {
		panic(e)
	}
}

func main() {
	f, err := os.CreateTemp("", "sample")
	check(err)

	fmt.Println("Temp file name has prefix:", strings.HasPrefix(filepath.Base(f.Name()), "sample"))

	defer os.Remove(f.Name())

	_, err = f.Write([]byte{1, 2, 3, 4})
	check(err)
	check(f.Close())

	info, err := os.Stat(f.Name())
	check(err)
	fmt.Println("size:", info.Size(), "regular:", info.Mode().IsRegular())

	dname, err := os.MkdirTemp("", "sampledir")
	check(err)
	fmt.Println("Temp dir is a dir:", isDir(dname))

	defer os.RemoveAll(dname)

	fname := filepath.Join(dname, "file1")
	err = os.WriteFile(fname, []byte{1, 2}, 0666)
	check(err)
	data, err := os.ReadFile(fname)
	check(err)
	fmt.Println(data)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
