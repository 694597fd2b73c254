package pluginapi

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

func sampleRequest() *RequestFrame {
	return &RequestFrame{Head: &RequestHead{
		Method: "POST", Path: "/api/hello/items/x", RawQuery: "q=1&q=2",
		Header: map[string][]string{"Accept": {"application/json"}, "X-Many": {"a", "b", ""}},
		Host:   "its.example.com", RemoteAddr: "10.0.0.1:5000", RequestID: "r1",
		Route: "POST /api/hello/items/{item}", Params: map[string]string{"item": "x"}, Action: "hello.items.post",
		User: &User{ID: "u1", Name: "Ana", LastName: "Silva", FullName: "Ana Silva", Email: "ana@example.com", UserCode: "AS",
			DepartmentAccess: []string{"footwear", "apparel"},
			Permissions: []Permission{{Domain: "widgets", Role: "editor", Channel: "retail", Region: "EU", ProductType: "FTW"},
				{Domain: "catalog", Role: "viewer"}},
			Flags: []string{"events.domestic"}, Country: "BR", Language: "pt-BR"},
	}, Body: []byte("{\"text\":\"ü\"}\x00\xff"), EOF: true}
}

func sampleResponse() *ResponseFrame {
	return &ResponseFrame{Head: &ResponseHead{Status: 201, Header: map[string][]string{"Content-Type": {"application/x-ndjson"}, "Set": {"1", "2"}}},
		Body: []byte("{\"row\":1}\n"), EOF: true}
}

// The frames read back as written, through the codec gRPC uses.
func TestFrameRoundTrip(t *testing.T) {
	c := frameCodec{}
	for _, in := range []any{sampleRequest(), &RequestFrame{}, &RequestFrame{Body: []byte("chunk")}, &RequestFrame{Head: &RequestHead{Method: "GET"}},
		sampleResponse(), &ResponseFrame{}, &ResponseFrame{Head: &ResponseHead{Status: 500}}, &ResponseFrame{Body: bytes.Repeat([]byte("x"), ChunkSize)}} {
		b, err := c.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		out := reflect.New(reflect.TypeOf(in).Elem()).Interface()
		if err := c.Unmarshal(b, out); err != nil {
			t.Fatalf("%#v: %v", in, err)
		}
		if !reflect.DeepEqual(in, out) {
			t.Fatalf("read back\n%#v\nwrote\n%#v", out, in)
		}
	}
	if _, err := c.Marshal(&Description{}); err == nil {
		t.Fatal("the frame codec wrote a message that is not a frame")
	}
}

// A reader skips the fields a later version may add, and refuses cut or oversized frames.
func TestFrameUnknownAndMalformed(t *testing.T) {
	b := AppendRequestFrame(nil, sampleRequest())
	extra := protowire.AppendTag(nil, 99, protowire.BytesType)
	extra = protowire.AppendString(extra, "later")
	extra = protowire.AppendTag(extra, 98, protowire.Fixed64Type)
	extra = protowire.AppendFixed64(extra, 7)
	var f RequestFrame
	if err := ParseRequestFrame(append(append([]byte{}, extra...), b...), &f); err != nil || !reflect.DeepEqual(&f, sampleRequest()) {
		t.Fatalf("unknown fields: %v %#v", err, f)
	}
	if err := ParseRequestFrame(b[:len(b)-3], &f); err == nil {
		t.Fatal("a cut frame was read")
	}
	big := AppendRequestFrame(nil, &RequestFrame{Body: []byte(strings.Repeat("x", MaxFrame))})
	if err := ParseRequestFrame(big, &f); err == nil {
		t.Fatal("a frame above MaxFrame was read")
	}
}

// FuzzFrames: whatever the bytes, reading a frame never panics, and a frame that reads writes
// back to bytes that read to the same frame.
func FuzzFrames(f *testing.F) {
	f.Add(AppendRequestFrame(nil, sampleRequest()))
	f.Add(AppendResponseFrame(nil, sampleResponse()))
	f.Add([]byte{0x0a, 0x80})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var req RequestFrame
		if ParseRequestFrame(b, &req) == nil {
			var again RequestFrame
			if err := ParseRequestFrame(AppendRequestFrame(nil, &req), &again); err != nil || !sameRequest(&req, &again) {
				t.Fatalf("request did not read back: %v\n%#v\n%#v", err, req, again)
			}
		}
		var resp ResponseFrame
		if ParseResponseFrame(b, &resp) == nil {
			var again ResponseFrame
			if err := ParseResponseFrame(AppendResponseFrame(nil, &resp), &again); err != nil || !reflect.DeepEqual(norm(resp.Body), norm(again.Body)) || resp.EOF != again.EOF {
				t.Fatalf("response did not read back: %v\n%#v\n%#v", err, resp, again)
			}
		}
	})
}

func norm(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// sameRequest compares what the wire carries (an empty body and no body are the same).
func sameRequest(a, b *RequestFrame) bool {
	if !bytes.Equal(a.Body, b.Body) || a.EOF != b.EOF || (a.Head == nil) != (b.Head == nil) {
		return false
	}
	return a.Head == nil || reflect.DeepEqual(a.Head, b.Head)
}
