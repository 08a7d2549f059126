package opportunity_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/viewer"
)

// seedApplications gives owner n applications (statuses and sources in turn, a company among
// twenty, one day apart) and 40 contacts, one or two of them linked to every third
// application, straight in the database (bulk inserts: the search prefixes are written by the
// hook), in one transaction.
func seedApplications(t testing.TB, client *ent.Client, owner uuid.UUID, n int) {
	t.Helper()
	ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate, Premium: true})
	err := db.WithTx(ctx, client, func(ctx context.Context, tx *ent.Tx) error {
		seed(ctx, tx.Client(), owner, n)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func seed(ctx context.Context, client *ent.Client, owner uuid.UUID, n int) {
	people := make([]*ent.ContactCreate, 40)
	for i := range people {
		people[i] = client.Contact.Create().SetOwnerID(owner).SetFirstName("Prénom").SetLastName(fmt.Sprintf("NOM%02d", i)).
			SetCompany(fmt.Sprintf("Entreprise %d", i%20)).SetEmail(fmt.Sprintf("c%d@exemple.fr", i))
	}
	contacts := client.Contact.CreateBulk(people...).SaveX(ctx)
	statuses := []application.Status{application.StatusNew, application.StatusEngaged, application.StatusLost, application.StatusWin}
	sources := []application.Source{application.SourceJobBoard, application.SourceMyNetwork, application.SourceAgency, application.SourceOther}
	start := time.Date(2020, 1, 1, 9, 0, 0, 0, time.UTC)
	for from := 0; from < n; from += 500 {
		batch := make([]*ent.ApplicationCreate, 0, 500)
		for i := from; i < n && i < from+500; i++ {
			c := client.Application.Create().SetOwnerID(owner).
				SetCompany(fmt.Sprintf("Société Générale %d", i%20)).SetJob(fmt.Sprintf("Analyste crédit n°%d", i)).
				SetReference(fmt.Sprintf("REF-%05d", i)).SetPlace("Lyon").SetSalary("45 k€").SetSourceDetails("Indeed").
				SetDescription("Une description de poste de quelques lignes, comme on en colle depuis une annonce.").
				SetSource(sources[i%len(sources)]).SetStatus(statuses[i%len(statuses)]).
				SetCreatedAt(start.Add(time.Duration(i) * 24 * time.Hour)).SetDateOfPublication(start)
			if i%3 == 0 {
				c.AddContacts(contacts[i%len(contacts)], contacts[(i+7)%len(contacts)])
			}
			batch = append(batch, c)
		}
		client.Application.CreateBulk(batch...).ExecX(ctx)
	}
}
