// Checksums and hashes: crc32, sha256, md5 and fnv, printed as hex.
package main

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"strings"
)

func main() {
	data := []byte("The quick brown fox jumps over the lazy dog")
	fmt.Printf("crc32: %08x\n", crc32.ChecksumIEEE(data))
	table := crc32.MakeTable(crc32.Castagnoli)
	fmt.Printf("crc32c: %08x\n", crc32.Checksum(data, table))

	sum := sha256.Sum256(data)
	fmt.Printf("sha256: %x\n", sum)
	h := sha256.New()
	h.Write([]byte("The quick brown fox "))
	io.WriteString(h, "jumps over the lazy dog")
	fmt.Println("same:", hex.EncodeToString(h.Sum(nil)) == hex.EncodeToString(sum[:]))

	fmt.Printf("md5: %x\n", md5.Sum(data))
	f := fnv.New32a()
	f.Write(data)
	fmt.Println("fnv32a:", f.Sum32())

	hs := sha256.New()
	io.Copy(hs, strings.NewReader(strings.Repeat("a", 1000)))
	fmt.Printf("%x\n", hs.Sum(nil)[:8])
	dec, err := hex.DecodeString("676f")
	fmt.Println(string(dec), err)
	fmt.Println(hex.Dump([]byte("hex dump!")))
}
