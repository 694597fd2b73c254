package pluginapi

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
)

// FrameCodecName is the gRPC content subtype of the Serve stream: its frames travel in the
// protobuf wire format, written and read by hand below (no generated code, no reflection).
// JSON cost a small request more time than anything else in the plugin (reading the head with
// its user and permissions) and carried bodies as base64; this format reads in one pass and
// carries body bytes as they are.
//
// The messages, as a .proto would declare them:
//
//	message RequestFrame  { RequestHead head = 1; bytes body = 2; bool eof = 3; }
//	message RequestHead   { string method = 1; string path = 2; string raw_query = 3;
//	                        repeated Field header = 4; string host = 5; string remote_addr = 6;
//	                        string request_id = 7; string route = 8; repeated Field params = 9;
//	                        string action = 10; User user = 11; }
//	message ResponseFrame { ResponseHead head = 1; bytes body = 2; bool eof = 3; }
//	message ResponseHead  { int64 status = 1; repeated Field header = 2; }
//	message Field         { string name = 1; string value = 2; } // one per header value, in order
//	message User          { string id = 1; string name = 2; string last_name = 3;
//	                        string full_name = 4; string email = 5; string user_code = 6;
//	                        repeated string department_access = 7;
//	                        repeated Permission permissions = 8; repeated string flags = 9;
//	                        string country = 10; string language = 11; }
//	message Permission    { string domain = 1; string role = 2; string channel = 3;
//	                        string region = 4; string product_type = 5; }
//
// A reader skips fields it does not know, so a later version may add fields.
const FrameCodecName = "itsframe"

// MaxFrame is the largest frame either side reads: a chunk of body and a head whose headers the
// core's HTTP server already limited.
const MaxFrame = ChunkSize + 4<<20

type frameCodec struct{}

func (frameCodec) Name() string { return FrameCodecName }

func (frameCodec) Marshal(v any) ([]byte, error) {
	switch f := v.(type) {
	case *RequestFrame:
		return AppendRequestFrame(nil, f), nil
	case *ResponseFrame:
		return AppendResponseFrame(nil, f), nil
	}
	return nil, fmt.Errorf("pluginapi: the frame codec cannot write %T", v)
}

func (frameCodec) Unmarshal(data []byte, v any) error {
	switch f := v.(type) {
	case *RequestFrame:
		return ParseRequestFrame(data, f)
	case *ResponseFrame:
		return ParseResponseFrame(data, f)
	}
	return fmt.Errorf("pluginapi: the frame codec cannot read %T", v)
}

// AppendRequestFrame appends f in the wire format to b.
func AppendRequestFrame(b []byte, f *RequestFrame) []byte {
	if f.Head != nil {
		b = appendMessage(b, 1, func(b []byte) []byte { return appendRequestHead(b, f.Head) })
	}
	b = appendBytes(b, 2, f.Body)
	return appendBool(b, 3, f.EOF)
}

// AppendResponseFrame appends f in the wire format to b.
func AppendResponseFrame(b []byte, f *ResponseFrame) []byte {
	if h := f.Head; h != nil {
		b = appendMessage(b, 1, func(b []byte) []byte {
			b = protowire.AppendTag(b, 1, protowire.VarintType)
			b = protowire.AppendVarint(b, uint64(int64(h.Status)))
			return appendHeader(b, 2, h.Header)
		})
	}
	b = appendBytes(b, 2, f.Body)
	return appendBool(b, 3, f.EOF)
}

func appendRequestHead(b []byte, h *RequestHead) []byte {
	b = appendString(b, 1, h.Method)
	b = appendString(b, 2, h.Path)
	b = appendString(b, 3, h.RawQuery)
	b = appendHeader(b, 4, h.Header)
	b = appendString(b, 5, h.Host)
	b = appendString(b, 6, h.RemoteAddr)
	b = appendString(b, 7, h.RequestID)
	b = appendString(b, 8, h.Route)
	for k, v := range h.Params {
		b = appendField(b, 9, k, v)
	}
	b = appendString(b, 10, h.Action)
	if u := h.User; u != nil {
		b = appendMessage(b, 11, func(b []byte) []byte { return appendUser(b, u) })
	}
	return b
}

func appendUser(b []byte, u *User) []byte {
	b = appendString(b, 1, u.ID)
	b = appendString(b, 2, u.Name)
	b = appendString(b, 3, u.LastName)
	b = appendString(b, 4, u.FullName)
	b = appendString(b, 5, u.Email)
	b = appendString(b, 6, u.UserCode)
	for _, d := range u.DepartmentAccess {
		b = protowire.AppendTag(b, 7, protowire.BytesType)
		b = protowire.AppendString(b, d)
	}
	for i := range u.Permissions {
		p := &u.Permissions[i]
		b = appendMessage(b, 8, func(b []byte) []byte {
			b = appendString(b, 1, p.Domain)
			b = appendString(b, 2, p.Role)
			b = appendString(b, 3, p.Channel)
			b = appendString(b, 4, p.Region)
			return appendString(b, 5, p.ProductType)
		})
	}
	for _, f := range u.Flags {
		b = protowire.AppendTag(b, 9, protowire.BytesType)
		b = protowire.AppendString(b, f)
	}
	b = appendString(b, 10, u.Country)
	return appendString(b, 11, u.Language)
}

func appendHeader(b []byte, num protowire.Number, h map[string][]string) []byte {
	for k, vs := range h {
		for _, v := range vs {
			b = appendField(b, num, k, v)
		}
	}
	return b
}

func appendField(b []byte, num protowire.Number, name, value string) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(protowire.SizeTag(1)*2+protowire.SizeBytes(len(name))+protowire.SizeBytes(len(value))))
	b = protowire.AppendTag(b, 1, protowire.BytesType)
	b = protowire.AppendString(b, name)
	b = protowire.AppendTag(b, 2, protowire.BytesType)
	return protowire.AppendString(b, value)
}

// appendMessage appends field num holding the message body writes, its length prefix written
// after the body (moved into place) so that sizes need not be computed twice.
func appendMessage(b []byte, num protowire.Number, body func([]byte) []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	start := len(b)
	b = body(b)
	n := len(b) - start
	lenSize := protowire.SizeVarint(uint64(n))
	b = append(b, make([]byte, lenSize)...)
	copy(b[start+lenSize:], b[start:start+n])
	protowire.AppendVarint(b[start:start], uint64(n))
	return b
}

func appendString(b []byte, num protowire.Number, s string) []byte {
	if s == "" {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func appendBytes(b []byte, num protowire.Number, p []byte) []byte {
	if len(p) == 0 {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, p)
}

func appendBool(b []byte, num protowire.Number, v bool) []byte {
	if !v {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, 1)
}

var errFrame = errors.New("pluginapi: malformed frame")

// fields calls fn for each field of a message in b: bytes fields with their value, varint
// fields with theirs (v), other wire types skipped.
func fields(b []byte, fn func(num protowire.Number, typ protowire.Type, p []byte, v uint64) error) error {
	if len(b) > MaxFrame {
		return fmt.Errorf("pluginapi: a frame of %d bytes is above the limit of %d", len(b), MaxFrame)
	}
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return errFrame
		}
		b = b[n:]
		switch typ {
		case protowire.BytesType:
			p, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return errFrame
			}
			if err := fn(num, typ, p, 0); err != nil {
				return err
			}
			b = b[n:]
		case protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return errFrame
			}
			if err := fn(num, typ, nil, v); err != nil {
				return err
			}
			b = b[n:]
		default:
			n := protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return errFrame
			}
			b = b[n:]
		}
	}
	return nil
}

// ParseRequestFrame reads a RequestFrame from b into f (which it resets); f.Body shares b.
func ParseRequestFrame(b []byte, f *RequestFrame) error {
	*f = RequestFrame{}
	return fields(b, func(num protowire.Number, typ protowire.Type, p []byte, v uint64) error {
		switch {
		case num == 1 && typ == protowire.BytesType:
			f.Head = &RequestHead{}
			return parseRequestHead(p, f.Head)
		case num == 2 && typ == protowire.BytesType:
			f.Body = p
		case num == 3 && typ == protowire.VarintType:
			f.EOF = v != 0
		}
		return nil
	})
}

// ParseResponseFrame reads a ResponseFrame from b into f (which it resets); f.Body shares b.
func ParseResponseFrame(b []byte, f *ResponseFrame) error {
	*f = ResponseFrame{}
	return fields(b, func(num protowire.Number, typ protowire.Type, p []byte, v uint64) error {
		switch {
		case num == 1 && typ == protowire.BytesType:
			h := &ResponseHead{}
			f.Head = h
			return fields(p, func(num protowire.Number, typ protowire.Type, p []byte, v uint64) error {
				switch {
				case num == 1 && typ == protowire.VarintType:
					h.Status = int(int64(v))
				case num == 2 && typ == protowire.BytesType:
					return parseField(p, func(k, v string) { h.Header = addHeader(h.Header, k, v) })
				}
				return nil
			})
		case num == 2 && typ == protowire.BytesType:
			f.Body = p
		case num == 3 && typ == protowire.VarintType:
			f.EOF = v != 0
		}
		return nil
	})
}

func parseRequestHead(b []byte, h *RequestHead) error {
	return fields(b, func(num protowire.Number, typ protowire.Type, p []byte, _ uint64) error {
		if typ != protowire.BytesType {
			return nil
		}
		switch num {
		case 1:
			h.Method = string(p)
		case 2:
			h.Path = string(p)
		case 3:
			h.RawQuery = string(p)
		case 4:
			return parseField(p, func(k, v string) { h.Header = addHeader(h.Header, k, v) })
		case 5:
			h.Host = string(p)
		case 6:
			h.RemoteAddr = string(p)
		case 7:
			h.RequestID = string(p)
		case 8:
			h.Route = string(p)
		case 9:
			return parseField(p, func(k, v string) {
				if h.Params == nil {
					h.Params = map[string]string{}
				}
				h.Params[k] = v
			})
		case 10:
			h.Action = string(p)
		case 11:
			h.User = &User{}
			return parseUser(p, h.User)
		}
		return nil
	})
}

func parseUser(b []byte, u *User) error {
	return fields(b, func(num protowire.Number, typ protowire.Type, p []byte, _ uint64) error {
		if typ != protowire.BytesType {
			return nil
		}
		switch num {
		case 1:
			u.ID = string(p)
		case 2:
			u.Name = string(p)
		case 3:
			u.LastName = string(p)
		case 4:
			u.FullName = string(p)
		case 5:
			u.Email = string(p)
		case 6:
			u.UserCode = string(p)
		case 7:
			u.DepartmentAccess = append(u.DepartmentAccess, string(p))
		case 8:
			u.Permissions = append(u.Permissions, Permission{})
			perm := &u.Permissions[len(u.Permissions)-1]
			return fields(p, func(num protowire.Number, typ protowire.Type, p []byte, _ uint64) error {
				if typ != protowire.BytesType {
					return nil
				}
				switch num {
				case 1:
					perm.Domain = string(p)
				case 2:
					perm.Role = string(p)
				case 3:
					perm.Channel = string(p)
				case 4:
					perm.Region = string(p)
				case 5:
					perm.ProductType = string(p)
				}
				return nil
			})
		case 9:
			u.Flags = append(u.Flags, string(p))
		case 10:
			u.Country = string(p)
		case 11:
			u.Language = string(p)
		}
		return nil
	})
}

// parseField reads a Field (name and value) and hands both to set.
func parseField(b []byte, set func(name, value string)) error {
	var name, value string
	err := fields(b, func(num protowire.Number, typ protowire.Type, p []byte, _ uint64) error {
		if typ == protowire.BytesType {
			switch num {
			case 1:
				name = string(p)
			case 2:
				value = string(p)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	set(name, value)
	return nil
}

func addHeader(h map[string][]string, k, v string) map[string][]string {
	if h == nil {
		h = map[string][]string{}
	}
	h[k] = append(h[k], v)
	return h
}
