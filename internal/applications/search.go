package applications

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"entgo.io/ent"

	entgen "github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/applicationsearchprefix"
	"github.com/tremplin/tremplin/ent/hook"
	"github.com/tremplin/tremplin/internal/contacts"
)

// maxPrefix is the longest prefix stored (in characters): a longer word typed in the search
// box is matched by its first maxPrefix characters.
const maxPrefix = 20

// words splits a company or a search term into folded words (case, accents and punctuation
// gone), the same way for both.
func words(s string) []string {
	return strings.FieldsFunc(contacts.Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// SearchPrefixes are the stored prefixes of a company: every prefix, up to maxPrefix
// characters, of each of its words, without repeats.
func SearchPrefixes(company string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range words(company) {
		r := []rune(w)
		for n := 1; n <= len(r) && n <= maxPrefix; n++ {
			p := string(r[:n])
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// SearchTerms are the words of a search box's text, each cut to maxPrefix characters: an
// application matches when each of them is the beginning of a word of its company
// (« soc gen » finds « Société Générale »).
func SearchTerms(search string) []string {
	var out []string
	for _, w := range words(search) {
		if r := []rune(w); len(r) > maxPrefix {
			w = string(r[:maxPrefix])
		}
		out = append(out, w)
	}
	return out
}

// DerivedFieldsHook is the one writer of an application's search data: the folded company
// (search_key) and its word prefixes (ApplicationSearchPrefix rows), written in the
// mutation's own transaction when the application is created or its company changes, so no
// writer — the service, the seed — forgets them. A bulk update of the company is refused (its
// prefixes are written per application): an error for the programmer, never for a user.
func DerivedFieldsHook() ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return hook.ApplicationFunc(func(ctx context.Context, m *entgen.ApplicationMutation) (entgen.Value, error) {
			company, set := m.Company()
			if !set {
				return next.Mutate(ctx, m)
			}
			if m.Op().Is(ent.OpUpdate) {
				return nil, errors.New("applications: a bulk update may not change the company (its search prefixes are written per application)")
			}
			m.SetSearchKey(contacts.Fold(company))
			v, err := next.Mutate(ctx, m)
			if err != nil {
				return nil, err
			}
			a, ok := v.(*entgen.Application)
			if !ok {
				return nil, fmt.Errorf("applications: unexpected mutation value %T", v)
			}
			return v, writePrefixes(ctx, m.Client(), a, !m.Op().Is(ent.OpCreate))
		})
	}, ent.OpCreate|ent.OpUpdate|ent.OpUpdateOne)
}

// writePrefixes replaces the stored prefixes of a's company.
func writePrefixes(ctx context.Context, client *entgen.Client, a *entgen.Application, replace bool) error {
	if replace {
		if _, err := client.ApplicationSearchPrefix.Delete().
			Where(applicationsearchprefix.ApplicationID(a.ID), applicationsearchprefix.OwnerID(a.OwnerID)).Exec(ctx); err != nil {
			return fmt.Errorf("applications: clearing the search prefixes: %w", err)
		}
	}
	prefixes := SearchPrefixes(a.Company)
	if len(prefixes) == 0 {
		return nil
	}
	bulk := make([]*entgen.ApplicationSearchPrefixCreate, 0, len(prefixes))
	for _, p := range prefixes {
		bulk = append(bulk, client.ApplicationSearchPrefix.Create().SetOwnerID(a.OwnerID).SetApplicationID(a.ID).SetPrefix(p))
	}
	if err := client.ApplicationSearchPrefix.CreateBulk(bulk...).Exec(ctx); err != nil {
		return fmt.Errorf("applications: writing the search prefixes: %w", err)
	}
	return nil
}
