package contacts

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Reachable reports whether a contact can be reached: it has a phone, a mobile or an e-mail.
func Reachable(email, phone, mobile string) bool {
	return strings.TrimSpace(email) != "" || strings.TrimSpace(phone) != "" || strings.TrimSpace(mobile) != ""
}

// InitialStatus is the status of a new contact: incomplete when it cannot be reached, new
// otherwise.
func InitialStatus(reachable bool) contact.Status {
	if reachable {
		return contact.StatusNew
	}
	return contact.StatusIncomplete
}

// StatusAfterEdit is the status of an edited contact: incomplete ⇄ new follow reachability,
// both ways; engaged and thanked are kept whatever the edit.
func StatusAfterEdit(current contact.Status, reachable bool) contact.Status {
	switch current {
	case contact.StatusIncomplete, contact.StatusNew:
		return InitialStatus(reachable)
	}
	return current
}

// Deletable reports whether a contact may be deleted: its status is incomplete or new, and
// no task, event or application involves it.
func Deletable(status contact.Status, hasActivity, hasApplication bool) bool {
	return (status == contact.StatusIncomplete || status == contact.StatusNew) && !hasActivity && !hasApplication
}

// IsThanksSubject reports whether a task subject (the spec's string) is a thank-you:
// thanks-after-interview, thanks-after-recruitment-failed, thanks-for-introduction.
func IsThanksSubject(subject string) bool { return strings.HasPrefix(subject, "thanks-") }

// StatusAfterActivity is the status of a contact once an activity with it is completed:
// incomplete or new → engaged; and thanked when the activity is a thank-you task (subject
// thanks-*), from any status. taskSubject is the completed task's subject as the spec writes
// it, or "" for an event.
func StatusAfterActivity(current contact.Status, taskSubject string) contact.Status {
	if IsThanksSubject(taskSubject) {
		return contact.StatusThanked
	}
	if current == contact.StatusIncomplete || current == contact.StatusNew {
		return contact.StatusEngaged
	}
	return current
}

// OnActivityCompleted applies StatusAfterActivity to the contact contactID and answers its
// status afterwards. ActivityService calls it when a task or event with a contact is
// completed, inside its own transaction (pass tx.Client()). The change is one conditional
// UPDATE, so two completions at once cannot move the status backwards.
//
// The contact must belong to the viewer of ctx (a candidate; the system viewer is trusted):
// otherwise the answer is an ent not-found error, which apierr.FromEnt turns into NotFound.
func OnActivityCompleted(ctx context.Context, client *ent.Client, contactID uuid.UUID, taskSubject string) (contact.Status, error) {
	scope := []predicate.Contact{contact.ID(contactID)}
	if v := viewer.FromContext(ctx); v != nil && !v.IsSystem() {
		scope = append(scope, contact.OwnerID(v.UserID))
	}
	var target contact.Status
	var from []contact.Status
	if IsThanksSubject(taskSubject) {
		target = contact.StatusThanked
		from = []contact.Status{contact.StatusIncomplete, contact.StatusNew, contact.StatusEngaged}
	} else {
		target = contact.StatusEngaged
		from = []contact.Status{contact.StatusIncomplete, contact.StatusNew}
	}
	if _, err := client.Contact.Update().
		Where(append(scope, contact.StatusIn(from...))...).
		SetStatus(target).
		Save(ctx); err != nil {
		return "", fmt.Errorf("contacts: moving %s to %s: %w", contactID, target, err)
	}
	c, err := client.Contact.Query().Where(scope...).Only(ctx)
	if err != nil {
		return "", err
	}
	return c.Status, nil
}
