package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/resource"
)

// demoContact is one person of a demo network. Status is derived the way the product derives
// it: incomplete without phone, mobile or e-mail; engaged with a completed task; thanked with a
// completed thank-you task; new otherwise (with, when planned, a task to do).
type demoContact struct {
	key, first, last string
	civility         contact.Civility
	company, job     string
	email, phone     string
	mobile           string
	parent           string // key of the intermediary; "" for rank 1
	tags             []string
	comments         string
	// done: subjects of completed tasks with the contact (oldest first); planned: the subject
	// of a task still to do.
	done    []task.Subject
	planned task.Subject
	// days ago the contact was added
	added int
}

const (
	tLyon     = "Lyon"
	tBanque   = "Banque"
	tRecrut   = "Recruteur"
	tCollegue = "Ancien collègue"
	tParis    = "Paris"
	tIndus    = "Industrie"
	tDigital  = "Digital"
)

// fullNetwork is the network of the demo candidates with premium: 34 contacts over 3 ranks.
var fullNetwork = []demoContact{
	// Rank 1: people the candidate knows.
	{key: "claire", first: "Claire", last: "Bernard", civility: contact.CivilityFemale, company: "BNP Paribas", job: "Responsable des ressources humaines",
		email: "claire.bernard@bnp.example", mobile: "06 12 34 56 78", tags: []string{tBanque, tParis, tRecrut},
		comments: "Rencontrée au forum Paris Emploi. Très disponible, préfère les appels le matin.",
		done:     []task.Subject{task.SubjectFirstContact, task.SubjectThanksForIntroduction}, added: 58},
	{key: "marc", first: "Marc", last: "Lefèvre", civility: contact.CivilityMale, company: "Société Générale", job: "Directeur de projets",
		email: "marc.lefevre@sg.example", phone: "01 42 14 20 00", tags: []string{tBanque, tCollegue},
		comments: "Ancien manager chez Capgemini (2018-2021).", done: []task.Subject{task.SubjectFirstContact}, added: 55},
	{key: "sophie", first: "Sophie", last: "Martin", civility: contact.CivilityFemale, company: "Capgemini", job: "Cheffe de projet digital",
		email: "sophie.martin@capgemini.example", mobile: "+33 6 98 76 54 32", tags: []string{tCollegue, tDigital, tLyon},
		done: []task.Subject{task.SubjectFirstContact, task.SubjectAskInformation}, added: 54},
	{key: "julien", first: "Julien", last: "Moreau", civility: contact.CivilityMale, company: "Michelin", job: "Responsable supply chain",
		email: "julien.moreau@michelin.example", phone: "04 73 32 20 00", tags: []string{tIndus}, planned: task.SubjectFirstContact, added: 40},
	{key: "nadia", first: "Nadia", last: "Benali", civility: contact.CivilityFemale, company: "Hays", job: "Consultante en recrutement",
		email: "nadia.benali@hays.example", mobile: "07 81 22 33 44", tags: []string{tRecrut, tLyon},
		done: []task.Subject{task.SubjectFirstContact}, added: 38},
	{key: "thomas", first: "Thomas", last: "Petit", civility: contact.CivilityMale, company: "Decathlon", job: "Product owner",
		email: "thomas.petit@decathlon.example", tags: []string{tDigital}, added: 30},
	{key: "ines", first: "Inès", last: "Garnier", civility: contact.CivilityFemale, company: "Crédit Agricole", job: "Analyste crédit",
		mobile: "06 45 67 89 01", tags: []string{tBanque, tLyon}, planned: task.SubjectFirstContact, added: 21},
	{key: "olivier", first: "Olivier", last: "Dupont", civility: contact.CivilityMale, company: "Airbus", job: "Ingénieur méthodes",
		tags: []string{tIndus, tCollegue}, comments: "Numéro à retrouver auprès de Marc.", added: 19},
	{key: "camille", first: "Camille", last: "Roux", civility: contact.CivilityFemale, company: "Michael Page", job: "Manager recrutement IT",
		email: "camille.roux@michaelpage.example", phone: "01 41 92 70 00", tags: []string{tRecrut, tParis},
		done: []task.Subject{task.SubjectFirstContact, task.SubjectThanksAfterInterview}, added: 45},
	{key: "antoine", first: "Antoine", last: "de La Tour", civility: contact.CivilityMale, company: "Orange", job: "Directeur commercial",
		email: "antoine.delatour@orange.example", tags: []string{tDigital, tParis}, added: 12},
	{key: "lucie", first: "Lucie", last: "Fontaine", civility: contact.CivilityFemale, company: "Sanofi", job: "Chargée de communication",
		email: "lucie.fontaine@sanofi.example", tags: []string{tLyon}, planned: task.SubjectSendInformation, added: 9},
	{key: "karim", first: "Karim", last: "Haddad", civility: contact.CivilityMale, company: "Free", job: "Développeur",
		tags: []string{tCollegue}, added: 6},

	// Rank 2: introduced by them.
	{key: "helene", first: "Hélène", last: "Girard", civility: contact.CivilityFemale, company: "BNP Paribas", job: "Directrice financière",
		email: "helene.girard@bnp.example", phone: "01 40 14 45 46", parent: "claire", tags: []string{tBanque, tParis},
		comments: "Présentée par Claire ; cherche un chef de projet pour 2027.",
		done:     []task.Subject{task.SubjectFirstContact, task.SubjectFeedback, task.SubjectThanksAfterInterview}, added: 50},
	{key: "paul", first: "Paul", last: "Lambert", civility: contact.CivilityMale, company: "BNP Paribas", job: "Chef de service informatique",
		email: "paul.lambert@bnp.example", parent: "claire", tags: []string{tBanque, tDigital}, done: []task.Subject{task.SubjectFirstContact}, added: 47},
	{key: "elodie", first: "Élodie", last: "Mercier", civility: contact.CivilityFemale, company: "Natixis", job: "Responsable conformité",
		mobile: "06 23 45 67 89", parent: "claire", tags: []string{tBanque}, planned: task.SubjectFirstContact, added: 33},
	{key: "francois", first: "François", last: "Müller", civility: contact.CivilityMale, company: "Société Générale", job: "Architecte SI",
		email: "francois.muller@sg.example", parent: "marc", tags: []string{tBanque, tDigital}, added: 44},
	{key: "gaelle", first: "Gaëlle", last: "Le Bihan", civility: contact.CivilityFemale, company: "Crédit Mutuel Arkéa", job: "Responsable digital",
		phone: "02 98 00 00 01", parent: "marc", tags: []string{tBanque, tDigital},
		done: []task.Subject{task.SubjectFirstContact, task.SubjectThanksForIntroduction}, added: 41},
	{key: "romain", first: "Romain", last: "Chevalier", civility: contact.CivilityMale, company: "Thales", job: "Chef de programme",
		phone: "01 73 32 00 00", parent: "marc", tags: []string{tIndus}, added: 28}, // Jérôme's intermediary: not incomplete
	{key: "lea", first: "Léa", last: "Dubois", civility: contact.CivilityFemale, company: "Airbus", job: "Acheteuse",
		email: "lea.dubois@airbus.example", mobile: "+33 6 11 22 33 44", parent: "sophie", tags: []string{tIndus, tLyon},
		done: []task.Subject{task.SubjectFirstContact}, added: 36},
	{key: "hugo", first: "Hugo", last: "Renard", civility: contact.CivilityMale, company: "Capgemini", job: "Directeur de l'agence de Lyon",
		email: "hugo.renard@capgemini.example", phone: "04 72 00 00 00", parent: "sophie", tags: []string{tLyon, tDigital},
		planned: task.SubjectRequestForInformation, added: 27},
	{key: "zoe", first: "Zoé", last: "Nguyen", civility: contact.CivilityFemale, company: "Worldline", job: "UX designer",
		email: "zoe.nguyen@worldline.example", parent: "sophie", tags: []string{tDigital}, added: 15},
	{key: "yasmine", first: "Yasmine", last: "Amrani", civility: contact.CivilityFemale, company: "Adecco", job: "Chargée de recrutement",
		email: "yasmine.amrani@adecco.example", mobile: "07 55 44 33 22", parent: "nadia", tags: []string{tRecrut, tLyon},
		done: []task.Subject{task.SubjectFirstContact, task.SubjectReminder}, added: 31},
	{key: "david", first: "David", last: "Cohen", civility: contact.CivilityMale, company: "Randstad", job: "Directeur d'agence",
		parent: "nadia", tags: []string{tRecrut}, added: 20},
	{key: "chloe", first: "Chloé", last: "Faure", civility: contact.CivilityFemale, company: "Michael Page", job: "Consultante senior",
		email: "chloe.faure@michaelpage.example", parent: "camille", tags: []string{tRecrut, tParis}, planned: task.SubjectFirstContact, added: 14},
	{key: "mathieu", first: "Mathieu", last: "Blanc", civility: contact.CivilityMale, company: "Orange", job: "Responsable innovation",
		email: "mathieu.blanc@orange.example", parent: "antoine", tags: []string{tDigital}, added: 8},
	{key: "sarah", first: "Sarah", last: "Lemoine", civility: contact.CivilityFemale, company: "Michelin", job: "Responsable RH",
		phone: "04 73 32 20 01", parent: "julien", tags: []string{tIndus, tRecrut}, added: 11},

	// Rank 3: introduced by rank-2 contacts.
	{key: "vincent", first: "Vincent", last: "Roussel", civility: contact.CivilityMale, company: "BNP Paribas", job: "Directeur des systèmes d'information",
		email: "vincent.roussel@bnp.example", phone: "01 40 14 45 00", parent: "helene", tags: []string{tBanque, tParis, tDigital},
		comments: "Entretien réseau très positif, a transmis mon CV à la DRH.",
		done:     []task.Subject{task.SubjectFirstContact, task.SubjectThanksAfterInterview}, added: 34},
	{key: "manon", first: "Manon", last: "Perrin", civility: contact.CivilityFemale, company: "BNP Paribas", job: "Chargée de mission",
		email: "manon.perrin@bnp.example", parent: "helene", tags: []string{tBanque}, planned: task.SubjectFirstContact, added: 16},
	{key: "quentin", first: "Quentin", last: "Marchand", civility: contact.CivilityMale, company: "Natixis", job: "Data scientist",
		parent: "paul", tags: []string{tBanque, tDigital}, added: 10},
	{key: "aurelie", first: "Aurélie", last: "Colin", civility: contact.CivilityFemale, company: "Airbus", job: "Responsable achats",
		email: "aurelie.colin@airbus.example", mobile: "06 77 88 99 00", parent: "lea", tags: []string{tIndus},
		done: []task.Subject{task.SubjectFirstContact}, added: 22},
	{key: "nicolas", first: "Nicolas", last: "Gauthier", civility: contact.CivilityMale, company: "Capgemini", job: "Manager",
		email: "nicolas.gauthier@capgemini.example", parent: "hugo", tags: []string{tLyon, tCollegue}, added: 13},
	{key: "emma", first: "Emma", last: "Robin", civility: contact.CivilityFemale, company: "Adecco", job: "Assistante de recrutement",
		parent: "yasmine", tags: []string{tRecrut}, added: 7},
	{key: "jerome", first: "Jérôme", last: "Cœurdacier", civility: contact.CivilityMale, company: "Thales", job: "Ingénieur systèmes",
		phone: "+33 1 45 48 54 38", parent: "romain", tags: []string{tIndus}, added: 5},
	{key: "alice", first: "Alice", last: "O'Neil", civility: contact.CivilityFemale, company: "Worldline", job: "Product manager",
		email: "alice.oneil@worldline.example", parent: "zoe", tags: []string{tDigital, tLyon}, planned: task.SubjectFirstContact, added: 3},
}

// smallNetwork is the network of the candidate whose trial ended (no tags: they are premium).
var smallNetwork = []demoContact{
	{key: "pierre", first: "Pierre", last: "Lambert", civility: contact.CivilityMale, company: "OVHcloud", job: "Lead développeur",
		email: "pierre.lambert@ovh.example", mobile: "06 10 20 30 40", done: []task.Subject{task.SubjectFirstContact}, added: 25},
	{key: "amelie", first: "Amélie", last: "Poulain", civility: contact.CivilityFemale, company: "Doctolib", job: "Engineering manager",
		email: "amelie.poulain@doctolib.example", done: []task.Subject{task.SubjectFirstContact, task.SubjectThanksForIntroduction}, added: 24},
	{key: "bruno", first: "Bruno", last: "Carré", civility: contact.CivilityMale, company: "Ubisoft", job: "Développeur senior", added: 10},
	{key: "ludovic", first: "Ludovic", last: "Vidal", civility: contact.CivilityMale, company: "Doctolib", job: "CTO",
		email: "ludovic.vidal@doctolib.example", parent: "amelie", planned: task.SubjectFirstContact, added: 18},
	{key: "celine", first: "Céline", last: "Morel", civility: contact.CivilityFemale, company: "OVHcloud", job: "Recruteuse technique",
		phone: "03 20 00 00 00", parent: "pierre", added: 12},
	{key: "sami", first: "Sami", last: "Bouzid", civility: contact.CivilityMale, company: "Doctolib", job: "Développeur back-end",
		parent: "ludovic", added: 4},
}

// seedNetwork gives the candidate owner the contacts of net that are not yet in their network
// (matched by last name + first name, as the import does), with their tags, intermediaries and
// tasks, and their applications (applications.go), linked to some of them. Contacts already
// there are left as they are: seeding twice changes nothing.
func seedNetwork(ctx context.Context, c *ent.Client, owner *ent.User, net []demoContact, now time.Time) error {
	existing, err := c.Contact.Query().Where(contact.OwnerID(owner.ID)).All(ctx)
	if err != nil {
		return err
	}
	bySortKey := map[string]*ent.Contact{}
	for _, e := range existing {
		bySortKey[e.SortKey] = e
	}
	tags := map[string]*ent.Tag{}
	tagOf := func(name string) (*ent.Tag, error) {
		key := contacts.TagKey(name)
		if t := tags[key]; t != nil {
			return t, nil
		}
		t, err := c.Tag.Query().Where(tag.OwnerID(owner.ID), tag.NameKey(key)).Only(ctx)
		if ent.IsNotFound(err) {
			t, err = c.Tag.Create().SetOwnerID(owner.ID).SetName(name).SetNameKey(key).Save(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("demo tag %s: %w", name, err)
		}
		tags[key] = t
		return t, nil
	}
	day := func(daysAgo int) time.Time { return now.AddDate(0, 0, -daysAgo) }
	saved := map[string]*ent.Contact{}
	for _, d := range net { // parents come before their children in the lists
		last, _ := contacts.NormalizeLastName(d.last)
		key := contacts.SortKey(d.first, last)
		if e := bySortKey[key]; e != nil {
			saved[d.key] = e
			continue
		}
		create := c.Contact.Create().SetOwnerID(owner.ID).SetCivility(d.civility).
			SetFirstName(d.first).SetLastName(last).SetCompany(d.company).SetJob(d.job).
			SetEmail(d.email).SetPhoneNumber(d.phone).SetMobileNumber(d.mobile).
			SetComments(d.comments).SetOrigin("manual").SetRank(1).
			SetCreatedAt(day(d.added)).SetResources([]resource.Resource{})
		if len(d.done) > 0 { // the completed activities moved it on; otherwise it is derived
			status := contacts.InitialStatus(contacts.Reachable(d.email, d.phone, d.mobile))
			for _, s := range d.done {
				status = contacts.StatusAfterActivity(status, string(s))
			}
			create.SetStatus(status)
		}
		if d.parent != "" {
			p := saved[d.parent]
			if p == nil {
				return fmt.Errorf("demo contact %s: intermediary %s not seeded first", d.key, d.parent)
			}
			create.SetParentID(p.ID).SetRank(p.Rank + 1)
		}
		for _, name := range d.tags {
			t, err := tagOf(name)
			if err != nil {
				return err
			}
			create.AddTags(t)
		}
		saved[d.key], err = create.Save(ctx)
		if err != nil {
			return fmt.Errorf("demo contact %s: %w", d.key, err)
		}
		if err := seedTasks(ctx, c, owner, saved[d.key], d, now); err != nil {
			return err
		}
	}
	return seedApplications(ctx, c, owner, saved, now)
}

// seedTasks gives a new demo contact the completed tasks that explain its status, and the task
// it has still to do.
func seedTasks(ctx context.Context, c *ent.Client, owner *ent.User, ct *ent.Contact, d demoContact, now time.Time) error {
	media := task.MediaTypeEmail
	if d.email == "" {
		media = task.MediaTypePhone
	}
	if d.email == "" && d.phone == "" && d.mobile != "" {
		media = task.MediaTypeMobile
	}
	// Completed tasks, spread between the contact's arrival and now.
	span := max(d.added-1, len(d.done))
	for i, s := range d.done {
		done := now.AddDate(0, 0, -d.added+1+(i*span)/max(len(d.done), 1)).Truncate(time.Hour)
		err := c.Task.Create().SetOwnerID(owner.ID).SetContactID(ct.ID).SetSubject(s).SetMediaType(media).
			SetPriority(task.PriorityNormal).SetStatus(task.StatusCompleted).
			SetInitialDeadline(done).SetDeadline(done).SetExecutionDate(done).SetCreatedAt(done.AddDate(0, 0, -1)).
			SetMarkAsCompleteComment(reports[s]).SetResources([]resource.Resource{}).
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("demo task for %s: %w", d.key, err)
		}
	}
	if d.planned != "" {
		due := now.AddDate(0, 0, 1+len(d.key)%5).Truncate(24 * time.Hour).Add(9 * time.Hour)
		priority := task.PriorityNormal
		if len(d.key)%3 == 0 {
			priority = task.PriorityHigh
		}
		err := c.Task.Create().SetOwnerID(owner.ID).SetContactID(ct.ID).SetSubject(d.planned).SetMediaType(media).
			SetPriority(priority).SetInitialDeadline(due).SetDeadline(due).SetResources([]resource.Resource{}).
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("demo task for %s: %w", d.key, err)
		}
	}
	return nil
}

var reports = map[task.Subject]string{
	task.SubjectFirstContact:          "Premier échange cordial, à recontacter.",
	task.SubjectAskInformation:        "M'a donné des informations sur l'organisation de l'équipe.",
	task.SubjectFeedback:              "Retour positif sur mon CV.",
	task.SubjectReminder:              "Relance faite par téléphone.",
	task.SubjectThanksForIntroduction: "Remerciement envoyé pour la mise en relation.",
	task.SubjectThanksAfterInterview:  "Mail de remerciement envoyé après l'entretien.",
}
