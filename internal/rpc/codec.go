package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/tremplin/tremplin/internal/jsonin"
)

// JSONCodecs replaces Connect's JSON codec on the handlers (both of its names). Connect's
// reads with DiscardUnknown, which drops an enum word of no value as it drops an unknown
// field: "civility":"CIVILITY_ROBOT" became no civility at all. This one still tolerates
// unknown fields (older and newer clients), but reads such a word as a number of no value,
// which the validation interceptor refuses with the field's path (rules.go): a codec's error
// reaches the caller without details. A value of the wrong type is refused here, naming its
// field in the message.
func JSONCodecs() connect.HandlerOption {
	return connect.WithHandlerOptions(
		connect.WithCodec(&jsonCodec{name: "json"}),
		connect.WithCodec(&jsonCodec{name: "json; charset=utf-8"}),
	)
}

type jsonCodec struct{ name string }

func (c *jsonCodec) Name() string { return c.name }

func (c *jsonCodec) Marshal(message any) ([]byte, error) {
	return c.MarshalAppend(nil, message)
}

func (c *jsonCodec) MarshalAppend(dst []byte, message any) ([]byte, error) {
	msg, ok := message.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("%T is not a proto.Message", message)
	}
	return protojson.MarshalOptions{}.MarshalAppend(dst, msg)
}

// MarshalStable and IsBinary let Connect's GET requests (idempotent reads) use the codec.
func (c *jsonCodec) MarshalStable(message any) ([]byte, error) {
	data, err := c.Marshal(message)
	if err != nil {
		return nil, err
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return nil, err
	}
	return compact.Bytes(), nil
}

func (c *jsonCodec) IsBinary() bool { return false }

func (c *jsonCodec) Unmarshal(data []byte, message any) error {
	msg, ok := message.(proto.Message)
	if !ok {
		return fmt.Errorf("%T is not a proto.Message", message)
	}
	if len(data) == 0 {
		return errors.New("zero-length payload is not a valid JSON object")
	}
	// Almost every request has neither unknown field nor unknown word: read strictly first.
	if protojson.Unmarshal(data, msg) == nil {
		return nil
	}
	proto.Reset(msg)
	normalized, violations, err := jsonin.Read(data, msg.ProtoReflect().Descriptor(), nil, jsonin.Options{MarkUnknown: true})
	switch {
	case err != nil:
		return fmt.Errorf("le corps de la requête n'est pas du JSON valide: %w", err)
	case len(violations) > 0:
		said := make([]string, 0, len(violations))
		for _, v := range violations {
			if path := protovalidate.FieldPathString(v.GetField()); path != "" {
				said = append(said, path+" : "+v.GetMessage())
			} else {
				said = append(said, v.GetMessage())
			}
		}
		return errors.New(strings.Join(said, " ; "))
	}
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(normalized, msg)
}
