// Package idempotency makes the creates a partner may retry safe to retry: an RPC declaring
// (tremplin.options.v1.idempotent_create) takes an Idempotency-Key (an HTTP header on Connect
// and the JSON routes, the same name as gRPC metadata). The interceptor claims the key in the
// database — a unique (caller, key) row inserted before the handler runs — so that:
//
//   - the same key with the same request answers the first answer, without running again
//     (with the response header Idempotent-Replayed: true);
//   - the same key with another request (another body, or another RPC) is refused:
//     InvalidArgument / IDEMPOTENCY_KEY_REUSED;
//   - duplicates sent together run once: the others wait for the first to finish (up to
//     Wait) and answer its answer, or Aborted / IDEMPOTENCY_KEY_IN_PROGRESS (HTTP 409);
//   - keys are the caller's (a user, or an API key): another caller's same key is another row;
//   - a request that fails releases its key, so a retry runs again (only answers are kept);
//   - keys are kept TTL (24 hours), then swept (Sweep, run by the background jobs) or
//     replaced when claimed again.
//
// It runs after validation (an invalid request claims nothing) and outside the error exit
// (it sees the API's errors). Requests are compared by the SHA-256 of their deterministic
// protobuf encoding, so the same body sent as JSON with its keys in another order is the same
// request.
package idempotency

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/idempotencykey"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Header is the request header (gRPC metadata) carrying the key.
const Header = "Idempotency-Key"

// ReplayedHeader is set on an answer given again for a key.
const ReplayedHeader = "Idempotent-Replayed"

// TTL is how long a key is kept.
const TTL = 24 * time.Hour

// Wait bounds how long a duplicate waits for the first request of its key to finish.
const Wait = 10 * time.Second

// MaxKeyLength bounds a key (Stripe's limit).
const MaxKeyLength = 255

// Answer tells the interceptor how to give back a kept answer of type T: Connect needs the
// answer's static type, which the descriptors alone cannot make. New refuses to start without
// one for every idempotent RPC's output.
func Answer[T any, PT interface {
	*T
	proto.Message
}]() Replayer {
	var zero PT = new(T)
	return Replayer{
		name: zero.ProtoReflect().Descriptor().FullName(),
		answer: func(data []byte) (connect.AnyResponse, error) {
			msg := PT(new(T))
			if err := proto.Unmarshal(data, msg); err != nil {
				return nil, err
			}
			return connect.NewResponse((*T)(msg)), nil
		},
	}
}

// Replayer answers a kept answer of one message type.
type Replayer struct {
	name   protoreflect.FullName
	answer func([]byte) (connect.AnyResponse, error)
}

// Keys is the interceptor and its store.
type Keys struct {
	client *ent.Client
	clock  clock.Clock
	// answers by procedure, for the idempotent RPCs only.
	answers map[string]func([]byte) (connect.AnyResponse, error)
}

// New finds the idempotent RPCs of services (their option) and checks each has a Replayer.
func New(client *ent.Client, c clock.Clock, services []protoreflect.ServiceDescriptor, replayers ...Replayer) (*Keys, error) {
	byName := make(map[protoreflect.FullName]func([]byte) (connect.AnyResponse, error), len(replayers))
	for _, r := range replayers {
		byName[r.name] = r.answer
	}
	k := &Keys{client: client, clock: c, answers: map[string]func([]byte) (connect.AnyResponse, error){}}
	var missing []string
	for _, s := range services {
		methods := s.Methods()
		for i := range methods.Len() {
			m := methods.Get(i)
			if !Declared(m) {
				continue
			}
			answer, ok := byName[m.Output().FullName()]
			if !ok {
				missing = append(missing, string(m.Output().FullName()))
				continue
			}
			k.answers["/"+string(s.FullName())+"/"+string(m.Name())] = answer
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("idempotent creates without an idempotency.Answer: %s", strings.Join(missing, ", "))
	}
	return k, nil
}

// Declared reports whether m declares (tremplin.options.v1.idempotent_create).
func Declared(m protoreflect.MethodDescriptor) bool {
	opts := m.Options()
	return opts != nil && proto.GetExtension(opts, optionsv1.E_IdempotentCreate).(bool)
}

// Procedures lists the idempotent procedures ("/pkg.Service/Method").
func (k *Keys) Procedures() []string {
	out := make([]string, 0, len(k.answers))
	for p := range k.answers {
		out = append(out, p)
	}
	return out
}

// Interceptor claims the keys of the idempotent RPCs (see the package comment).
func (k *Keys) Interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			answer, ok := k.answers[req.Spec().Procedure]
			if !ok {
				return next(ctx, req)
			}
			key, sent := keyOf(req)
			if !sent {
				return next(ctx, req)
			}
			if err := checkKey(key); err != nil {
				return nil, err
			}
			scope := scopeOf(viewer.FromContext(ctx))
			if scope == "" {
				return next(ctx, req) // an anonymous call: refused further in
			}
			msg, ok := req.Any().(proto.Message)
			if !ok {
				return next(ctx, req)
			}
			hash, err := hashOf(req.Spec().Procedure, msg)
			if err != nil {
				return nil, err
			}
			return k.once(ctx, req, next, answer, scope, key, hash)
		}
	}
}

// once runs the request for the first holder of the key, and answers the others.
func (k *Keys) once(ctx context.Context, req connect.AnyRequest, next connect.UnaryFunc,
	answer func([]byte) (connect.AnyResponse, error), scope, key string, hash []byte) (connect.AnyResponse, error) {
	// The keys are nobody's rows: only server code reads them.
	sys := viewer.SystemContext(context.WithoutCancel(ctx))
	deadline := time.Now().Add(Wait)
	for {
		claimed, row, err := k.claim(sys, scope, key, hash, req.Spec().Procedure)
		if err != nil {
			return nil, err
		}
		if claimed {
			return k.run(ctx, sys, req, next, row)
		}
		if string(row.RequestHash) != string(hash) {
			return nil, apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_IDEMPOTENCY_KEY_REUSED,
				"Cette clé d'idempotence ("+Header+") a déjà servi pour une autre requête : une clé ne nomme qu'une requête")
		}
		// A NULL column scans as a pointer to no bytes; every create answers what it made, so
		// a kept answer is never empty.
		if row.Response != nil && len(*row.Response) > 0 {
			res, err := answer(*row.Response)
			if err != nil {
				return nil, fmt.Errorf("reading the kept answer of an idempotency key: %w", err)
			}
			res.Header().Set(ReplayedHeader, "true")
			return res, nil
		}
		// The first request is running: wait for its answer (or for it to fail and release
		// the key, which the next claim then takes).
		if time.Now().After(deadline) {
			return nil, apierr.New(connect.CodeAborted, commonv1.ErrorReason_ERROR_REASON_IDEMPOTENCY_KEY_IN_PROGRESS,
				"La première requête avec cette clé d'idempotence est en cours : réessayez dans un instant")
		}
		select {
		case <-ctx.Done():
			return nil, connect.NewError(connect.CodeCanceled, ctx.Err())
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// claim inserts the key's row, or answers the row holding it (after replacing an expired
// one).
func (k *Keys) claim(ctx context.Context, scope, key string, hash []byte, procedure string) (bool, *ent.IdempotencyKey, error) {
	for range 3 {
		now := k.clock.Now()
		row, err := k.client.IdempotencyKey.Create().
			SetScope(scope).SetKey(key).SetRequestHash(hash).SetProcedure(procedure).
			SetCreatedAt(now).SetExpiresAt(now.Add(TTL)).
			Save(ctx)
		if err == nil {
			return true, row, nil
		}
		if !ent.IsConstraintError(err) {
			return false, nil, fmt.Errorf("claiming an idempotency key: %w", err)
		}
		held, err := k.client.IdempotencyKey.Query().
			Where(idempotencykey.Scope(scope), idempotencykey.Key(key)).Only(ctx)
		if ent.IsNotFound(err) {
			continue // released meanwhile: claim again
		}
		if err != nil {
			return false, nil, fmt.Errorf("reading an idempotency key: %w", err)
		}
		if held.ExpiresAt.After(now) {
			return false, held, nil
		}
		if _, err := k.client.IdempotencyKey.Delete().
			Where(idempotencykey.ID(held.ID), idempotencykey.ExpiresAtLTE(now)).Exec(ctx); err != nil {
			return false, nil, fmt.Errorf("replacing an expired idempotency key: %w", err)
		}
	}
	return false, nil, errors.New("claiming an idempotency key: it keeps changing hands")
}

// run runs the request as the key's holder: keeps its answer, or releases the key on an error.
func (k *Keys) run(ctx, sys context.Context, req connect.AnyRequest, next connect.UnaryFunc, row *ent.IdempotencyKey) (connect.AnyResponse, error) {
	released := false
	release := func() {
		if !released {
			released = true
			_ = k.client.IdempotencyKey.DeleteOneID(row.ID).Exec(sys)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			release()
			panic(r)
		}
	}()
	res, err := next(ctx, req)
	if err != nil {
		release()
		return nil, err
	}
	msg, ok := res.Any().(proto.Message)
	if !ok {
		release()
		return res, nil
	}
	data, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err == nil {
		err = k.client.IdempotencyKey.UpdateOneID(row.ID).SetResponse(data).Exec(sys)
	}
	if err != nil {
		// The create is done; a retry would wait for an answer that never comes, so the key
		// is released rather than left running.
		release()
		return nil, fmt.Errorf("keeping the answer of an idempotency key: %w", err)
	}
	return res, nil
}

// Sweep deletes the keys expired at now, and answers how many.
func Sweep(ctx context.Context, client *ent.Client, now time.Time) (int, error) {
	return client.IdempotencyKey.Delete().Where(idempotencykey.ExpiresAtLTE(now)).Exec(viewer.SystemContext(ctx))
}

func keyOf(req connect.AnyRequest) (string, bool) {
	values := req.Header().Values(Header)
	if len(values) == 0 {
		return "", false
	}
	return values[0], true
}

func checkKey(key string) error {
	if key == "" || len(key) > MaxKeyLength {
		return invalidKey()
	}
	for i := range len(key) {
		if key[i] < 0x20 || key[i] > 0x7e {
			return invalidKey()
		}
	}
	return nil
}

func invalidKey() error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_IDEMPOTENCY_KEY,
		fmt.Sprintf("La clé d'idempotence (%s) doit compter de 1 à %d caractères ASCII imprimables", Header, MaxKeyLength))
}

// scopeOf names whose keys a caller's are: an API key's own (a key and the admin who made it
// are two callers), else the user's.
func scopeOf(v *viewer.Viewer) string {
	switch {
	case v == nil:
		return ""
	case v.APIKeyID != [16]byte{}:
		return "api-key:" + v.APIKeyID.String()
	case v.UserID != [16]byte{}:
		return "user:" + v.UserID.String()
	}
	return ""
}

func hashOf(procedure string, msg proto.Message) ([]byte, error) {
	data, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("hashing a request: %w", err)
	}
	h := sha256.New()
	h.Write([]byte(procedure))
	h.Write([]byte{0})
	h.Write(data)
	return h.Sum(nil), nil
}
