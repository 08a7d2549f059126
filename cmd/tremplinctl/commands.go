package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/cobra"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	optionsv1 "github.com/tremplin/tremplin/gen/tremplin/options/v1"
	"github.com/tremplin/tremplin/internal/protosource"
)

// servicesOf answers the services the CLI offers: every API service compiled into it.
func servicesOf() []protoreflect.ServiceDescriptor { return protosource.Services() }

// globals are the flags every call takes.
type globals struct {
	server   string
	apiKey   string
	headers  []string
	output   string
	columns  []string
	protocol string
	timeout  time.Duration
}

// Names of the global flags and of the request's --json: a request field of the same name is
// offered as --field-<name> instead.
var reservedFlags = []string{"server", "api-key", "header", "output", "columns", "protocol", "timeout", "json", "help"}

const defaultServer = "http://localhost:8080"

func newRoot(e env, services []protoreflect.ServiceDescriptor) *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:   "tremplinctl",
		Short: "Call Tremplin's API: one command per RPC, derived from the protos",
		Long: `tremplinctl calls Tremplin's API from a terminal. Every RPC of every service is a
command, 'tremplinctl <service> <rpc>', derived from the protos compiled into it: its flags are
the request's scalar fields (text, numbers, booleans, enums by their names, repeated fields by
repeating the flag), nested messages go through --json (the request as protojson), and its help
is the protos' comments.

Authentication: --api-key (or TREMPLIN_API_KEY) is sent as 'Authorization: Bearer <key>';
-H/--header adds any header ('Cookie: tremplin_session=…' for a browser session).

` + exitCodesHelp,
		Example: `  tremplinctl agency list-agencies -o table
  tremplinctl agency create-candidate --id 6f1c… --email lea@exemple.fr --first-name Léa
  tremplinctl network create-contact --json '{"contact": {"lastName": "Martin"}}'
  tremplinctl completion bash > /etc/bash_completion.d/tremplinctl`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	flags := root.PersistentFlags()
	serverDefault := defaultServer
	if s := e.getenv("TREMPLIN_SERVER"); s != "" {
		serverDefault = s
	}
	flags.StringVar(&g.server, "server", serverDefault, "the server's base URL, http:// or https:// (env TREMPLIN_SERVER)")
	flags.StringVar(&g.apiKey, "api-key", "", "API key, sent as 'Authorization: Bearer <key>' (env TREMPLIN_API_KEY)")
	flags.StringArrayVarP(&g.headers, "header", "H", nil, "a header to send, 'Name: value' (repeatable)")
	flags.StringVarP(&g.output, "output", "o", "json", "answer as json or table (a list's rows, or a message's fields)")
	flags.StringSliceVar(&g.columns, "columns", nil, "with -o table: the columns, by JSON name (dotted for nested fields: agency.name)")
	flags.StringVar(&g.protocol, "protocol", "connect", "connect, grpc or grpcweb")
	flags.DurationVar(&g.timeout, "timeout", 30*time.Second, "give up after this long")
	_ = root.RegisterFlagCompletionFunc("output", fixed("json", "table"))
	_ = root.RegisterFlagCompletionFunc("protocol", fixed("connect", "grpc", "grpcweb"))

	for _, s := range services {
		root.AddCommand(serviceCommand(e, g, s))
	}
	return root
}

// serviceCommand groups the RPCs of a service.
func serviceCommand(e env, g *globals, s protoreflect.ServiceDescriptor) *cobra.Command {
	comment := protosource.Comment(s)
	cmd := &cobra.Command{
		Use:         commandName(strings.TrimSuffix(string(s.Name()), "Service")),
		Short:       protosource.Summary(comment),
		Long:        comment,
		Annotations: map[string]string{annotationService: string(s.FullName())},
		Args:        noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	for i := range s.Methods().Len() {
		m := s.Methods().Get(i)
		if m.IsStreamingClient() || m.IsStreamingServer() {
			continue // the API has none (internal/access refuses them)
		}
		cmd.AddCommand(methodCommand(e, g, m))
	}
	return cmd
}

const (
	annotationService = "tremplin/service"
	annotationMethod  = "tremplin/method"
)

// methodCommand is one RPC: its request's scalar fields as flags, --json for the whole request.
func methodCommand(e env, g *globals, m protoreflect.MethodDescriptor) *cobra.Command {
	comment := protosource.Comment(m)
	req := &requestFlags{method: m}
	cmd := &cobra.Command{
		Use:         commandName(string(m.Name())),
		Short:       protosource.Summary(comment),
		Long:        methodHelp(m, comment),
		Annotations: map[string]string{annotationMethod: string(m.FullName())},
		Args:        noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			msg, err := req.build(e.stdin)
			if err != nil {
				return err
			}
			return call(cmd.Context(), e, g, m, msg)
		},
	}
	req.register(cmd)
	return cmd
}

// methodHelp is the RPC's comment, then what the flags cannot say: its JSON route and who may
// call it.
func methodHelp(m protoreflect.MethodDescriptor, comment string) string {
	var b strings.Builder
	b.WriteString(comment)
	if b.Len() > 0 {
		b.WriteString("\n\n")
	}
	fmt.Fprintf(&b, "RPC: /%s/%s (request %s, answer %s).\n", m.Parent().FullName(), m.Name(), m.Input().FullName(), m.Output().FullName())
	if policy, ok := proto.GetExtension(m.Options(), optionsv1.E_Access).(*optionsv1.AccessPolicy); ok && policy != nil {
		switch {
		case policy.GetPublic():
			b.WriteString("Access: public.\n")
		default:
			access := "Access: " + strings.Join(policy.GetRoles(), ", ")
			if policy.GetPremium() {
				access += " (premium)"
			}
			b.WriteString(access + ".\n")
		}
	}
	if rule, ok := proto.GetExtension(m.Options(), annotations.E_Http).(*annotations.HttpRule); ok && rule != nil {
		for _, r := range append([]*annotations.HttpRule{rule}, rule.GetAdditionalBindings()...) {
			if verb, path := verbAndPath(r); path != "" {
				fmt.Fprintf(&b, "JSON route: %s %s\n", verb, path)
			}
		}
	}
	if opts, ok := m.Options().(*descriptorpb.MethodOptions); ok && opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS {
		b.WriteString("A read: it changes nothing.\n")
	}
	b.WriteString("Fields the flags do not cover (nested messages, maps) go through --json.")
	return b.String()
}

func verbAndPath(r *annotations.HttpRule) (string, string) {
	switch {
	case r.GetGet() != "":
		return "GET", r.GetGet()
	case r.GetPost() != "":
		return "POST", r.GetPost()
	case r.GetPut() != "":
		return "PUT", r.GetPut()
	case r.GetPatch() != "":
		return "PATCH", r.GetPatch()
	case r.GetDelete() != "":
		return "DELETE", r.GetDelete()
	}
	return "", ""
}

// commandName spells a proto name in kebab case: CreateCandidate → create-candidate,
// DefineAsB2C → define-as-b2c, ListApiKeys → list-api-keys.
func commandName(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) && i > 0 {
			prev := runes[i-1]
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if unicode.IsLower(prev) || (unicode.IsUpper(prev) && nextLower) {
				b.WriteByte('-')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// flagName is a field's flag: first_name → first-name; a name the CLI uses itself gets a
// field- prefix.
func flagName(f protoreflect.FieldDescriptor) string {
	name := strings.ReplaceAll(string(f.Name()), "_", "-")
	if slices.Contains(reservedFlags, name) {
		return "field-" + name
	}
	return name
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.HasSubCommands() {
			return usagef("unknown command %q for %q", args[0], cmd.CommandPath())
		}
		return usagef("%q takes no arguments, only flags (got %q)", cmd.CommandPath(), args[0])
	}
	return nil
}

func fixed(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}
