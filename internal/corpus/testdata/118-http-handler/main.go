// An HTTP handler tested in memory with httptest: no network needed.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

type greeting struct {
	Message string `json:"message"`
	Count   int    `json:"count"`
}

func hello(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if name == "" {
		http.Error(w, "missing name", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(greeting{Message: "hello " + name, Count: len(name)})
}

func echo(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	body, _ := io.ReadAll(r.Body)
	fmt.Fprintf(w, "you sent %d bytes: %s", len(body), strings.ToUpper(string(body)))
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/hello", hello)
	mux.HandleFunc("/echo", echo)

	for _, target := range []string{"/hello?name=gopher", "/hello", "/nowhere"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		fmt.Printf("GET %-20s %d %q %s", target, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		if !strings.HasSuffix(rec.Body.String(), "\n") {
			fmt.Println()
		}
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("POST", "/echo", strings.NewReader("ping")))
	fmt.Println(rec.Code, rec.Body.String())
	rec = httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/echo", nil))
	fmt.Println(rec.Code, http.StatusText(rec.Code))
}
