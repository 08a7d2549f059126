// Package invitations e-mails the link that lets a new account choose its password: a
// single-use, expiring link to /new-password?id=…&token=… (AuthService.NewPassword completes
// it, and signs the person in). Like every e-mailed link it dies when another link of the
// account is sent or used, and at the account's first sign-in (authn.ActionTokens). Every
// account but the first admin comes to exist this way: an admin creates an agency and its
// admin, an agency admin or the admin creates a candidate.
package invitations

import (
	"context"
	"net/url"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/mail"
)

// TTL is how long an invitation link works.
const TTL = 7 * 24 * time.Hour

// Inviter issues invitation links and e-mails them.
type Inviter struct {
	Tokens *authn.ActionTokens
	Mail   *mail.Queue
	// PublicURL prefixes the links.
	PublicURL string
}

// Invitation is an e-mail ready to leave once the transaction that made it commits: an
// invitation (its link), or the notice of a licence (PrepareLicence).
type Invitation struct {
	msg mail.Message
}

// For says who the invitation is for and what it invites them to.
type For struct {
	User *ent.User
	// AgencyName is the candidate's agency ("" for none): « Agence X vous invite… ».
	AgencyName string
	// AdminOf is the agency an agency admin is invited to administer.
	AdminOf string
}

// Prepare issues the link in the caller's transaction (client is the transaction's; every
// earlier link of the user, invitation or reset, stops working) and writes the French e-mail.
// Send it after the commit: an invitation never leaves for an account that was rolled back.
func (i *Inviter) Prepare(ctx context.Context, client *ent.Client, f For) (*Invitation, error) {
	token, err := i.Tokens.IssueIn(ctx, client, f.User.ID, authn.KindInvitation, TTL)
	if err != nil {
		return nil, err
	}
	subject := "Votre invitation à rejoindre Tremplin"
	if f.AdminOf != "" {
		subject = "Votre accès à Tremplin pour l'agence « " + f.AdminOf + " »"
	}
	msg, err := mail.Render("invitation", f.User.Email, subject, map[string]any{
		"FirstName":  f.User.FirstName,
		"AgencyName": f.AgencyName,
		"AdminOf":    f.AdminOf,
		"Email":      f.User.Email,
		"Link":       Link(i.PublicURL, f.User.ID, token),
		"ValidDays":  int(TTL.Hours() / 24),
	})
	if err != nil {
		return nil, err
	}
	return &Invitation{msg: msg}, nil
}

// PrepareLicence writes the e-mail that tells a candidate who signed in before that a licence
// of their agency (f.AgencyName) opens their access: again (renewed: their licence had
// expired) or from now on (a B2C candidate made B2B). No link to set a password: they sign in
// with theirs, and the login page's « Mot de passe oublié » is there if they lost it. Send it
// after the commit, as an invitation.
func (i *Inviter) PrepareLicence(f For, renewed bool) (*Invitation, error) {
	subject := "Votre licence Tremplin de l'agence « " + f.AgencyName + " »"
	if renewed {
		subject = "Votre accès à Tremplin est de nouveau ouvert"
	}
	msg, err := mail.Render("licence", f.User.Email, subject, map[string]any{
		"FirstName":  f.User.FirstName,
		"AgencyName": f.AgencyName,
		"Email":      f.User.Email,
		"Link":       i.PublicURL + "/login",
		"Renewed":    renewed,
	})
	if err != nil {
		return nil, err
	}
	return &Invitation{msg: msg}, nil
}

// Send queues the e-mail (nil does nothing).
func (i *Inviter) Send(inv *Invitation) {
	if inv != nil {
		i.Mail.Enqueue(inv.msg)
	}
}

// Link is the new-password page's link for the user and token.
func Link(publicURL string, id uuid.UUID, token string) string {
	q := url.Values{"id": {id.String()}, "token": {token}}
	return publicURL + "/new-password?" + q.Encode()
}
