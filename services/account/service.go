// Package account implements AccountService: a candidate's rights over their own data — a copy
// of everything they own, and the deletion of their account (internal/accounts does both; an
// agency admin's deletion of a candidate goes through the same code).
package account

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"github.com/tremplin/tremplin/ent"
	accountv1 "github.com/tremplin/tremplin/gen/tremplin/account/v1"
	"github.com/tremplin/tremplin/gen/tremplin/account/v1/accountv1connect"
	"github.com/tremplin/tremplin/internal/accounts"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Service implements accountv1connect.AccountServiceHandler.
type Service struct {
	handler.Base
	Sessions *authn.Sessions
	Mail     *mail.Queue
}

var _ accountv1connect.AccountServiceHandler = (*Service)(nil)

// ExportMyData answers the candidate's copy of their data as a zip download.
func (s *Service) ExportMyData(ctx context.Context, _ *accountv1.ExportMyDataRequest) (*accountv1.ExportMyDataResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	mine, err := accounts.Read(ctx, s.Client, v.UserID, now)
	if err != nil {
		return nil, err
	}
	data, err := mine.Zip()
	if err != nil {
		return nil, err
	}
	filename := "tremplin-mes-donnees-" + now.In(users.LocationOf(mine.Account)).Format(time.DateOnly) + ".zip"
	if call, ok := connect.CallInfoForHandlerContext(ctx); ok {
		call.ResponseHeader().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	}
	return &accountv1.ExportMyDataResponse{
		File:     &httpbody.HttpBody{ContentType: "application/zip", Data: data},
		Filename: filename,
	}, nil
}

// DeleteMyAccount deletes the candidate's account once their password is confirmed, clears
// this session's cookie and sends the confirmation.
func (s *Service) DeleteMyAccount(ctx context.Context, req *accountv1.DeleteMyAccountRequest) (*accountv1.DeleteMyAccountResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	// The session's user is loaded without its password hash; the row is read as the system
	// would, the caller being who they are.
	sys := viewer.SystemContext(ctx)
	u, err := s.Client.User.Get(sys, v.UserID)
	if err != nil {
		return nil, err
	}
	ok, err := authn.CheckPassword(ctx, req.GetPassword(), u.PasswordHash)
	if errors.Is(err, authn.ErrBusy) {
		return nil, apierr.ServerBusy()
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errWrongPassword()
	}
	msg, err := accounts.DeletedMail(u, true)
	if err != nil {
		return nil, err
	}
	if err := s.Tx(sys, func(ctx context.Context, tx *ent.Tx) error {
		return accounts.Delete(ctx, tx, u.ID)
	}); err != nil {
		return nil, err
	}
	if call, ok := connect.CallInfoForHandlerContext(ctx); ok {
		call.ResponseHeader().Add("Set-Cookie", s.Sessions.ClearCookie().String())
	}
	s.Mail.Enqueue(msg)
	return &accountv1.DeleteMyAccountResponse{}, nil
}
