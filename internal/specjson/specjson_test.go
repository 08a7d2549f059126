package specjson

import (
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// Timestamps are written as protojson writes them — the same text for every precision, the
// edges of the range, and protojson's refusal outside it.
func TestTimestampsAreWrittenAsProtojsonWritesThem(t *testing.T) {
	for _, ts := range []*timestamppb.Timestamp{
		{Seconds: 1795000000},
		{Seconds: 1795000000, Nanos: 120_000_000},
		{Seconds: 1795000000, Nanos: 123_456_000},
		{Seconds: 1795000000, Nanos: 123_456_789},
		{Seconds: 1795000000, Nanos: 1},
		{Seconds: 0},
		{Seconds: -1, Nanos: 999_999_999},
		{Seconds: -62135596800},
		{Seconds: 253402300799, Nanos: 999_999_999},
	} {
		want, err := protojson.Marshal(ts)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := AppendTimestamp(nil, ts)
		if !ok || string(got) != string(want) {
			t.Errorf("%v: got %s (%v), want %s", ts, got, ok, want)
		}
	}
	for _, ts := range []*timestamppb.Timestamp{{Seconds: -62135596801}, {Seconds: 253402300800}, {Nanos: -1}, {Nanos: 1e9}} {
		if _, err := protojson.Marshal(ts); err == nil {
			t.Fatalf("protojson accepts %v", ts)
		}
		if _, ok := AppendTimestamp(nil, ts); ok {
			t.Errorf("%v written, protojson refuses it", ts)
		}
	}
}
