// The functional options pattern: a Server configured by option functions, with defaults and validation.
package main

import (
	"errors"
	"fmt"
	"time"
)

type Server struct {
	host    string
	port    int
	timeout time.Duration
	tls     bool
	tags    []string
}

type Option func(*Server) error

func WithPort(p int) Option {
	return func(s *Server) error {
		if p <= 0 || p > 65535 {
			return fmt.Errorf("invalid port %d", p)
		}
		s.port = p
		return nil
	}
}

func WithTimeout(d time.Duration) Option {
	return func(s *Server) error {
		s.timeout = d
		return nil
	}
}

func WithTLS() Option {
	return func(s *Server) error {
		s.tls = true
		return nil
	}
}

func WithTags(tags ...string) Option {
	return func(s *Server) error {
		s.tags = append(s.tags, tags...)
		return nil
	}
}

func NewServer(host string, opts ...Option) (*Server, error) {
	if host == "" {
		return nil, errors.New("host is required")
	}
	s := &Server{host: host, port: 8080, timeout: 30 * time.Second}
	for _, opt := range opts {
		if err := opt(s); err != nil {
			return nil, fmt.Errorf("new server: %w", err)
		}
	}
	return s, nil
}

func (s *Server) Addr() string {
	scheme := "http"
	if s.tls {
		scheme = "https"
	}
	return fmt.Sprintf("%s://%s:%d", scheme, s.host, s.port)
}

func main() {
	s, err := NewServer("localhost")
	fmt.Println(s.Addr(), s.timeout, err)

	s, err = NewServer("example.com", WithPort(443), WithTLS(), WithTimeout(5*time.Second), WithTags("a", "b"))
	fmt.Println(s.Addr(), s.timeout, s.tags, err)

	_, err = NewServer("x", WithPort(70000))
	fmt.Println(err)
	_, err = NewServer("")
	fmt.Println(err)

	opts := []Option{WithPort(9000)}
	opts = append(opts, WithTags("c"))
	s, _ = NewServer("h", opts...)
	fmt.Printf("%+v\n", *s)
}
