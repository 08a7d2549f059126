package access_test

import (
	"testing"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/access"
)

func TestEvaluateCandidates(t *testing.T) {
	now := time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)
	at := func(days int) *time.Time { v := now.AddDate(0, 0, days); return &v }
	lic := func(activated, expires *time.Time) *ent.License {
		return &ent.License{AllocationDate: now.AddDate(0, -1, 0), ActivationDate: activated, ExpirationDate: expires}
	}
	cases := []struct {
		name    string
		user    ent.User
		license *ent.License
		want    access.Access
	}{
		{"B2C never signed in", ent.User{IsB2c: true}, nil, access.Access{Status: "just-created", SignIn: true}},
		{"B2C in trial", ent.User{IsB2c: true, FirstLoginAt: at(-3), TrialEndAt: at(11)}, nil, access.Access{Status: "in-trial-period", Premium: true, SignIn: true}},
		{"B2C trial ended", ent.User{IsB2c: true, FirstLoginAt: at(-20), TrialEndAt: at(-6)}, nil, access.Access{Status: "without-license-after-trial-period", SignIn: true}},
		{"B2C trial ends exactly now", ent.User{IsB2c: true, FirstLoginAt: at(-14), TrialEndAt: at(0)}, nil, access.Access{Status: "without-license-after-trial-period", SignIn: true}},
		{"B2C paying after trial", ent.User{IsB2c: true, HasPaid: true, FirstLoginAt: at(-40), TrialEndAt: at(-26)}, nil, access.Access{Status: "without-license-after-trial-period", Premium: true, SignIn: true}},
		{"B2B without licence", ent.User{}, nil, access.Access{Status: "just-created"}},
		{"B2B pending licence", ent.User{}, lic(nil, nil), access.Access{Status: "with-pending-license"}},
		{"B2B valid licence", ent.User{FirstLoginAt: at(-30)}, lic(at(-30), at(335)), access.Access{Status: "with-valid-license", Premium: true, SignIn: true}},
		{"B2B expired licence", ent.User{FirstLoginAt: at(-400)}, lic(at(-400), at(-35)), access.Access{Status: "with-expired-license"}},
		{"B2B free access", ent.User{HasFreeAccess: true}, nil, access.Access{Status: "just-created", Premium: true, SignIn: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.user.Role = user.RoleCandidate
			if got := access.Evaluate(&c.user, c.license, now); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestEvaluateStaff(t *testing.T) {
	for _, role := range []user.Role{user.RoleAdmin, user.RoleAgencyAdmin} {
		got := access.Evaluate(&ent.User{Role: role}, nil, time.Now())
		if got != (access.Access{SignIn: true}) {
			t.Errorf("%s: %+v", role, got)
		}
	}
}
