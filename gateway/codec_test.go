package gateway

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/enums"
)

func codec() *specJSON { return newSpecJSON(protoregistry.GlobalTypes).(*specJSON) }

func decode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	out := map[string]any{}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return out
}

func TestEnumsAreTheSpecStrings(t *testing.T) {
	msg := &networkv1.ListContactsResponse{Contacts: []*networkv1.Contact{{
		Id: "c1", Status: commonv1.ContactStatus_CONTACT_STATUS_INCOMPLETE, Civility: commonv1.Civility_CIVILITY_FEMALE,
		Parent: &commonv1.ContactRef{Id: "p"}, IsDeletable: false,
	}, {Id: "c2"}}}
	data, err := codec().MarshalAppend(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	contacts := decode(t, data)["contacts"].([]any)
	first := contacts[0].(map[string]any)
	if first["status"] != "incomplete" || first["civility"] != "female" {
		t.Errorf("enums: %v", first)
	}
	// Zero scalars are written (legacy clients read isDeletable: false)…
	if v, ok := first["isDeletable"]; !ok || v != false {
		t.Errorf("isDeletable: %v", first)
	}
	// …unspecified enums and absent messages are left out.
	second := contacts[1].(map[string]any)
	if _, ok := second["status"]; ok {
		t.Errorf("unspecified status written: %v", second)
	}
	if _, ok := second["parent"]; ok {
		t.Errorf("absent parent written: %v", second)
	}
}

func TestSpecStringsAreRead(t *testing.T) {
	var req activityv1.CreateTaskRequest
	body := []byte(`{"subject":"thanks-after-interview","priority":"urgent","mediaType":"MEDIA_TYPE_EMAIL","contactId":"x"}`)
	if err := codec().UnmarshalField(body, &req, req.ProtoReflect().Descriptor().Fields().ByName("task")); err != nil {
		t.Fatal(err)
	}
	task := req.GetTask()
	if task.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_THANKS_AFTER_INTERVIEW || task.GetPriority() != activityv1.TaskPriority_TASK_PRIORITY_URGENT ||
		task.GetMediaType() != activityv1.MediaType_MEDIA_TYPE_EMAIL || task.GetContactId() != "x" {
		t.Errorf("got %v", task)
	}
	var filter networkv1.ListContactsRequest
	if err := codec().Unmarshal([]byte(`{"statuses":["new","engaged"]}`), &filter); err != nil {
		t.Fatal(err)
	}
	if len(filter.GetStatuses()) != 2 || filter.GetStatuses()[1] != commonv1.ContactStatus_CONTACT_STATUS_ENGAGED {
		t.Errorf("repeated enums: %v", filter.GetStatuses())
	}
	if err := codec().Unmarshal([]byte(`{"statuses":`), &filter); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("broken JSON: %v", err)
	}
}

func TestErrorBodyCarriesTheReasonAsType(t *testing.T) {
	info, _ := anypb.New(&errdetails.ErrorInfo{Reason: "PREMIUM_REQUIRED", Domain: "tremplin.fr"})
	data, err := codec().MarshalAppend(nil, &status.Status{Code: int32(connect.CodePermissionDenied), Message: "Réservé", Details: []*anypb.Any{info}})
	if err != nil {
		t.Fatal(err)
	}
	body := decode(t, data)
	if body["type"] != "PREMIUM_REQUIRED" || body["message"] != "Réservé" || body["code"] != float64(7) {
		t.Errorf("got %v", body)
	}
	if details, _ := body["details"].([]any); len(details) != 1 || details[0].(map[string]any)["reason"] != "PREMIUM_REQUIRED" {
		t.Errorf("details: %v", body["details"])
	}
	data, _ = codec().MarshalAppend(nil, &status.Status{Code: int32(connect.CodeUnimplemented), Message: "plus tard"})
	if body := decode(t, data); body["type"] != "UNIMPLEMENTED" {
		t.Errorf("without a reason: %v", body)
	}
}

// A route answering one field of a message (response_body) gets that field, spec strings and
// zero values included.
func TestOneFieldIsWrittenAlone(t *testing.T) {
	msg := &networkv1.ListContactsRequest{Statuses: []commonv1.ContactStatus{commonv1.ContactStatus_CONTACT_STATUS_NEW, commonv1.ContactStatus_CONTACT_STATUS_THANKED}}
	fields := msg.ProtoReflect().Descriptor().Fields()
	for name, want := range map[protoreflect.Name]string{"statuses": `["new","thanked"]`, "search": `""`, "tags": `[]`} {
		got, err := codec().MarshalAppendField(nil, msg, fields.ByName(name))
		if err != nil || string(got) != want {
			t.Errorf("%s: %s (%v), want %s", name, got, err, want)
		}
	}
}

// The direct encoder writes exactly what protojson (EmitDefaultValues) followed by the enum
// rewrite would: same keys, same values, including escapes, timestamps, oneofs and bytes.
func TestEncoderMatchesProtojsonWithSpecEnums(t *testing.T) {
	ts := timestamppb.New(time.Date(2026, 11, 18, 9, 30, 0, 123000000, time.UTC))
	msgs := []proto.Message{
		&networkv1.ListContactsResponse{Contacts: []*networkv1.Contact{
			{Id: "1", Rank: 2, FirstName: "Zoë \"la\" <b>&</b>", LastName: "O'NEIL\nÉ\t\u2028😀", Status: commonv1.ContactStatus_CONTACT_STATUS_THANKED,
				Civility: commonv1.Civility_CIVILITY_MALE, Parent: &commonv1.ContactRef{Id: "p", FirstName: "A"}, CreatedDate: ts,
				Tags: []*networkv1.Tag{{Id: "t", Name: "Lyon"}}, Resources: []*commonv1.Resource{{Label: "CV", Url: "https://x.fr/?a=1&b=2"}}},
			{Id: "2"},
		}},
		&networkv1.ListContactsResponse{},
		&commonv1.User{Id: "u", Role: commonv1.Role_ROLE_AGENCY_ADMIN, IsB2C: true, License: &commonv1.License{}, TrialEndDate: ts,
			Status: commonv1.UserStatus_USER_STATUS_WITHOUT_LICENSE_AFTER_TRIAL_PERIOD},
		&activityv1.UpdateAdditionalInformationResponse{Activity: &activityv1.Activity{Kind: &activityv1.Activity_Task{Task: &activityv1.Task{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_THANKS_FOR_INTRODUCTION, Deadline: ts, Priority: activityv1.TaskPriority_TASK_PRIORITY_HIGH}}}},
		&activityv1.GetDashboardResponse{CompletedInterviews: &activityv1.DashboardFigure{Value: 3}, Setting: &activityv1.DashboardSetting{NewContactHigh: 15}},
		&networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: []byte("a,b\n\xff\x00")}},
		&networkv1.ListContactsRequest{Statuses: []commonv1.ContactStatus{commonv1.ContactStatus_CONTACT_STATUS_NEW, 0}},
	}
	c := codec()
	for _, msg := range msgs {
		got, err := c.MarshalAppend(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		want, err := c.toTree(msg, c.marshal)
		if err != nil {
			t.Fatal(err)
		}
		var gotTree any
		dec := json.NewDecoder(bytes.NewReader(got))
		dec.UseNumber()
		if err := dec.Decode(&gotTree); err != nil {
			t.Fatalf("%T: invalid JSON %s: %v", msg, got, err)
		}
		if !reflect.DeepEqual(gotTree, want) {
			t.Errorf("%T:\n got %s\nwant %v", msg, got, want)
		}
	}
}

// The reference the encoder is checked against: protojson, then the enum values rewritten to
// the spec's strings in the decoded tree (what the gateway once did on every response).

// toTree marshals msg with protojson and rewrites its enum values to the spec's strings.
func (c *specJSON) toTree(msg proto.Message, opts protojson.MarshalOptions) (any, error) {
	data, err := opts.Marshal(msg)
	if err != nil {
		return nil, err
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // int64 values stay exact
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	toSpec(tree, msg.ProtoReflect().Descriptor())
	return tree, nil
}

// toSpec rewrites, in place, the enum values of a protojson tree of a message of md to the
// spec's strings; unspecified values are dropped.
func toSpec(node any, md protoreflect.MessageDescriptor) {
	obj, ok := node.(map[string]any)
	if !ok || isWellKnown(md) {
		return
	}
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		value, present := obj[f.JSONName()]
		if !present {
			continue
		}
		switch {
		case f.IsMap():
			if m, ok := value.(map[string]any); ok {
				for k, v := range m {
					if out, keep := convertOut(v, f.MapValue()); keep {
						m[k] = out
					}
				}
			}
		case f.IsList():
			if list, ok := value.([]any); ok {
				kept := list[:0]
				for _, v := range list {
					if out, keep := convertOut(v, f); keep {
						kept = append(kept, out)
					}
				}
				obj[f.JSONName()] = kept
			}
		default:
			if out, keep := convertOut(value, f); keep {
				obj[f.JSONName()] = out
			} else {
				delete(obj, f.JSONName())
			}
		}
	}
}

func convertOut(v any, f protoreflect.FieldDescriptor) (any, bool) {
	switch {
	case f.Enum() != nil && enums.HasSpec(f.Enum()):
		name, ok := v.(string)
		if !ok {
			return v, true
		}
		value := f.Enum().Values().ByName(protoreflect.Name(name))
		if value == nil {
			return v, true
		}
		spec := enums.SpecOf(f.Enum(), value.Number())
		return spec, spec != ""
	case f.Message() != nil:
		toSpec(v, f.Message())
	}
	return v, true
}
