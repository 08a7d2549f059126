package network_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/viewer"
)

// seedNetwork gives owner n contacts spread over four ranks (each one introduced by an earlier
// one), five tags on about two thirds of them, a task on one in seven, an application with one
// in eleven, and every status. It writes in bulk, as the candidate.
func seedNetwork(t testing.TB, client *ent.Client, owner uuid.UUID, n int) {
	t.Helper()
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate})
	var tags []*ent.Tag
	for _, name := range []string{"Lyon", "Banque", "Recruteur", "Ancien collègue", "Île-de-France"} {
		tags = append(tags, client.Tag.Create().SetOwnerID(owner).SetName(name).SetNameKey(contacts.TagKey(name)).SaveX(ctx))
	}
	firsts := []string{"Léa", "Hugo", "Chloé", "Éric", "Zoë", "Marc", "Inès", "Paul", "Gaëlle", "Noé"}
	lasts := []string{"Dubois", "Martin", "Lefèvre", "Nguyễn", "O'Neil", "de La Tour", "Müller", "Petit", "Renard", "Benali"}
	companies := []string{"Airbus", "Société Générale", "Orange", "Thalès", "Decathlon", ""}
	statuses := []contact.Status{contact.StatusNew, contact.StatusIncomplete, contact.StatusEngaged, contact.StatusThanked}
	ids := make([]uuid.UUID, n)
	rank := make([]int, n)
	for i := range ids {
		ids[i] = uuid.Must(uuid.NewV7())
	}
	now := time.Now().UTC()
	// Parents first, so that each chunk only points at saved contacts.
	for start := 0; start < n; start += 500 {
		end := min(start+500, n)
		builders := make([]*ent.ContactCreate, 0, end-start)
		for i := start; i < end; i++ {
			first := firsts[i%len(firsts)]
			last := fmt.Sprintf("%s %d", lasts[(i/len(firsts))%len(lasts)], i)
			last, _ = contacts.NormalizeLastName(lastLetters(last, i))
			company := companies[i%len(companies)]
			b := client.Contact.Create().SetID(ids[i]).SetOwnerID(owner).
				SetFirstName(first).SetLastName(last).SetCompany(company).SetJob("Chargé(e) de mission").
				SetEmail(fmt.Sprintf("contact%d@exemple.fr", i)).SetPhoneNumber("01 23 45 67 89").
				SetOrigin("manual").SetStatus(statuses[i%len(statuses)]).SetCreatedAt(now).
				SetSearchKey(contacts.SearchKey(first, last, company)).SetSortKey(contacts.SortKey(first, last))
			rank[i] = 1
			if i >= 2 && i%4 != 0 { // a quarter stay at rank 1
				parent := (i * 7) % (i / 2)
				if rank[parent] < 4 {
					b.SetParentID(ids[parent])
					rank[i] = rank[parent] + 1
				}
			}
			b.SetRank(rank[i])
			if i%3 != 0 {
				b.AddTags(tags[i%len(tags)])
				if i%2 == 0 {
					b.AddTags(tags[(i+2)%len(tags)])
				}
			}
			builders = append(builders, b)
		}
		client.Contact.CreateBulk(builders...).ExecX(ctx)
	}
	var taskBuilders []*ent.TaskCreate
	for i := 0; i < n; i += 7 {
		taskBuilders = append(taskBuilders, client.Task.Create().SetOwnerID(owner).SetSubject(task.SubjectFirstContact).
			SetInitialDeadline(now).SetDeadline(now).SetContactID(ids[i]).SetMediaType(task.MediaTypeEmail))
	}
	for chunk := range slices.Chunk(taskBuilders, 500) {
		client.Task.CreateBulk(chunk...).ExecX(ctx)
	}
	for i := 0; i < n; i += 11 {
		client.Application.Create().SetOwnerID(owner).SetCompany("Airbus").SetJob("Acheteur").
			SetSource(application.SourceMyNetwork).AddContactIDs(ids[i]).ExecX(ctx)
	}
}

// lastLetters turns the number of a generated name into letters (names hold no digits).
func lastLetters(name string, i int) string {
	out := []rune{}
	for _, r := range name {
		if r >= '0' && r <= '9' {
			continue
		}
		out = append(out, r)
	}
	for ; i > 0; i /= 26 {
		out = append(out, rune('a'+i%26))
	}
	return string(out)
}
