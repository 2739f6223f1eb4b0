// encoding/binary: byte orders, fixed-size structs and varints.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

type Header struct {
	Magic   uint32
	Version uint16
	Flags   uint16
	Length  int64
}

func main() {
	b := make([]byte, 8)
	binary.BigEndian.PutUint32(b, 0xCAFEBABE)
	binary.LittleEndian.PutUint32(b[4:], 0xCAFEBABE)
	fmt.Printf("% x\n", b)
	fmt.Printf("%#x %#x\n", binary.BigEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]))

	var buf bytes.Buffer
	h := Header{Magic: 0x474F4F4B, Version: 2, Flags: 5, Length: -1}
	if err := binary.Write(&buf, binary.BigEndian, h); err != nil {
		fmt.Println(err)
	}
	fmt.Println(buf.Len(), binary.Size(h))
	fmt.Printf("% x\n", buf.Bytes())
	var back Header
	if err := binary.Read(bytes.NewReader(buf.Bytes()), binary.BigEndian, &back); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%+v %v\n", back, back == h)

	vb := binary.AppendUvarint(nil, 300)
	vb = binary.AppendVarint(vb, -3)
	fmt.Printf("% x\n", vb)
	u, n := binary.Uvarint(vb)
	s, m := binary.Varint(vb[n:])
	fmt.Println(u, n, s, m)
	out := binary.BigEndian.AppendUint16(nil, 513)
	fmt.Println(out)
}
