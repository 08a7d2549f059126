package apierr

import "github.com/google/uuid"

// ID reads an id of the request. A malformed one names nothing: NotFound, as an id of
// another owner would (protovalidate refuses malformed ids before this on the API; the check
// stays for callers inside the server).
func ID(raw string, e Entity) (uuid.UUID, error) {
	id, err := uuid.Parse(raw)
	if err != nil {
		return uuid.Nil, NotFound(e)
	}
	return id, nil
}

// OptionalID reads an id the request may leave empty: nil when empty.
func OptionalID(raw string, e Entity) (*uuid.UUID, error) {
	if raw == "" {
		return nil, nil
	}
	id, err := ID(raw, e)
	if err != nil {
		return nil, err
	}
	return &id, nil
}
