// net/url: parsing a URL into its parts, query values, and building one.
package main

import (
	"fmt"
	"net"
	"net/url"
)

func main() {
	s := "postgres://user:pass@host.com:5432/path?k=v&k=w&x=1#f"
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
	fmt.Println(host, port, u.Hostname(), u.Port())
	fmt.Println(u.Path, u.Fragment, u.RawQuery)
	m, _ := url.ParseQuery(u.RawQuery)
	fmt.Println(m, m["k"][1], m.Get("x"))

	q := url.Values{}
	q.Set("q", "go lang & more")
	q.Add("page", "2")
	b := url.URL{Scheme: "https", Host: "example.com", Path: "/search", RawQuery: q.Encode()}
	fmt.Println(b.String())
	fmt.Println(url.QueryEscape("a b/c"), url.PathEscape("a b/c"))
	ref, _ := url.Parse("../other?y=2")
	fmt.Println(u.ResolveReference(ref))
}
