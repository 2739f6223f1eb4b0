// A Tour of Go exercise: a concurrent web crawler with a fake fetcher and a mutex-guarded cache.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type Fetcher interface {
	Fetch(url string) (body string, urls []string, err error)
}

type SafeSet struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (s *SafeSet) Visit(url string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen[url] {
		return false
	}
	s.seen[url] = true
	return true
}

type Results struct {
	mu    sync.Mutex
	lines []string
}

func (r *Results) Add(line string) {
	r.mu.Lock()
	r.lines = append(r.lines, line)
	r.mu.Unlock()
}

func Crawl(url string, depth int, fetcher Fetcher, set *SafeSet, res *Results, wg *sync.WaitGroup) {
	defer wg.Done()
	if depth <= 0 || !set.Visit(url) {
		return
	}
	body, urls, err := fetcher.Fetch(url)
	if err != nil {
		res.Add(err.Error())
		return
	}
	res.Add(fmt.Sprintf("found: %s %q", url, body))
	for _, u := range urls {
		wg.Add(1)
		go Crawl(u, depth-1, fetcher, set, res, wg)
	}
}

type fakeFetcher map[string]*fakeResult

type fakeResult struct {
	body string
	urls []string
}

func (f fakeFetcher) Fetch(url string) (string, []string, error) {
	if res, ok := f[url]; ok {
		return res.body, res.urls, nil
	}
	return "", nil, fmt.Errorf("not found: %s", url)
}

var fetcher = fakeFetcher{
	"https://golang.org/": &fakeResult{
		"The Go Programming Language",
		[]string{
			"https://golang.org/pkg/",
			"https://golang.org/cmd/",
		},
	},
	"https://golang.org/pkg/": &fakeResult{
		"Packages",
		[]string{
			"https://golang.org/",
			"https://golang.org/cmd/",
			"https://golang.org/pkg/fmt/",
			"https://golang.org/pkg/os/",
		},
	},
	"https://golang.org/pkg/fmt/": &fakeResult{
		"Package fmt",
		[]string{
			"https://golang.org/",
			"https://golang.org/pkg/",
		},
	},
	"https://golang.org/pkg/os/": &fakeResult{
		"Package os",
		[]string{
			"https://golang.org/",
			"https://golang.org/pkg/",
		},
	},
}

func main() {
	set := &SafeSet{seen: make(map[string]bool)}
	res := &Results{}
	var wg sync.WaitGroup
	wg.Add(1)
	go Crawl("https://golang.org/", 4, fetcher, set, res, &wg)
	wg.Wait()
	sort.Strings(res.lines)
	for _, l := range res.lines {
		fmt.Println(l)
	}
}
