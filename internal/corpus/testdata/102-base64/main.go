// encoding/base64 and encoding/hex: standard and URL-safe encodings.
package main

import (
	b64 "encoding/base64"
	"encoding/hex"
	"fmt"
)

func main() {
	data := "abc123!?$*&()'-=@~"
	sEnc := b64.StdEncoding.EncodeToString([]byte(data))
	fmt.Println(sEnc)
	sDec, _ := b64.StdEncoding.DecodeString(sEnc)
	fmt.Println(string(sDec))
	fmt.Println()

	uEnc := b64.URLEncoding.EncodeToString([]byte(data))
	fmt.Println(uEnc)
	uDec, _ := b64.URLEncoding.DecodeString(uEnc)
	fmt.Println(string(uDec))

	raw := b64.RawStdEncoding.EncodeToString([]byte("go"))
	fmt.Println(raw, b64.StdEncoding.EncodeToString([]byte("go")))
	_, err := b64.StdEncoding.DecodeString("not base64!")
	fmt.Println(err)
	fmt.Println(hex.EncodeToString([]byte("Hi!")), b64.StdEncoding.EncodedLen(10))
}
