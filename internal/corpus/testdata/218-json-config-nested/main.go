// Reading a nested JSON config into structs with slices, maps, pointers and defaults, then validating it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type Database struct {
	Host     string `json:"host"`
	Port     int    `json:"port"`
	User     string `json:"user"`
	Password string `json:"-"`
}

type Feature struct {
	Enabled bool    `json:"enabled"`
	Ratio   float64 `json:"ratio,omitempty"`
}

type Config struct {
	Name     string             `json:"name"`
	Debug    bool               `json:"debug"`
	Database Database           `json:"database"`
	Replicas []Database         `json:"replicas"`
	Features map[string]Feature `json:"features"`
	Limit    *int               `json:"limit"`
}

const input = `{
  "name": "shop",
  "debug": true,
  "database": {"host": "db1", "port": 5432, "user": "app", "password": "secret"},
  "replicas": [{"host": "db2", "port": 5433}, {"host": "db3"}],
  "features": {"search": {"enabled": true, "ratio": 0.5}, "beta": {"enabled": false}},
  "unknown": 1
}`

func (c *Config) Validate() error {
	var errs []string
	if c.Name == "" {
		errs = append(errs, "name is empty")
	}
	for i, r := range c.Replicas {
		if r.Port == 0 {
			errs = append(errs, fmt.Sprintf("replica %d (%s) has no port", i, r.Host))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid config: %s", strings.Join(errs, "; "))
	}
	return nil
}

func main() {
	var cfg Config
	if err := json.Unmarshal([]byte(input), &cfg); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("%s debug=%v db=%s:%d user=%s password=%q\n", cfg.Name, cfg.Debug, cfg.Database.Host, cfg.Database.Port, cfg.Database.User, cfg.Database.Password)
	fmt.Println(len(cfg.Replicas), cfg.Replicas[1], cfg.Limit == nil)
	names := make([]string, 0, len(cfg.Features))
	for n := range cfg.Features {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%s: %+v\n", n, cfg.Features[n])
	}
	fmt.Println(cfg.Validate())

	dec := json.NewDecoder(strings.NewReader(input))
	dec.DisallowUnknownFields()
	var strict Config
	fmt.Println(dec.Decode(&strict))

	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", " ")
	out.Encode(cfg.Database)
	limit := 5
	cfg.Limit = &limit
	b, _ := json.Marshal(struct {
		Name  string `json:"name"`
		Limit *int   `json:"limit"`
	}{cfg.Name, cfg.Limit})
	fmt.Println(string(b))
}
