// Parsing an INI-style configuration into sections, with typed getters and errors that name the line.
package main

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type Config map[string]map[string]string

type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func Parse(text string) (Config, error) {
	cfg := Config{}
	section := "default"
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
			continue
		case strings.HasPrefix(line, "["):
			if !strings.HasSuffix(line, "]") {
				return nil, &ParseError{n, "unclosed section " + line}
			}
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, &ParseError{n, fmt.Sprintf("want key = value, got %q", line)}
		}
		if cfg[section] == nil {
			cfg[section] = map[string]string{}
		}
		cfg[section][strings.TrimSpace(key)] = strings.Trim(strings.TrimSpace(value), `"`)
	}
	return cfg, sc.Err()
}

func (c Config) Int(section, key string, def int) int {
	if v, ok := c[section][key]; ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

const sample = `
# server settings
name = "demo"
[server]
host = localhost
port = 8080
[database]
user = admin
pool = ten
`

func main() {
	cfg, err := Parse(sample)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	sections := make([]string, 0, len(cfg))
	for s := range cfg {
		sections = append(sections, s)
	}
	sort.Strings(sections)
	for _, s := range sections {
		keys := make([]string, 0)
		for k := range cfg[s] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Printf("%s.%s = %q\n", s, k, cfg[s][k])
		}
	}
	fmt.Println(cfg.Int("server", "port", 80), cfg.Int("database", "pool", 5), cfg.Int("x", "y", -1))
	_, err = Parse("[broken\nkey = v")
	fmt.Println(err)
	_, err = Parse("[ok]\njust words")
	var pe *ParseError
	if e, ok := err.(*ParseError); ok {
		pe = e
	}
	fmt.Println(err, pe.Line)
}
