// Package readme holds the test that runs the Go code of the project's
// README.md in a session, as a reader would paste it into cells, so the
// README cannot drift from what the libraries do.
package readme
