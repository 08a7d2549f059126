package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/config"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/demo"
	"github.com/tremplin/tremplin/internal/derive"
	"github.com/tremplin/tremplin/internal/invitations"
	"github.com/tremplin/tremplin/internal/jobs"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/server"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// open reads the configuration, connects and migrates.
func open(ctx context.Context) (config.Config, *db.Database, error) {
	cfg, err := config.FromEnv()
	if err != nil {
		return cfg, nil, err
	}
	database, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return cfg, nil, err
	}
	if err := database.Migrate(); err != nil {
		_ = database.Close()
		return cfg, nil, err
	}
	// Company keys and search prefixes of rows saved before they existed.
	if _, err := derive.Missing(ctx, database.Client); err != nil {
		_ = database.Close()
		return cfg, nil, err
	}
	return cfg, database, nil
}

func serve(ctx context.Context, withDemo bool, stdout io.Writer) error {
	started := time.Now()
	cfg, database, err := open(ctx)
	if err != nil {
		return err
	}
	defer database.Close()
	log := newLogger(cfg.LogLevel)
	if withDemo {
		count, err := database.Client.User.Query().Count(viewer.SystemContext(ctx))
		if err != nil {
			return err
		}
		if count == 0 {
			if err := demo.Seed(ctx, database.Client, demo.DefaultPassword, time.Now().UTC()); err != nil {
				return fmt.Errorf("seeding the demo: %w", err)
			}
			log.Info("demo accounts created")
		}
	}
	srv, err := server.New(server.Deps{Config: cfg, DB: database, Log: log, Clock: clock.Real{}, RunJobs: true, Drain: cfg.ShutdownDrain})
	if err != nil {
		return err
	}
	listener, err := net.Listen("tcp", cfg.ListenAddr)
	if err != nil {
		return err
	}
	log.Info("tremplin is ready", "url", cfg.PublicURL, "listen", listener.Addr().String(),
		"database", dialectOf(database), "startup_ms", time.Since(started).Milliseconds())
	if withDemo {
		printDemo(stdout, cfg.PublicURL, demo.DefaultPassword)
	}
	return srv.Serve(ctx, listener)
}

func migrateCmd(ctx context.Context, stdout io.Writer) error {
	_, database, err := open(ctx)
	if err != nil {
		return err
	}
	defer database.Close()
	fmt.Fprintf(stdout, "Base de données %s à jour.\n", dialectOf(database))
	return nil
}

func createAdmin(ctx context.Context, email, password string, stdout io.Writer) error {
	email = users.NormalizeEmail(email)
	if email == "" {
		return fmt.Errorf("--email is required")
	}
	if password != "" && !authn.PasswordFormatOK(password) {
		return fmt.Errorf("the password must have 8 characters or more, no space, upper and lower case, a digit and a special character")
	}
	cfg, database, err := open(ctx)
	if err != nil {
		return err
	}
	defer database.Close()
	sys := viewer.SystemContext(ctx) // operator command
	create := database.Client.User.Create().SetEmail(email).SetRole(user.RoleAdmin).SetOrigin("admin")
	if password != "" {
		hash, err := authn.HashPassword(ctx, password)
		if err != nil {
			return err
		}
		// The operator who sets the password vouches for the account (a first sign-in needs the
		// terms accepted); without one, the invitation link asks the admin to accept them.
		create.SetPasswordHash(hash).SetTermsAcceptedAt(time.Now().UTC())
	}
	admin, err := create.Save(sys)
	if err != nil {
		return fmt.Errorf("creating %s: %w", email, err)
	}
	fmt.Fprintf(stdout, "Administrateur %s créé.\n", email)
	if password == "" {
		tokens := &authn.ActionTokens{Client: database.Client, Clock: clock.Real{}}
		token, err := tokens.Issue(ctx, admin.ID, authn.KindInvitation, invitations.TTL)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Choisissez son mot de passe (lien valable %d jours) :\n  %s\n",
			int(invitations.TTL.Hours()/24), invitations.Link(cfg.PublicURL, admin.ID, token))
	}
	return nil
}

func seedDemo(ctx context.Context, password string, stdout io.Writer) error {
	if password == "" {
		password = demo.DefaultPassword
	}
	cfg, database, err := open(ctx)
	if err != nil {
		return err
	}
	defer database.Close()
	if err := demo.Seed(ctx, database.Client, password, time.Now().UTC()); err != nil {
		return err
	}
	printDemo(stdout, cfg.PublicURL, password)
	return nil
}

func printDemo(w io.Writer, publicURL, password string) {
	fmt.Fprintf(w, "\n  Tremplin est prêt : %s\n\n  Comptes de démonstration (mot de passe : %s)\n", publicURL, password)
	for _, a := range demo.Accounts {
		fmt.Fprintf(w, "    %-34s %s\n", a.Email, a.Description)
	}
	fmt.Fprintln(w)
}

func dialectOf(database *db.Database) string { return database.Dialect }

// runJob runs a background job now for a day (operators, tests), through the same claims as
// the server: a run already done is not done again. For escalate-priorities the date names the
// day that ended (the night after it is run); without one, the nights not run yet. For
// task-digest it is the day of the e-mails, today by default. retention runs today's (UTC) and
// takes no date.
func runJob(ctx context.Context, job, date string, stdout io.Writer) error {
	if job == jobs.Retention && date != "" {
		return jobs.ErrRetentionDate
	}
	var day time.Time
	if date != "" {
		parsed, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return fmt.Errorf("--date must be YYYY-MM-DD: %w", err)
		}
		day = parsed
	}
	cfg, database, err := open(ctx)
	if err != nil {
		return err
	}
	defer database.Close()
	log := newLogger(cfg.LogLevel)
	sender, err := mail.New(cfg.SMTPURL, cfg.MailFrom, cfg.OutboxDir(), log)
	if err != nil {
		return err
	}
	runner := &jobs.Runner{Client: database.Client, Clock: clock.Real{}, Mail: sender, PublicURL: cfg.PublicURL, Log: log}
	if job == jobs.Retention {
		run, err := runner.Retain(ctx)
		switch {
		case !run.Done && err == nil:
			fmt.Fprintf(stdout, "%s du %s : déjà faite\n", job, run.Day)
		case run.Done:
			// Printed even when some accounts failed: what was done is done.
			fmt.Fprintf(stdout, "%s du %s : %d compte(s) prévenu(s), %d supprimé(s)\n", job, run.Day, run.Warned, run.Deleted)
		}
		return err
	}
	n, err := runner.RunNow(ctx, job, day)
	if err != nil {
		return err
	}
	if day.IsZero() {
		fmt.Fprintf(stdout, "%s : %d\n", job, n)
	} else {
		fmt.Fprintf(stdout, "%s du %s : %d\n", job, day.Format(time.DateOnly), n)
	}
	return nil
}
