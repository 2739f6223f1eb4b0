// The Tour of Go's web crawler: parallel fetches of a fake web, each URL once.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type Fetcher interface {
	Fetch(url string) (body string, urls []string, err error)
}

type fakeResult struct {
	body string
	urls []string
}

type fakeFetcher map[string]*fakeResult

func (f fakeFetcher) Fetch(url string) (string, []string, error) {
	if res, ok := f[url]; ok {
		return res.body, res.urls, nil
	}
	return "", nil, fmt.Errorf("not found: %s", url)
}

var fetcher = fakeFetcher{
	"https://golang.org/": &fakeResult{
		"The Go Programming Language",
		[]string{"https://golang.org/pkg/", "https://golang.org/cmd/"},
	},
	"https://golang.org/pkg/": &fakeResult{
		"Packages",
		[]string{"https://golang.org/", "https://golang.org/cmd/", "https://golang.org/pkg/fmt/", "https://golang.org/pkg/os/"},
	},
	"https://golang.org/pkg/fmt/": &fakeResult{
		"Package fmt",
		[]string{"https://golang.org/", "https://golang.org/pkg/"},
	},
	"https://golang.org/pkg/os/": &fakeResult{
		"Package os",
		[]string{"https://golang.org/", "https://golang.org/pkg/"},
	},
}

type visited struct {
	mu   sync.Mutex
	seen map[string]bool
	log  []string
}

func (v *visited) claim(url string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.seen[url] {
		return false
	}
	v.seen[url] = true
	return true
}

func (v *visited) add(line string) {
	v.mu.Lock()
	v.log = append(v.log, line)
	v.mu.Unlock()
}

func Crawl(url string, depth int, f Fetcher, v *visited, wg *sync.WaitGroup) {
	defer wg.Done()
	if depth <= 0 || !v.claim(url) {
		return
	}
	body, urls, err := f.Fetch(url)
	if err != nil {
		v.add(err.Error())
		return
	}
	v.add(fmt.Sprintf("found: %s %q", url, body))
	for _, u := range urls {
		wg.Add(1)
		go Crawl(u, depth-1, f, v, wg)
	}
}

func main() {
	v := &visited{seen: map[string]bool{}}
	var wg sync.WaitGroup
	wg.Add(1)
	go Crawl("https://golang.org/", 4, fetcher, v, &wg)
	wg.Wait()
	sort.Strings(v.log)
	for _, l := range v.log {
		fmt.Println(l)
	}
}
