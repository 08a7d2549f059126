package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/accounts"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/db/rowlock"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The retention of accounts, as the legal text says it: « Les données d'un compte sont
// conservées pendant 2 ans après la dernière connexion de l'Utilisateur, puis supprimées
// définitivement. » An account's last activity is its last sign-in or, never signed in, its
// creation. RetentionNoticeDays before the two years are up the account is warned by e-mail;
// a sign-in clears the warning (services/auth), so the count starts again. An account is
// deleted once both the two years have passed and its warning is RetentionNoticeDays old: a
// night missed, or an account already older than the rule when it came in, never costs anyone
// their notice.
//
// The rule covers candidates and agency admins. It leaves out the platform admins (operators'
// accounts) and the candidates paying a subscription now (has_paid: Stripe's active, trialing
// or past_due): they use the service under a running contract, the legal text's « tant que vous
// utilisez le service », and deleting them would leave Stripe charging an account that no
// longer exists. Once the subscription ends the rule applies to them again, warning first.
const (
	RetentionYears      = 2
	RetentionNoticeDays = 30
)

// retentionHour is when the run of each UTC day starts: 02:00 UTC (03:00 or 04:00 in Paris),
// at night for the French users, on the same calendar day in Paris as in UTC. The rule is per
// account and counted in instants, so one zone for everybody is enough.
const retentionHour = 2

// retentionBatch is how many accounts one query lists: a night with thousands of accounts to
// warn or delete works through them a page at a time, each account in its own transaction.
const retentionBatch = 100

// mailFailuresInARow stops a run's e-mails when the mail server looks down: the warnings left
// wait for the next night (nobody is deleted without one), rather than each waiting for its
// own timeout.
const mailFailuresInARow = 3

// ErrRetentionDate refuses a day for the retention: it acts on the accounts as they stand now,
// so a run "for" another day would only spend that day's claim.
var ErrRetentionDate = errors.New(Retention + " takes no date: it runs today's (UTC) retention")

// RetentionRun is what a run of the retention did.
type RetentionRun struct {
	Day Day // the UTC day whose run it is
	// Done: this run did the day's work; false when another run (another copy of the server,
	// an earlier command) had claimed it.
	Done    bool
	Warned  int
	Deleted int
	// Measures: page-view counts and days of use deleted, older than 13 months.
	Measures int
}

// Retain runs the retention of today (UTC) now, whatever the hour: the operator command. A day
// whose run was claimed already is not run again (Done is false).
func (r *Runner) Retain(ctx context.Context) (RetentionRun, error) {
	run, _, err := r.retain(ctx, DayOf(r.Clock.Now(), time.UTC))
	return run, err
}

// retain runs the retention of day once: claimed (JobRun, job + the day's date), it deletes the
// accounts due, then warns those that will be. settled is false when the claim could not be
// made (the database unreachable): the next tick tries again; true once the day's run is this
// one's or another's. A run that started records its
// failures on its claim (a mail refused, an account that could not be deleted) and goes on
// with the other accounts; the next night takes up what failed, since every step looks at the
// accounts as they stand.
func (r *Runner) retain(ctx context.Context, day Day) (run RetentionRun, settled bool, err error) {
	run.Day = day
	now := r.Clock.Now()
	key := day.String()
	claimed, err := claim(ctx, r.Client, Retention, key, now)
	if err != nil {
		return run, false, fmt.Errorf("%s %s: %w", Retention, key, err)
	}
	if !claimed {
		return run, true, nil
	}
	run.Done = true
	var health mailHealth
	failed := &failures{log: r.Log}
	run.Deleted = r.deleteInactive(ctx, now, &health, failed)
	run.Warned = r.warnInactive(ctx, now, &health, failed)
	run.Measures = r.forgetMeasures(ctx, now, failed)
	runErr := failed.err()
	err = errors.Join(runErr, finishClaim(ctx, r.Client, Retention, key, r.Clock.Now(), runErr))
	r.Log.Info("retention", "day", key, "warned", run.Warned, "deleted", run.Deleted, "failed", runErr != nil)
	if err != nil {
		err = fmt.Errorf("%s %s: %w", Retention, key, err)
	}
	return run, true, err
}

// retentionDue runs the day's retention from its hour, once per copy (see Tick).
func (r *Runner) retentionDue(ctx context.Context, now time.Time) error {
	day := DayOf(now, time.UTC)
	if now.UTC().Hour() < retentionHour || r.finished(Retention, "", day) {
		return nil
	}
	_, settled, err := r.retain(ctx, day)
	if settled {
		r.finish(Retention, "", day)
	}
	return err
}

// covered are the accounts the rule applies to (see the constants).
func covered() predicate.User {
	return user.And(user.RoleIn(user.RoleCandidate, user.RoleAgencyAdmin), user.HasPaid(false))
}

// inactiveSince: the account's last activity — its last sign-in, or its creation when it never
// signed in — is at t or before.
func inactiveSince(t time.Time) predicate.User {
	return user.Or(user.LastLoginAtLTE(t), user.And(user.LastLoginAtIsNil(), user.CreatedAtLTE(t)))
}

// warnedSinceSignIn: the account holds a warning given after its last sign-in. A sign-in
// clears the warning; comparing the two as well keeps an older warning from counting when
// last_login_at is written some other way (the demo's seed).
func warnedSinceSignIn() predicate.User {
	return user.And(user.RetentionWarnedAtNotNil(), user.Or(user.LastLoginAtIsNil(), func(s *sql.Selector) {
		s.Where(sql.ColumnsGTE(s.C(user.FieldRetentionWarnedAt), s.C(user.FieldLastLoginAt)))
	}))
}

// toWarn are the accounts to warn at now: inactive for the two years less the notice, and not
// warned since their last sign-in.
func toWarn(now time.Time) predicate.User {
	return user.And(covered(), inactiveSince(now.AddDate(-RetentionYears, 0, RetentionNoticeDays)), user.Not(warnedSinceSignIn()))
}

// toDelete are the accounts to delete at now: inactive for the two years, and warned since
// their last sign-in, the notice or more ago.
func toDelete(now time.Time) predicate.User {
	return user.And(covered(), inactiveSince(now.AddDate(-RetentionYears, 0, 0)), warnedSinceSignIn(),
		user.RetentionWarnedAtLTE(now.AddDate(0, 0, -RetentionNoticeDays)))
}

// eachBatch calls fn with each account of where, retentionBatch at a time in id order, each
// page read after the previous one was handled: an account fn could not handle stays behind
// and is not met again. It stops at fn's error.
func (r *Runner) eachBatch(ctx context.Context, where predicate.User, fn func(id uuid.UUID) error) error {
	after := uuid.Nil
	for {
		ids, err := r.Client.User.Query().Where(where, user.IDGT(after)).Order(user.ByID()).Limit(retentionBatch).IDs(viewer.SystemContext(ctx))
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := fn(id); err != nil {
				return err
			}
		}
		if len(ids) < retentionBatch {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// deleteInactive deletes the accounts due at now, each in its own transaction, and tells each
// by e-mail. An account that could not be deleted is left for the next night.
func (r *Runner) deleteInactive(ctx context.Context, now time.Time, health *mailHealth, failed *failures) int {
	deleted := 0
	err := r.eachBatch(ctx, toDelete(now), func(id uuid.UUID) error {
		gone, err := r.deleteAccount(ctx, id, now)
		if err != nil {
			failed.add(id, fmt.Errorf("deleting %s: %w", id, err))
			return nil
		}
		if gone == nil {
			return nil // signed in meanwhile
		}
		deleted++
		// The account is gone: its confirmation cannot wait for another night.
		if health.down() {
			failed.add(id, fmt.Errorf("the deletion e-mail of %s not sent: the mail server looks down", id))
			return nil
		}
		msg, err := inactiveDeletedMail(gone)
		if err == nil {
			err = health.send(ctx, r.Mail, msg)
		}
		if err != nil {
			failed.add(id, fmt.Errorf("the deletion e-mail of %s: %w", id, err))
		}
		return nil
	})
	if err != nil {
		failed.add(uuid.Nil, fmt.Errorf("listing the accounts to delete: %w", err))
	}
	return deleted
}

// deleteAccount deletes account id with everything it owns (internal/accounts) if it is still
// due at now, and answers it as it was (its agency loaded); nil when it is not due any more. The
// row is read again in the transaction, locked on PostgreSQL (SQLite transactions take the
// write lock when they begin), so a sign-in at that moment either comes first and keeps the
// account, or finds it gone.
func (r *Runner) deleteAccount(ctx context.Context, id uuid.UUID, now time.Time) (*ent.User, error) {
	var gone *ent.User
	err := db.WithTx(viewer.SystemContext(ctx), r.Client, func(ctx context.Context, tx *ent.Tx) error {
		u, err := tx.User.Query().Where(user.ID(id), toDelete(now), rowlock.OnPostgres).WithAgency().Only(ctx)
		if ent.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if u.Role == user.RoleAgencyAdmin {
			err = accounts.DeleteAgencyAdmin(ctx, tx, id)
		} else {
			err = accounts.Delete(ctx, tx, id)
		}
		if err == nil {
			gone = u
		}
		return err
	})
	return gone, err
}

// warnInactive warns the accounts due at now. Each warning is recorded before its e-mail
// leaves, by an update that only an account still due passes — so an account is warned once,
// whoever else runs — and taken back when the e-mail could not be sent, so the next night
// tries again.
func (r *Runner) warnInactive(ctx context.Context, now time.Time, health *mailHealth, failed *failures) int {
	warned := 0
	errMailDown := errors.New("the mail server looks down: the other warnings wait for the next night")
	err := r.eachBatch(ctx, toWarn(now), func(id uuid.UUID) error {
		if health.down() {
			return errMailDown
		}
		ok, err := r.warn(ctx, id, now, health)
		if err != nil {
			failed.add(id, fmt.Errorf("warning %s: %w", id, err))
		}
		if ok {
			warned++
		}
		return nil
	})
	switch {
	case errors.Is(err, errMailDown):
		failed.add(uuid.Nil, err)
	case err != nil:
		failed.add(uuid.Nil, fmt.Errorf("listing the accounts to warn: %w", err))
	}
	return warned
}

// warn warns account id, if it is still due at now; false when it was not.
func (r *Runner) warn(ctx context.Context, id uuid.UUID, now time.Time, health *mailHealth) (bool, error) {
	sys := viewer.SystemContext(ctx)
	n, err := r.Client.User.Update().Where(user.ID(id), toWarn(now)).SetRetentionWarnedAt(now).Save(sys)
	if err != nil || n == 0 {
		return false, err
	}
	u, err := r.Client.User.Query().Where(user.ID(id)).WithAgency().WithLicense().Only(sys)
	if err == nil {
		var msg mail.Message
		if msg, err = r.warningMail(u, now); err == nil {
			err = health.send(ctx, r.Mail, msg)
		}
	}
	if err != nil {
		// Taken back only if it is still this run's: a sign-in may have cleared it meanwhile.
		undo := r.Client.User.Update().Where(user.ID(id), user.RetentionWarnedAt(now)).ClearRetentionWarnedAt().Exec(sys)
		return false, errors.Join(err, undo)
	}
	return true, nil
}

// lastActivity is when the account was last used: its last sign-in, else its creation.
func lastActivity(u *ent.User) time.Time {
	if u.LastLoginAt != nil {
		return *u.LastLoginAt
	}
	return u.CreatedAt
}

// deletionDate answers when an account warned at warned is deleted at the earliest: two years
// after its last activity, and never less than the notice after the warning. The run of that
// night or of the next one deletes it.
func deletionDate(u *ent.User, warned time.Time) time.Time {
	due := lastActivity(u).AddDate(RetentionYears, 0, 0)
	if notice := warned.AddDate(0, 0, RetentionNoticeDays); notice.After(due) {
		return notice
	}
	return due
}

// warningMail is the warning of u's deletion, given at warned: the date, in their time zone,
// and how to keep the account — signing in, or for a candidate whose access has ended (who may
// not sign in), asking their agency — and for a candidate, where to download their data first.
func (r *Runner) warningMail(u *ent.User, warned time.Time) (mail.Message, error) {
	loc := users.LocationOf(u)
	date := frenchDate(deletionDate(u, warned).In(loc))
	base := strings.TrimRight(r.PublicURL, "/")
	// A pending licence lets its candidate in: it is activated at their first sign-in.
	canSignIn := access.Evaluate(u, u.Edges.License, warned).SignIn || access.Live(u.Edges.License, warned)
	data := map[string]any{
		"FirstName": u.FirstName,
		"Date":      date,
		"CanSignIn": canSignIn,
		"LoginLink": base + "/login",
	}
	if u.LastLoginAt != nil {
		data["LastSignIn"] = frenchDate(u.LastLoginAt.In(loc))
	} else {
		data["Created"] = frenchDate(u.CreatedAt.In(loc))
	}
	if u.Role == user.RoleCandidate && canSignIn {
		data["DataLink"] = base + "/profile#my-data" // the profile's « Mes données »
	}
	if a := u.Edges.Agency; a != nil && u.Role == user.RoleCandidate {
		data["Agency"] = a.Name
	}
	return mail.Render("retention-warning", u.Email, "Votre compte Tremplin sera supprimé le "+date, data)
}

// inactiveDeletedMail tells the owner of u, deleted, that it was for inactivity.
func inactiveDeletedMail(u *ent.User) (mail.Message, error) {
	return mail.Render("account-deleted-inactive", u.Email, "Votre compte Tremplin a été supprimé", map[string]any{
		"FirstName": u.FirstName,
		"Since":     frenchDate(lastActivity(u).In(users.LocationOf(u))),
		"SignedIn":  u.LastLoginAt != nil,
		"Candidate": u.Role == user.RoleCandidate,
	})
}

// frenchDate writes a date as « 9 janvier 2028 » (« 1er » for the first of the month).
func frenchDate(t time.Time) string {
	day := fmt.Sprint(t.Day())
	if t.Day() == 1 {
		day = "1er"
	}
	return fmt.Sprintf("%s %s %d", day, frenchMonths[t.Month()-1], t.Year())
}

// mailHealth follows a run's e-mails: after mailFailuresInARow failures in a row the mail
// server is taken for down.
type mailHealth struct{ failuresInARow int }

func (h *mailHealth) down() bool { return h.failuresInARow >= mailFailuresInARow }

func (h *mailHealth) send(ctx context.Context, sender mail.Sender, m mail.Message) error {
	err := sender.Send(ctx, m)
	if err != nil {
		h.failuresInARow++
	} else {
		h.failuresInARow = 0
	}
	return err
}

// maxFailures is how many failures a run's claim spells out; the others are counted (each is
// logged).
const maxFailures = 10

// failures collects a run's failures: each logged, the first maxFailures kept in full for the
// run's claim, the others counted, so a night with thousands of them records a short error.
type failures struct {
	log  *slog.Logger
	errs []error
	more int
}

// add records err, about account id (uuid.Nil: the run as a whole).
func (f *failures) add(id uuid.UUID, err error) {
	if id == uuid.Nil {
		f.log.Error("retention", "error", err)
	} else {
		f.log.Error("retention", "user", id, "error", err)
	}
	if len(f.errs) < maxFailures {
		f.errs = append(f.errs, err)
		return
	}
	f.more++
}

func (f *failures) err() error {
	if f.more > 0 {
		return errors.Join(append(f.errs, fmt.Errorf("and %d more failures", f.more))...)
	}
	return errors.Join(f.errs...)
}
