// Package licenses moves licences out of an agency's pool. The pool counter changes in one
// guarded UPDATE, so concurrent allocations can never hand out more licences than the agency
// bought.
package licenses

import (
	"context"
	"errors"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/predicate"
)

// ErrNoneLeft: every licence of the agency is already allocated.
var ErrNoneLeft = errors.New("licenses: the agency has no licence left")

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
