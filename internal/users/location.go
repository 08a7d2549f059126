package users

import (
	"sync"
	"time"
	_ "time/tzdata" // the server image may have no zoneinfo; Europe/Paris must always load

	"github.com/tremplin/tremplin/ent"
)

// DefaultTimeZone is the zone of a user who has none, and of the nightly jobs.
const DefaultTimeZone = "Europe/Paris"

// zones caches the zones loaded so far (time.LoadLocation reads and parses the zone file on
// every call); valid IANA names are a few hundred, so it stays small.
var zones sync.Map // name → *time.Location

// Location answers the IANA zone named name, or Europe/Paris when name is empty or unknown.
func Location(name string) *time.Location {
	if name == "" {
		name = DefaultTimeZone
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		if name == DefaultTimeZone { // cannot happen with time/tzdata embedded
			return time.UTC
		}
		return Location(DefaultTimeZone)
	}
	zones.Store(name, loc)
	return loc
}

// LocationOf answers u's time zone (Europe/Paris when u is nil or has none).
func LocationOf(u *ent.User) *time.Location {
	if u == nil {
		return Location("")
	}
	return Location(u.TimeZone)
}

// ValidZone reports whether name is an IANA time zone this server knows ("Europe/Paris"); an
// empty name or "Local" is not one.
func ValidZone(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}
