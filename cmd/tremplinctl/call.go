package main

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	// The details of refusals, for report to read them.
	_ "buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	_ "google.golang.org/genproto/googleapis/rpc/errdetails"
)

// call sends the request to the server with connect-go's client on dynamic messages, and
// writes the answer.
func call(ctx context.Context, e env, g *globals, m protoreflect.MethodDescriptor, msg *dynamicpb.Message) error {
	base, err := url.Parse(strings.TrimRight(g.server, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return usagef("--server %q: want an http:// or https:// URL", g.server)
	}
	out, err := layoutOf(g, m.Output())
	if err != nil {
		return err
	}
	headers := http.Header{}
	for _, h := range g.headers {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return usagef("--header %q: want 'Name: value'", h)
		}
		headers.Add(name, strings.TrimSpace(value))
	}
	key := g.apiKey
	if key == "" {
		key = e.getenv("TREMPLIN_API_KEY")
	}
	if key != "" {
		headers.Set("Authorization", "Bearer "+key)
	}

	options := []connect.ClientOption{
		connect.WithSchema(m),
		connect.WithResponseInitializer(func(_ connect.Spec, out any) error {
			*out.(*dynamicpb.Message) = *dynamicpb.NewMessage(m.Output())
			return nil
		}),
	}
	if opts, ok := m.Options().(*descriptorpb.MethodOptions); ok && opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
		options = append(options, connect.WithIdempotency(connect.IdempotencyNoSideEffects))
	}
	httpClient := &http.Client{}
	switch g.protocol {
	case "connect":
	case "grpc":
		options = append(options, connect.WithGRPC())
		if base.Scheme == "http" {
			// gRPC needs HTTP/2: without TLS, h2c (as the server speaks it).
			protocols := new(http.Protocols)
			protocols.SetUnencryptedHTTP2(true)
			httpClient.Transport = &http.Transport{Protocols: protocols}
		}
	case "grpcweb":
		options = append(options, connect.WithGRPCWeb())
	default:
		return usagef("--protocol %q: want connect, grpc or grpcweb", g.protocol)
	}
	procedure := "/" + string(m.Parent().FullName()) + "/" + string(m.Name())
	client := connect.NewClient[dynamicpb.Message, dynamicpb.Message](httpClient, base.String()+procedure, options...)

	ctx, cancel := context.WithTimeout(ctx, g.timeout)
	defer cancel()
	req := connect.NewRequest(msg)
	for name, values := range headers {
		for _, v := range values {
			req.Header().Add(name, v)
		}
	}
	req.Header().Set("User-Agent", "tremplinctl")
	res, err := client.CallUnary(ctx, req)
	if err != nil {
		return err
	}
	if err := write(e.stdout, out, res.Msg); err != nil {
		return failure{err}
	}
	return nil
}
