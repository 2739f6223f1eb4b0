// Package corpus turns a Go program into the notebook a Go programmer would
// make of it, and its test checks that gohooks runs that notebook with the
// output `go run` gives.
//
// The programs live in testdata, one folder each (NN-name/main.go): complete,
// self-contained programs in package main that print the same output on every
// run, need no network and end within a second. Split makes three cells of a
// program, the way a person pastes one into a notebook:
//
//  1. the import declarations;
//  2. the other top-level declarations (types, functions, methods, variables,
//     constants), verbatim and in their order;
//  3. the body of main, verbatim, one tab less indented.
//
// A cell that would be empty is left out. The test runs every program with
// the go command and its notebook in a gohooks worker, and compares standard
// output, standard error and whether it failed. The programs that do not
// give go run's output yet are listed, each with its reason, in
// testdata/known-failures.txt; the test fails when a program not listed
// there differs, and when a listed one passes (so the list stays true).
package corpus
