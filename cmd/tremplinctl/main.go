// Command tremplinctl calls Tremplin's API from a terminal. Its commands are not written by
// hand: every RPC of every service compiled into it (internal/protosource) is a command,
// `tremplinctl <service> <rpc>`, whose flags are the request's scalar fields and whose help is
// the protos' comments. A new RPC is a new command once `make generate` has run.
//
//	tremplinctl agency create-candidate --id <agency> --email lea@exemple.fr
//	tremplinctl agency list-candidates -o table
//	tremplinctl network create-contact --json '{"contact": {"lastName": "Martin"}}'
//
// Exit codes are by error class (exitcode.go, and `tremplinctl --help`).
package main

import (
	"context"
	"io"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
}

// env is what a run reads and writes besides its arguments (tests give their own).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// run executes one command line and answers its exit code.
func run(ctx context.Context, args []string, e env) int {
	root := newRoot(e, servicesOf())
	root.SetArgs(args)
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	report(e.stderr, err)
	return exitCodeOf(err)
}
