// Command tremplin is the Tremplin server and its operator commands:
//
//	tremplin serve [--demo]          serve everything on LISTEN_ADDR (migrates first)
//	tremplin migrate                 apply pending database migrations
//	tremplin create-admin --email E  create a platform admin (prints a link to set the password)
//	tremplin seed-demo [--password P] create or refresh the demo accounts and print them
//	tremplin jobs run <job> [--date D] run a background job now for a day (retention: today)
//
// Configuration comes from the environment: DATABASE_URL, LISTEN_ADDR, PUBLIC_URL, SMTP_URL,
// DATA_DIR (see the README).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tremplin:", err)
		os.Exit(1)
	}
}

const usage = `usage: tremplin <command> [flags]

commands:
  serve [--demo]               serve the API and the web app (applies migrations first;
                               --demo seeds the demo accounts when the database is new)
  migrate                      apply pending database migrations
  create-admin --email E [--password P]
                               create a platform admin; without --password, prints a link
                               to choose it
  seed-demo [--password P]     create or refresh the demo accounts and print them
  jobs run <job> [--date D]    run a background job now, in every candidate's time zone,
                               through the same claims as the server:
                               escalate-priorities --date D: the night after day D (the
                                 day that ended; refused while D lasts); without --date,
                                 the ended nights not run yet (up to a week back)
                               task-digest --date D: day D's e-mails (default today)
                               retention: today's (UTC) deletion of the accounts unused
                                 for 2 years, and warnings 30 days before (no --date)
`

func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("missing command")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		flags := flag.NewFlagSet("serve", flag.ContinueOnError)
		demoFlag := flags.Bool("demo", false, "seed the demo accounts when the database has no users")
		if err := flags.Parse(rest); err != nil {
			return err
		}
		return serve(ctx, *demoFlag, stdout)
	case "migrate":
		return migrateCmd(ctx, stdout)
	case "create-admin":
		flags := flag.NewFlagSet("create-admin", flag.ContinueOnError)
		email := flags.String("email", "", "the admin's e-mail address")
		password := flags.String("password", "", "the password (else a link to choose it is printed)")
		if err := flags.Parse(rest); err != nil {
			return err
		}
		return createAdmin(ctx, *email, *password, stdout)
	case "seed-demo":
		flags := flag.NewFlagSet("seed-demo", flag.ContinueOnError)
		password := flags.String("password", "", "password of every demo account (default Tremplin-demo-2026)")
		if err := flags.Parse(rest); err != nil {
			return err
		}
		return seedDemo(ctx, *password, stdout)
	case "jobs":
		if len(rest) < 2 || rest[0] != "run" {
			fmt.Fprint(stderr, usage)
			return errors.New("usage: tremplin jobs run <job> [--date YYYY-MM-DD]")
		}
		flags := flag.NewFlagSet("jobs run", flag.ContinueOnError)
		date := flags.String("date", "", "the day (YYYY-MM-DD): for escalate-priorities the day that ended (default: every ended night not run yet), for task-digest the day of the e-mails (default today); retention takes none")
		if err := flags.Parse(rest[2:]); err != nil {
			return err
		}
		return runJob(ctx, rest[1], *date, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}
