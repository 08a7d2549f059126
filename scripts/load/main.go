// Command load is the proof suite's load generator (issue 25): it seeds candidates through
// the API, sends a mix of Connect and /api calls at a fixed rate over many of them, reads back
// what the servers acknowledged, and checks that two copies on one database behave as one.
// The scripts beside it (scripts/proof-*.sh) start the servers and drive it; docs/proof.md
// has the figures.
//
// It lives under scripts/, not cmd/, because it is a measuring tool of the repository, never
// shipped nor installed: cmd/ holds the commands an operator runs.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, errUsage)
		os.Exit(2)
	}
	commands := map[string]func([]string) error{
		"seed":       seedCommand,
		"run":        runCommand,
		"verify":     verifyCommand,
		"twoservers": twoServersCommand,
		"rss":        rssCommand,
	}
	command, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintln(os.Stderr, errUsage)
		os.Exit(2)
	}
	if err := command(os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "load "+os.Args[1]+":", err)
		os.Exit(1)
	}
}
