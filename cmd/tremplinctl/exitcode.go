package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// Exit codes, by error class: a script tells a refusal to retry from one to fix.
const (
	exitOK          = 0
	exitOther       = 1 // internal, unknown, unimplemented, canceled, an answer that cannot be written
	exitUsage       = 2 // a command, flag or --json the CLI cannot read
	exitDenied      = 3 // unauthenticated, permission denied
	exitNotFound    = 4 // not found
	exitInvalid     = 5 // invalid argument, failed precondition, out of range, already exists
	exitUnavailable = 6 // unavailable, resource exhausted, deadline exceeded, aborted: try again later
)

// exitCodesHelp is the table `tremplinctl --help` and the README show.
const exitCodesHelp = `Exit codes:
  0  success
  1  other error (internal, unknown, unimplemented, canceled)
  2  usage: unknown command or flag, unreadable flag value or --json
  3  unauthenticated or permission denied
  4  not found
  5  invalid argument, failed precondition, out of range, already exists
  6  unavailable, resource exhausted (rate limit), deadline exceeded, aborted: retry later`

// usageError is a command line the CLI cannot read.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// failure is an error of the CLI itself after the command line was read (writing the answer).
type failure struct{ err error }

func (e failure) Error() string { return e.err.Error() }
func (e failure) Unwrap() error { return e.err }

func exitCodeOf(err error) int {
	var cerr *connect.Error
	var fail failure
	switch {
	case errors.As(err, &cerr):
		return exitCodeOfCode(cerr.Code())
	case errors.As(err, &fail):
		return exitOther
	}
	// usageError, and what cobra answers for a command line it cannot read (unknown command
	// or flag, missing argument).
	return exitUsage
}

func exitCodeOfCode(code connect.Code) int {
	switch code {
	case connect.CodeUnauthenticated, connect.CodePermissionDenied:
		return exitDenied
	case connect.CodeNotFound:
		return exitNotFound
	case connect.CodeInvalidArgument, connect.CodeFailedPrecondition, connect.CodeOutOfRange, connect.CodeAlreadyExists:
		return exitInvalid
	case connect.CodeUnavailable, connect.CodeResourceExhausted, connect.CodeDeadlineExceeded, connect.CodeAborted:
		return exitUnavailable
	}
	return exitOther
}

// report writes err for a person: the code and message, then the machine reason, the fields
// refused and the delay to wait, from the error's details.
func report(w io.Writer, err error) {
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		_, _ = fmt.Fprintf(w, "tremplinctl: %v\n", err)
		if exitCodeOf(err) == exitUsage {
			_, _ = fmt.Fprintln(w, "Run 'tremplinctl --help' for usage.")
		}
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tremplinctl: %s: %s\n", cerr.Code(), cerr.Message())
	for _, d := range cerr.Details() {
		value, derr := d.Value()
		if derr != nil {
			continue
		}
		switch v := value.(type) {
		case *errdetails.ErrorInfo:
			fmt.Fprintf(&b, "  reason: %s\n", v.GetReason())
		case *validate.Violations:
			for _, one := range v.GetViolations() {
				var path []string
				for _, el := range one.GetField().GetElements() {
					step := el.GetFieldName()
					if _, indexed := el.GetSubscript().(*validate.FieldPathElement_Index); indexed {
						step += fmt.Sprintf("[%d]", el.GetIndex())
					}
					path = append(path, step)
				}
				field := strings.Join(path, ".")
				if field == "" {
					field = one.GetRuleId()
				}
				fmt.Fprintf(&b, "  %s: %s\n", field, one.GetMessage())
			}
		case *errdetails.RetryInfo:
			fmt.Fprintf(&b, "  retry after: %s\n", v.GetRetryDelay().AsDuration())
		}
	}
	_, _ = io.WriteString(w, b.String())
}
