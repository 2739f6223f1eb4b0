// JSON with custom MarshalJSON/UnmarshalJSON methods, omitempty, embedded structs and RawMessage.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

type Level int

const (
	Low Level = iota
	High
)

func (l Level) MarshalJSON() ([]byte, error) {
	return json.Marshal([]string{"low", "high"}[l])
}

func (l *Level) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	switch strings.ToLower(s) {
	case "low":
		*l = Low
	case "high":
		*l = High
	default:
		return fmt.Errorf("unknown level %q", s)
	}
	return nil
}

type Meta struct {
	Created time.Time `json:"created"`
	Tags    []string  `json:"tags,omitempty"`
}

type Task struct {
	Meta
	ID       int             `json:"id"`
	Title    string          `json:"title"`
	Priority Level           `json:"priority"`
	Note     string          `json:"note,omitempty"`
	Extra    json.RawMessage `json:"extra,omitempty"`
	secret   string
}

func main() {
	t := Task{
		Meta:     Meta{Created: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
		ID:       1,
		Title:    "write corpus",
		Priority: High,
		secret:   "x",
	}
	b, err := json.Marshal(t)
	fmt.Println(string(b), err)

	b, _ = json.MarshalIndent([]Task{t}, "", "  ")
	fmt.Println(string(b))

	var back Task
	err = json.Unmarshal([]byte(`{"id":2,"title":"read","priority":"LOW","tags":["a"],"extra":{"k":[1,2]},"created":"2024-05-06T07:08:09Z"}`), &back)
	fmt.Println(err, back.ID, back.Title, back.Priority, back.Tags, string(back.Extra), back.Created.Year())

	err = json.Unmarshal([]byte(`{"priority":"urgent"}`), &back)
	fmt.Println(err)

	var syn *json.SyntaxError
	err = json.Unmarshal([]byte(`{"id":`), &back)
	fmt.Printf("%v %T\n", err, err)
	_ = syn
}
