// Package rpc is the interceptor chain every Connect, gRPC and gRPC-Web call goes through:
// recover → log → authenticate → authorize → validate → idempotent creates → answer
// conditionally → error exit.
package rpc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/conditional"
	"github.com/tremplin/tremplin/internal/idempotency"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Interceptors builds the chain, outermost first: recover → log → authenticate → limit API
// keys (limiter) → authorize → validate → claim the Idempotency-Key of an idempotent create
// (keys) → answer conditionally (cond) → error exit.
func Interceptors(log *slog.Logger, auth *authn.Authenticator, limiter *authn.KeyLimiter, policies access.Policies, keys *idempotency.Keys, cond *conditional.Conditional) ([]connect.Interceptor, error) {
	validating, err := validateRequests()
	if err != nil {
		return nil, err
	}
	return []connect.Interceptor{
		recoverPanics(log),
		logCalls(log),
		authenticate(auth),
		limitKeys(limiter),
		authorize(policies),
		validating,
		keys.Interceptor(),
		cond.Interceptor(),
		errorExit(),
	}, nil
}

// errorExit is the one place a handler's errors become the API's (apierr.From): handlers
// return ent and database errors as they come, and only build the refusals of their rules.
func errorExit() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				return nil, apierr.From(err)
			}
			return res, nil
		}
	}
}

// recoverPanics turns a panicking handler into an Internal error, logged with its stack.
func recoverPanics(log *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (res connect.AnyResponse, err error) {
			defer func() {
				if r := recover(); r != nil {
					log.ErrorContext(ctx, "panic in handler", "procedure", req.Spec().Procedure,
						"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
					res, err = nil, connect.NewError(connect.CodeInternal, errors.New("Une erreur est survenue"))
				}
			}()
			return next(ctx, req)
		}
	}
}

// call is what inner interceptors tell the log line of the call: logCalls runs before
// authentication, so the caller is only known further in.
type call struct{ viewer *viewer.Viewer }

type callKey struct{}

// logCalls writes one structured line per call, and hides the text of unexpected errors
// from the caller (it may hold SQL or paths) after logging it.
func logCalls(log *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			start := time.Now()
			c := &call{}
			res, err := next(context.WithValue(ctx, callKey{}, c), req)
			attrs := []any{
				"procedure", req.Spec().Procedure,
				"protocol", req.Peer().Protocol,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
			}
			if v := c.viewer; v != nil {
				attrs = append(attrs, "role", v.Role)
				if v.UserID != uuid.Nil {
					attrs = append(attrs, "user", v.UserID)
				}
				if v.APIKeyID != uuid.Nil {
					attrs = append(attrs, "api_key", v.APIKeyID)
				}
			}
			if err == nil {
				log.InfoContext(ctx, "rpc", attrs...)
				return res, nil
			}
			if conditional.IsServed(err) {
				outcome := "kept"
				if conditional.NotModified(ctx) {
					outcome = "not-modified"
				}
				log.InfoContext(ctx, "rpc", append(attrs, "answer", outcome)...)
				return nil, err
			}
			code := connect.CodeOf(err)
			attrs = append(attrs, "code", code.String())
			if reason := apierr.ReasonOf(err); reason != "" {
				attrs = append(attrs, "reason", reason)
			}
			if code == connect.CodeInternal || code == connect.CodeUnknown {
				log.ErrorContext(ctx, "rpc", append(attrs, "error", err.Error())...)
				return nil, connect.NewError(connect.CodeInternal, errors.New("Une erreur est survenue"))
			}
			log.InfoContext(ctx, "rpc", attrs...)
			return nil, err
		}
	}
}

type accessExpiredKey struct{}

// authenticate puts the caller (session cookie or API key) in the context.
func authenticate(auth *authn.Authenticator) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			outcome, err := auth.Authenticate(ctx, req.Header())
			if err != nil {
				// A database out of reach answers Unavailable, a caller gone Canceled (apierr.From).
				return nil, apierr.From(fmt.Errorf("authenticating: %w", err))
			}
			if outcome.Viewer != nil {
				ctx = viewer.NewContext(ctx, outcome.Viewer)
				if c, ok := ctx.Value(callKey{}).(*call); ok {
					c.viewer = outcome.Viewer
				}
			}
			if outcome.User != nil {
				ctx = authn.WithUser(ctx, outcome.User)
			}
			if outcome.AccessExpired {
				ctx = context.WithValue(ctx, accessExpiredKey{}, true)
			}
			return next(ctx, req)
		}
	}
}

// limitKeys holds each API key to its rate (authn.KeyLimiter): a call over it is refused
// with ResourceExhausted and the delay to wait, before anything else is done for it. Every call
// made with a key counts, refused or not; sessions are not limited here.
func limitKeys(keys *authn.KeyLimiter) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if v := viewer.FromContext(ctx); v != nil && v.APIKeyID != uuid.Nil {
				if ok, wait := keys.Allow(v.APIKeyID); !ok {
					return nil, apierr.RateLimited(wait)
				}
			}
			return next(ctx, req)
		}
	}
}

// authorize enforces the access policy declared on the RPC, and the premium fields of its
// request (a candidate without premium may list contacts, not search them). A procedure
// without a policy is refused (the server also refuses to start with one).
func authorize(policies access.Policies) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			policy, ok := policies[req.Spec().Procedure]
			if !ok {
				return nil, apierr.Internal(fmt.Errorf("no access policy for %s", req.Spec().Procedure))
			}
			if policy.Public {
				return next(ctx, req)
			}
			v := viewer.FromContext(ctx)
			if v == nil {
				if expired, _ := ctx.Value(accessExpiredKey{}).(bool); expired {
					return nil, apierr.AccessExpired()
				}
				return nil, apierr.Unauthenticated()
			}
			if !policy.Allows(v.Role) {
				return nil, apierr.RoleNotAllowed()
			}
			if policy.PeopleOnly && v.APIKeyID != uuid.Nil {
				return nil, apierr.APIKeyNotAllowed()
			}
			if v.Role == viewer.RoleCandidate && !v.Premium {
				if policy.Premium {
					return nil, apierr.PremiumRequired()
				}
				if msg, ok := req.Any().(proto.Message); ok {
					if _, premium := access.PremiumFieldSet(msg.ProtoReflect()); premium {
						return nil, apierr.PremiumRequired()
					}
				}
			}
			return next(ctx, req)
		}
	}
}

// validateRequests applies the protovalidate rules declared in the protos to every request,
// and the rules every request meets (rules.go: no NUL in a string, enums within their values,
// dates within 1900–2200, at most resource.Max links). A refusal is InvalidArgument with the
// INVALID_FIELDS reason and the field violations as a buf.validate.Violations detail.
func validateRequests() (connect.UnaryInterceptorFunc, error) {
	validator, err := protovalidate.New()
	if err != nil {
		return nil, err
	}
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			msg, ok := req.Any().(proto.Message)
			if !ok {
				return next(ctx, req)
			}
			err := withRequestRules(msg, validator.Validate(msg))
			var verr *protovalidate.ValidationError
			switch {
			case err == nil:
				return next(ctx, req)
			case errors.As(err, &verr):
				cerr := apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_FIELDS, verr.Error())
				if detail, detailErr := connect.NewErrorDetail(verr.ToProto()); detailErr == nil {
					cerr.AddDetail(detail)
				}
				return nil, cerr
			default:
				return nil, apierr.Internal(fmt.Errorf("validating %s: %w", req.Spec().Procedure, err))
			}
		}
	}, nil
}
