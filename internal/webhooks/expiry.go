package webhooks

import (
	"context"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/webhookevent"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/internal/webhooks/outbox"
)

// ExpiryLookback is how far back ScanExpiries looks: a licence that expired while every copy
// of the server was down for longer is not announced.
const ExpiryLookback = 7 * 24 * time.Hour

// ScanExpiries records license.expired for each licence whose expiration date has passed (in
// the last ExpiryLookback) and was not announced yet. A licence expires by the clock, with no
// write to hang the event on, so every copy scans; the event's unique once key (the licence
// and its expiration date: a renewed licence that expires again is announced again) lets
// exactly one copy record it, its deliveries in the same transaction.
func ScanExpiries(ctx context.Context, client *ent.Client, now time.Time) error {
	sys := viewer.SystemContext(ctx)
	now = now.UTC()
	expired, err := client.License.Query().Where(
		license.ActivationDateNotNil(),
		license.ExpirationDateLTE(now),
		license.ExpirationDateGT(now.Add(-ExpiryLookback)),
	).All(sys)
	if err != nil || len(expired) == 0 {
		return err
	}
	keys := make([]string, len(expired))
	for i, l := range expired {
		keys[i] = expiryKey(l)
	}
	done, err := client.WebhookEvent.Query().Where(webhookevent.OnceKeyIn(keys...)).
		Select(webhookevent.FieldOnceKey).Strings(sys)
	if err != nil {
		return err
	}
	announced := make(map[string]bool, len(done))
	for _, k := range done {
		announced[k] = true
	}
	for i, l := range expired {
		if announced[keys[i]] {
			continue
		}
		key := keys[i]
		err := db.WithTx(sys, client, func(ctx context.Context, tx *ent.Tx) error {
			data := outbox.LicenseData{AgencyID: l.AgencyID.String(), CandidateID: l.CandidateID.String(), License: outbox.LicenseOf(l)}
			return outbox.EmitOnce(ctx, tx.Client(), l.AgencyID, outbox.LicenseExpired, data, now, key)
		})
		if ent.IsConstraintError(err) {
			continue // another copy announced it meanwhile
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// expiryKey names one expiry of a licence.
func expiryKey(l *ent.License) string {
	return outbox.LicenseExpired + ":" + l.ID.String() + ":" + l.ExpirationDate.UTC().Format(time.RFC3339Nano)
}
