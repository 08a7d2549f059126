package users

import (
	"time"
	_ "time/tzdata" // the server image may have no zoneinfo; Europe/Paris must always load

	"github.com/tremplin/tremplin/ent"
)

// DefaultTimeZone is the zone of a user who has none, and of the nightly jobs.
const DefaultTimeZone = "Europe/Paris"

// Location answers the IANA zone named name, or Europe/Paris when name is empty or unknown.
func Location(name string) *time.Location {
	if name != "" {
		if loc, err := time.LoadLocation(name); err == nil {
			return loc
		}
	}
	loc, err := time.LoadLocation(DefaultTimeZone)
	if err != nil { // cannot happen with time/tzdata embedded
		return time.UTC
	}
	return loc
}

// LocationOf answers u's time zone (Europe/Paris when u is nil or has none).
func LocationOf(u *ent.User) *time.Location {
	if u == nil {
		return Location("")
	}
	return Location(u.TimeZone)
}
