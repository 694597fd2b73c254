// Package pluginapi is the contract between ITS and an out-of-process module (a plugin): the
// go-plugin handshake, the two gRPC services and their messages, and the versions that added
// each. Everything a plugin and the core say to each other is declared in this one file; the
// host (core/plugins) and the SDK (core/plugins/sdk) both build on it, so they cannot drift.
//
// # Transport
//
// A plugin is an executable started by the core through hashicorp/go-plugin over gRPC. Before
// each start the core copies the executable into the process's working folder and checks the
// copy's SHA-256 against the checksum of the plugin's module.yaml (the copy is the file that
// runs), then checks the handshake below before talking to it.
//
// # No code generation
//
// The services are declared by hand (grpc.ServiceDesc) and their messages are plain Go structs
// carried by a JSON codec registered under the gRPC content subtype "json" (CodecName), except
// the frames of the Serve stream, which travel in the protobuf wire format written and read by
// hand (FrameCodecName, frame.go): they are on the path of every request, and reading a head
// (its user and permissions) as JSON was the largest part of a small request's time inside the
// plugin. A plugin author needs Go and nothing else: no protoc, no generated stubs to keep in
// step. go-plugin's own services (health, broker, stdio, controller) keep their protobuf codec.
// The JSON codec encodes with github.com/goccy/go-json, which writes and reads the same JSON as
// encoding/json several times faster.
//
// # Services
//
// Module (served by the plugin, called by the core), since v1:
//   - Describe: the plugin's id, version and the routes its handler registered. The core refuses
//     a plugin whose routes differ from its manifest's api list (an undeclared route or a
//     declared one it does not serve).
//   - Init: tells the plugin the broker id on which the core serves the Host service.
//   - Serve: HTTP requests as a bidirectional stream, the model of Grafana's CallResource.
//     The core sends a RequestFrame with Head (method, path, query, headers, route pattern, path
//     parameters and the user), then RequestFrames with Body chunks; the request's last frame
//     has EOF (a request without a body is one frame: head and EOF). The plugin answers a
//     ResponseFrame with Head (status, headers), then Body chunks, each sent when the handler
//     flushes or the chunk is full, so NDJSON and downloads stream; the answer's last frame has
//     EOF (a small answer is one frame: head, body and EOF). A stream carries one request at a
//     time and then the next: the core keeps idle streams open and passes a request on one of
//     them (opening a stream per request cost more than the request's frames). It cancels a
//     stream whose request or answer was cut short (the handler's context ends) and the idle
//     streams it no longer needs; the plugin then ends the call. The core only
//     passes a request after session, CSRF and the route's policy action allowed it: a plugin
//     never sees a request the policy denied, nor the browser's credentials (the Cookie,
//     Authorization and CSRF headers stay in the core; the user arrives in Head.User).
//
// Host (served by the core on the go-plugin broker, called by the plugin), since v1:
//   - StoragePut, StorageGet, StorageDelete, StorageSignedURL: the core's blob store, inside the
//     key prefix plugins/<id>/ (a key outside it cannot be named).
//   - DBQuery, DBExec: one statement each (several in one string are refused), with the search
//     path on the schema plugin_<id>.
//
// # What a plugin's SQL may reach
//
// The statements of DBQuery and DBExec, and the plugin's migrations, run on connections that log
// in as the plugin's own database role (its_plugin_<id>_<random>, with a password the core
// generates and keeps), from a small pool of the plugin's own: never on a connection of the
// core. The role owns the schema plugin_<id> and nothing else: the core's schema and tables, the
// other plugins' schemas, server files and programs (COPY ... PROGRAM, pg_read_file, lo_import),
// extensions (dblink) and other roles (SET ROLE) are refused by the database itself, whatever the
// plugin sends (COMMIT included). A statement travels alone through the extended protocol. The
// pending migrations run in one transaction as the role; one that ends that transaction is
// refused, and an install refused at its migrations leaves no schema, role or row behind.
//
// # Process
//
// What a plugin's process may reach, and what it may not:
//   - Environment: only the variables named in Environment (PATH, HOME and TMPDIR pointing at
//     its own working folder, ITS_PLUGIN_ID, and ITS_ENV, ITS_DEMO, ITS_PDF_CHROMIUM_PATH,
//     ITS_PLUGIN_GOMAXPROCS, LANG, TZ when the core has them) and go-plugin's own (the magic
//     cookie, PLUGIN_*). Nothing else of the core's environment: no password, database URL,
//     storage key or signing secret.
//   - User: when ITS runs as root, the process runs as plugins.user (nobody by default, never
//     root) with no supplementary groups and no way to gain privileges (no_new_privs). Its
//     HOME, TMPDIR and working folder are a folder of its own; the executable is a read-only
//     copy. ITS's data folder (blobs, keys, the embedded database) is ITS's alone (mode 0700):
//     the plugin reads and writes the core's data only through the Host service. When ITS does
//     not run as root, the process runs as ITS's own user (everything else here holds).
//   - Limits: the manifest's plugin.limits (memoryMB, cpuSeconds, openFiles), each within the
//     server's maximum (plugins.max_memory_mb, max_cpu_seconds, max_open_files; one left out is
//     the maximum, one above it refuses the plugin), applied as rlimits (RLIMIT_DATA, RLIMIT_CPU,
//     RLIMIT_NOFILE, no core dumps) before the plugin's first instruction, and as memory.max of
//     a cgroup v2 of its own where the server is given one (plugins.cgroup). A process past its
//     memory fails to allocate (a Go plugin exits), past its CPU time it is killed; either way
//     its routes answer 503 while the core starts it again.
//   - Lifetime: the process dies with the core's (parent-death signal SIGKILL); a process left
//     by a server killed before that signal held is killed when a server of the same data
//     folder starts (a pid file per process in <data_dir>/run/plugins).
//   - Output: its stderr reaches the core's log with plugin=<id>, bounded (a burst of 200
//     lines, then 50 lines a second, 4 KiB a line; the lines dropped are counted in the log);
//     its stdout after the handshake is discarded.
//   - Answers: of a Serve answer's headers only those that describe the answer pass
//     (Content-Type, -Length, -Disposition, -Encoding, -Language, -Range, Accept-Ranges,
//     Cache-Control, Expires, ETag, Last-Modified, Vary, Retry-After, and Location when it is a
//     path on ITS's origin). Cookies, Content-Security-Policy, Strict-Transport-Security,
//     Access-Control-*, X-Frame-Options, Referrer-Policy, X-Content-Type-Options and the like
//     are the core's and stay the core's: an HTML answer falls under the core's CSP (no script).
//   - Not contained at the OS level: the network (a plugin may open connections like any
//     process of its user) and other plugins (all run as the one plugins.user).
//
// # Versions
//
//   - ProtocolVersion 1 (ITS 2026.11): the services above, with one request per Serve stream and
//     its frames as JSON.
//   - ProtocolVersion 2: Serve's frames in the protobuf wire format (FrameCodecName) and many
//     requests, one after the other, on one Serve stream. A plugin built for version 1 is
//     refused at the handshake; rebuilding it with the current SDK is all it needs.
//
// A change that an older plugin cannot understand bumps ProtocolVersion; go-plugin then refuses
// the handshake with both versions named, instead of failing on the first call.
package pluginapi

import (
	gojson "github.com/goccy/go-json"

	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/encoding"
)

// ProtocolVersion is the version of this contract (see Versions above).
const ProtocolVersion = 2

// Environment names the variables a plugin's process starts with, besides go-plugin's own
// (the magic cookie of Handshake and the PLUGIN_* settings of its transport): nothing else of
// the core's environment reaches it (see Process above).
var Environment = []string{"PATH", "HOME", "TMPDIR", "LANG", "TZ", "ITS_PLUGIN_ID", "ITS_PLUGIN_GOMAXPROCS", "ITS_ENV", "ITS_DEMO", "ITS_PDF_CHROMIUM_PATH"}

// Handshake is the go-plugin handshake: the magic cookie keeps the executable from being run by
// hand by mistake, the protocol version refuses a plugin built for another contract.
var Handshake = goplugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "ITS_PLUGIN",
	MagicCookieValue: "its-module",
}

// PluginName is the one entry of the go-plugin plugin map.
const PluginName = "module"

// CodecName is the gRPC content subtype of every call of this contract.
const CodecName = "json"

// Full method names of the two services.
const (
	ModuleService = "its.plugin.v1.Module"
	HostService   = "its.plugin.v1.Host"

	MethodDescribe = "/" + ModuleService + "/Describe"
	MethodInit     = "/" + ModuleService + "/Init"
	MethodServe    = "/" + ModuleService + "/Serve"

	MethodStoragePut       = "/" + HostService + "/StoragePut"
	MethodStorageGet       = "/" + HostService + "/StorageGet"
	MethodStorageDelete    = "/" + HostService + "/StorageDelete"
	MethodStorageSignedURL = "/" + HostService + "/StorageSignedURL"
	MethodDBQuery          = "/" + HostService + "/DBQuery"
	MethodDBExec           = "/" + HostService + "/DBExec"
)

// WindowSize is the gRPC flow-control window of both sides, per stream and per connection. A
// fixed window turns off gRPC's bandwidth probing, whose pings cost every small request a
// wake-up of both processes; a local socket needs no probing, and 1 MiB keeps 32 chunks of a
// download in flight.
const WindowSize = 1 << 20

// ChunkSize is the largest body chunk of one frame, either way.
const ChunkSize = 32 << 10

// MaxStorageObject is the largest object StoragePut and StorageGet carry in one message.
const MaxStorageObject = 16 << 20

// Empty is a message without fields.
type Empty struct{}

// Route is one route a plugin's handler serves, as in the manifest's api list.
type Route struct {
	Method string `json:"method"`
	Path   string `json:"path"`
}

// Description answers Describe.
type Description struct {
	ID      string  `json:"id"`
	Version string  `json:"version"`
	Routes  []Route `json:"routes"`
}

// InitRequest is sent once after the plugin started.
type InitRequest struct {
	PluginID string `json:"pluginId"`
	// HostBroker is the go-plugin broker id serving the Host service.
	HostBroker uint32 `json:"hostBroker"`
}

// Permission is one permission of a user (domain, role and narrowing).
type Permission struct {
	Domain      string `json:"domain"`
	Role        string `json:"role"`
	Channel     string `json:"channel"`
	Region      string `json:"region"`
	ProductType string `json:"productType"`
}

// User is who the request acts for (nil for an anonymous request on a public route); the same
// JSON as the core's identity.User, of which a plugin gets these fields.
type User struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	LastName         string       `json:"lastName"`
	FullName         string       `json:"fullName"`
	Email            string       `json:"email"`
	UserCode         string       `json:"userCode"`
	DepartmentAccess []string     `json:"departmentAccess"`
	Permissions      []Permission `json:"permissions"`
	Flags            []string     `json:"flags"`
	Country          string       `json:"country"`
	Language         string       `json:"language"`
}

// RequestHead is the first frame of a request.
type RequestHead struct {
	Method     string              `json:"method"`
	Path       string              `json:"path"`
	RawQuery   string              `json:"rawQuery,omitempty"`
	Header     map[string][]string `json:"header,omitempty"`
	Host       string              `json:"host,omitempty"`
	RemoteAddr string              `json:"remoteAddr,omitempty"`
	RequestID  string              `json:"requestId,omitempty"`
	// Route is the manifest route the core matched ("GET /api/x/{id}") and Params its values.
	Route  string            `json:"route"`
	Params map[string]string `json:"params,omitempty"`
	// Action is the policy action the core checked.
	Action string `json:"action"`
	User   *User  `json:"user,omitempty"`
}

// RequestFrame is one message from the core on a Serve stream.
type RequestFrame struct {
	Head *RequestHead `json:"head,omitempty"`
	Body []byte       `json:"body,omitempty"`
	EOF  bool         `json:"eof,omitempty"`
}

// ResponseHead starts a plugin's answer.
type ResponseHead struct {
	Status int                 `json:"status"`
	Header map[string][]string `json:"header,omitempty"`
}

// ResponseFrame is one message from the plugin on a Serve stream.
type ResponseFrame struct {
	Head *ResponseHead `json:"head,omitempty"`
	Body []byte        `json:"body,omitempty"`
	// EOF marks the answer's last frame: the core finishes the HTTP answer on it (an answer in
	// one frame goes out with its Content-Length) and the stream is ready for the next request.
	EOF bool `json:"eof,omitempty"`
}

// StorageObject is a blob for StoragePut and from StorageGet; Key is relative to the plugin's
// prefix.
type StorageObject struct {
	Key         string `json:"key"`
	ContentType string `json:"contentType,omitempty"`
	Data        []byte `json:"data,omitempty"`
}

// StorageKey names a blob (StorageGet, StorageDelete).
type StorageKey struct {
	Key string `json:"key"`
}

// SignedURLRequest asks for a download URL of a blob.
type SignedURLRequest struct {
	Key        string `json:"key"`
	Filename   string `json:"filename,omitempty"`
	TTLSeconds int    `json:"ttlSeconds,omitempty"`
}

// SignedURL answers StorageSignedURL.
type SignedURL struct {
	URL string `json:"url"`
}

// Statement is one SQL statement with its arguments ($1, $2, ... in SQL).
type Statement struct {
	SQL  string `json:"sql"`
	Args []any  `json:"args,omitempty"`
}

// Rows answers DBQuery: each row a list of values in column order, as JSON sees them.
type Rows struct {
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
}

// ExecResult answers DBExec.
type ExecResult struct {
	RowsAffected int64 `json:"rowsAffected"`
}

// jsonCodec carries the contract's messages as JSON.
type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return gojson.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return gojson.Unmarshal(data, v) }
func (jsonCodec) Name() string                       { return CodecName }

func init() {
	encoding.RegisterCodec(jsonCodec{})
	encoding.RegisterCodec(frameCodec{})
}
