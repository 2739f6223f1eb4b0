// Go by Example: URL parsing with net/url.
package main

import (
	"fmt"
	"net"
	"net/url"
)

func main() {
	s := "postgres://user:pass@host.com:5432/path?k=v#f"

	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}

	fmt.Println(u.Scheme)

	fmt.Println(u.User)
	fmt.Println(u.User.Username())
	p, _ := u.User.Password()
	fmt.Println(p)

	fmt.Println(u.Host)
	host, port, _ := net.SplitHostPort(u.Host)
	fmt.Println(host)
	fmt.Println(port)

	fmt.Println(u.Path)
	fmt.Println(u.Fragment)

	fmt.Println(u.RawQuery)
	m, _ := url.ParseQuery(u.RawQuery)
	fmt.Println(m)
	fmt.Println(m["k"][0])

	v := url.Values{}
	v.Set("q", "go notebooks")
	v.Add("page", "2")
	fmt.Println(v.Encode())
	ref, _ := url.Parse("../other?x=1")
	fmt.Println(u.ResolveReference(ref))
	fmt.Println(url.QueryEscape("a b&c"), url.PathEscape("a b/c"))
}
