// Parsing a log with bufio.Scanner over strings.NewReader, strings.Fields and a struct per line, summarized.
package main

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

const logText = `GET /index.html 200 512
GET /about 200 128
POST /login 302 0
GET /missing 404 64
GET /index.html 200 512
# comment line
POST /login 200 256
GET /about 500 32
`

type request struct {
	method string
	path   string
	status int
	bytes  int
}

func parseLine(line string) (request, error) {
	f := strings.Fields(line)
	if len(f) != 4 {
		return request{}, fmt.Errorf("want 4 fields, got %d", len(f))
	}
	status, err := strconv.Atoi(f[2])
	if err != nil {
		return request{}, err
	}
	n, err := strconv.Atoi(f[3])
	if err != nil {
		return request{}, err
	}
	return request{f[0], f[1], status, n}, nil
}

func main() {
	sc := bufio.NewScanner(strings.NewReader(logText))
	var reqs []request
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		r, err := parseLine(line)
		if err != nil {
			fmt.Printf("line %d: %v\n", lineNo, err)
			continue
		}
		reqs = append(reqs, r)
	}
	fmt.Println(len(reqs), "requests")

	byStatus := map[int]int{}
	bytesByPath := map[string]int{}
	for _, r := range reqs {
		byStatus[r.status]++
		bytesByPath[r.path] += r.bytes
	}
	fmt.Println(byStatus)

	paths := make([]string, 0, len(bytesByPath))
	for p := range bytesByPath {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool { return bytesByPath[paths[i]] > bytesByPath[paths[j]] })
	for _, p := range paths {
		fmt.Printf("%-12s %5d\n", p, bytesByPath[p])
	}
	errorsSeen := 0
	for _, r := range reqs {
		if r.status >= 400 {
			errorsSeen++
		}
	}
	fmt.Printf("error rate: %.1f%%\n", 100*float64(errorsSeen)/float64(len(reqs)))
}
