// Package licenses keeps an agency's licences: its pool (bought, allocated) and the licence each
// candidate holds. The pool counters change only in single guarded UPDATEs, never read then
// written, so concurrent allocations can never hand out more licences than the agency bought.
//
// The counts of an agency (Counts) are derived from two stored numbers and the licence rows:
//
//   - total     = agencies.num_total_licenses: the sum of its license batches;
//   - allocated = agencies.num_allocated_licenses: licences given to candidates, minus the
//     pending ones given back;
//   - pending   = the agency's licence rows not activated yet (a candidate who has not signed
//     in since the licence was given);
//   - used      = allocated − pending: licences consumed by a sign-in, still valid, expired, or
//     held by a candidate deleted since;
//   - remaining = total − allocated.
//
// So used + pending + remaining = total, always: the counter moves in the same transaction as
// the licence row (allocation, release), and activation at sign-in only moves a licence from
// pending to used. Read them in one statement (one snapshot): see agencyCounts in
// services/agency.
package licenses

import (
	"context"
	"errors"
	"time"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/licensebatch"
	"github.com/tremplin/tremplin/ent/predicate"
)

var (
	// ErrNoneLeft: every licence of the agency is already allocated.
	ErrNoneLeft = errors.New("licenses: the agency has no licence left")
	// ErrHeld: the candidate holds a pending or valid licence already.
	ErrHeld = errors.New("licenses: the candidate holds a licence already")
	// ErrKeyReused: the idempotency key named a batch of another size.
	ErrKeyReused = errors.New("licenses: the idempotency key was used for another batch")
)

// Counts are an agency's licence counts (see the package comment).
type Counts struct {
	Total, Used, Pending, Remaining int
}

// CountsOf derives the counts from the agency's row and its number of pending licences, read
// in the same statement.
func CountsOf(a *ent.Agency, pending int) Counts {
	return Counts{
		Total:     a.NumTotalLicenses,
		Pending:   pending,
		Used:      a.NumAllocatedLicenses - pending,
		Remaining: a.NumTotalLicenses - a.NumAllocatedLicenses,
	}
}

// PendingCount is the SQL of an agency's pending licences, as a column of a query on
// agencies: SELECT count(*) FROM licenses WHERE agency_id = agencies.id AND activation_date IS
// NULL.
func PendingCount(agencies *entsql.Selector) *entsql.Selector {
	l := entsql.Table(license.Table)
	return entsql.Select(entsql.Count("*")).From(l).Where(entsql.And(
		entsql.ColumnsEQ(l.C(license.FieldAgencyID), agencies.C(agency.FieldID)),
		entsql.IsNull(l.C(license.FieldActivationDate)),
	))
}

// AddBatch adds n licences to the agency's pool, in the caller's transaction: the batch row
// and the total move together. With an idempotency key already used for this agency, it adds
// nothing and answers false (or ErrKeyReused when that batch had another size). A concurrent
// request with the same key fails on the unique (agency_id, idempotency_key) index: its
// transaction is rolled back, and ReplayOf tells it what was added.
func AddBatch(ctx context.Context, client *ent.Client, agencyID uuid.UUID, n int, key string, by *uuid.UUID) (bool, error) {
	if key != "" {
		replayed, err := ReplayOf(ctx, client, agencyID, n, key)
		if err != nil || replayed {
			return false, err
		}
	}
	create := client.LicenseBatch.Create().SetAgencyID(agencyID).SetCount(n).SetNillableCreatedByID(by)
	if key != "" {
		create.SetIdempotencyKey(key)
	}
	if err := create.Exec(ctx); err != nil {
		return false, err
	}
	updated, err := client.Agency.Update().Where(agency.ID(agencyID)).AddNumTotalLicenses(n).Save(ctx)
	if err != nil {
		return false, err
	}
	if updated != 1 {
		return false, &ent.NotFoundError{}
	}
	return true, nil
}

// ReplayOf reports whether the agency has a batch with this idempotency key: of n licences
// (true), or of another size (ErrKeyReused).
func ReplayOf(ctx context.Context, client *ent.Client, agencyID uuid.UUID, n int, key string) (bool, error) {
	batch, err := client.LicenseBatch.Query().
		Where(licensebatch.AgencyID(agencyID), licensebatch.IdempotencyKey(key)).
		Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return false, nil
	case err != nil:
		return false, err
	case batch.Count != n:
		return false, ErrKeyReused
	}
	return true, nil
}

// TakeOne moves one licence of the agency from remaining to allocated, atomically.
func TakeOne(ctx context.Context, client *ent.Client, agencyID uuid.UUID) error {
	n, err := client.Agency.Update().
		Where(agency.ID(agencyID), hasRemaining()).
		AddNumAllocatedLicenses(1).
		Save(ctx)
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrNoneLeft
	}
	return nil
}

// hasRemaining: num_allocated_licenses < num_total_licenses.
func hasRemaining() predicate.Agency {
	return func(s *entsql.Selector) {
		s.Where(entsql.ColumnsLT(s.C(agency.FieldNumAllocatedLicenses), s.C(agency.FieldNumTotalLicenses)))
	}
}

// Allocate gives the candidate one of the agency's remaining licences, in the caller's
// transaction: a new licence, or the candidate's expired one started again. It is pending
// until the candidate's next sign-in. ErrNoneLeft when the pool is empty, ErrHeld when the
// candidate holds a pending or valid licence — also when another request gave them one a
// moment before: the guarded UPDATE (expired only) and the unique candidate_id make the
// loser fail, and its transaction, licence taken included, is rolled back.
func Allocate(ctx context.Context, client *ent.Client, agencyID, candidateID uuid.UUID, now time.Time) (*ent.License, error) {
	if err := TakeOne(ctx, client, agencyID); err != nil {
		return nil, err
	}
	renewed, err := client.License.Update().
		Where(license.CandidateID(candidateID), license.ActivationDateNotNil(), license.ExpirationDateLTE(now)).
		SetAgencyID(agencyID).
		SetAllocationDate(now).
		ClearActivationDate().
		ClearExpirationDate().
		ClearInvitationDate().
		Save(ctx)
	if err != nil {
		return nil, err
	}
	if renewed == 1 {
		return client.License.Query().Where(license.CandidateID(candidateID)).Only(ctx)
	}
	lic, err := client.License.Create().
		SetCandidateID(candidateID).
		SetAgencyID(agencyID).
		SetAllocationDate(now).
		Save(ctx)
	if ent.IsConstraintError(err) {
		return nil, ErrHeld
	}
	return lic, err
}

// Release removes the candidate's licence (they are deleted, or made B2C), in the caller's
// transaction. A pending licence goes back to its agency's pool; a used one stays used. The
// DELETE decides which it was, so a sign-in activating the licence at the same moment cannot
// make it count twice.
func Release(ctx context.Context, client *ent.Client, candidateID uuid.UUID) error {
	lic, err := client.License.Query().Where(license.CandidateID(candidateID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	pending, err := client.License.Delete().Where(license.ID(lic.ID), license.ActivationDateIsNil()).Exec(ctx)
	if err != nil {
		return err
	}
	if pending == 0 {
		_, err := client.License.Delete().Where(license.ID(lic.ID)).Exec(ctx)
		return err
	}
	_, err = client.Agency.Update().
		Where(agency.ID(lic.AgencyID), agency.NumAllocatedLicensesGT(0)).
		AddNumAllocatedLicenses(-1).
		Save(ctx)
	return err
}
