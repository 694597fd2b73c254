package registry

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"gopkg.in/yaml.v3"
)

//go:embed manifest.schema.json
var schemaJSON []byte

// Manifest is a module.yaml.
type Manifest struct {
	ID          string     `json:"id"`
	Title       string     `json:"title"`
	Description string     `json:"description,omitempty"`
	Plugin      *Plugin    `json:"plugin,omitempty"`
	Remote      *Remote    `json:"remote,omitempty"`
	Actions     []Action   `json:"actions,omitempty"`
	API         []APIRoute `json:"api,omitempty"`
	Nav         []Nav      `json:"nav,omitempty"`
	UI          []UIRoute  `json:"ui,omitempty"`
	Jobs        []Job      `json:"jobs,omitempty"`
	// Enums, Constants and Messages are generated into the module's Go package and the
	// frontend kit (make gen); the registry itself does not read them.
	Enums     []Enum     `json:"enums,omitempty"`
	Constants []Constant `json:"constants,omitempty"`
	Messages  []Message  `json:"messages,omitempty"`
	// Topics are the kinds of live topic the module serves (core/live), generated into its Go
	// package and the frontend kit, so that both name a topic one way.
	Topics []Topic `json:"topics,omitempty"`
	// Titles are the title's text in each locale of the shell, generated into its catalogs.
	Titles map[string]string `json:"titles,omitempty"`
	// Migrations is the block of migration numbers the module's migrations take.
	Migrations *MigrationRange `json:"migrations,omitempty"`
	// Matrix is what the route × role test needs to call the module's routes.
	Matrix *Matrix `json:"matrix,omitempty"`
	// ObjectRules are the policy questions the module's code asks itself because they need
	// what it loads or reads (its routes ask the others: Also, AlsoBy); a test checks them
	// against the code.
	ObjectRules []ObjectRule `json:"objectRules,omitempty"`
}

// ObjectRule is one policy question a module's function asks of what it loaded or read.
type ObjectRule struct {
	// Func names the function that asks: "Type.Method" or "func".
	Func string `json:"func"`
	// Rule says in one line what it decides.
	Rule string `json:"rule"`
}

// MigrationRange is a block of migration numbers, both ends included.
type MigrationRange struct {
	From int64 `json:"from"`
	To   int64 `json:"to"`
}

// Matrix gives the route × role test real requests for the module's routes: values of its
// path parameters and query strings (the questions a request asks the policy are its route's:
// Route.Each).
type Matrix struct {
	// Fixtures name real objects of the demo data, each an SQL query answering one text.
	Fixtures map[string]string `json:"fixtures,omitempty"`
	// Params are the values of each path parameter; every combination is sent. A value may
	// name a fixture (${name}) or every value of one of the module's enums (${enum.id}).
	Params map[string][]string `json:"params,omitempty"`
	// Queries are query strings sent instead of none, by route ("GET /api/x"), each in turn.
	Queries map[string][]string `json:"queries,omitempty"`
}

// Enum is a list of values Go and TypeScript share.
type Enum struct {
	ID          string   `json:"id"`
	Description string   `json:"description,omitempty"`
	Values      []string `json:"values"`
}

// Constant is a number, a duration or a text Go and TypeScript share.
type Constant struct {
	ID          string   `json:"id"`
	Description string   `json:"description,omitempty"`
	Duration    string   `json:"duration,omitempty"`
	Number      *float64 `json:"number,omitempty"`
	Text        *string  `json:"text,omitempty"`
}

// Topic is a kind of live topic a module serves: its streams are named <kind>:<key>. Key is
// either the one key of a topic that has one ("all") or, in braces, what a key names
// ("{orderType}", "{id}").
type Topic struct {
	Kind        string `json:"kind"`
	Key         string `json:"key"`
	Description string `json:"description,omitempty"`
}

// Variable reports whether t's key names what varies (in braces) rather than the one key.
func (t Topic) Variable() bool { return strings.HasPrefix(t.Key, "{") }

// Message names a catalog text the server answers with, generated into a Go constant.
type Message struct {
	ID string `json:"id"`
	Go string `json:"go"`
}

// Plugin describes an out-of-process module's executable (core/plugins).
type Plugin struct {
	Version    string `json:"version"`
	Executable string `json:"executable"`
	SHA256     string `json:"sha256"`
	// Limits bound the plugin's process; each one left out is the host's maximum.
	Limits *Limits `json:"limits,omitempty"`
}

// Limits are what a plugin's process may use (core/plugins applies them as rlimits and, where
// the machine has one, a cgroup v2). Zero: the host's maximum.
type Limits struct {
	// MemoryMB bounds the process's writable memory (heap, stacks, private mappings).
	MemoryMB int `json:"memoryMB,omitempty"`
	// CPUSeconds is the CPU time a process may use; past it the process is killed and started again.
	CPUSeconds int `json:"cpuSeconds,omitempty"`
	// OpenFiles bounds the process's open files and sockets.
	OpenFiles int `json:"openFiles,omitempty"`
}

// Remote is the module's frontend, loaded by the shell through module federation.
type Remote struct {
	Name  string `json:"name"`
	Entry string `json:"entry"`
}

// Action is a permission question the module's policy answers.
type Action struct {
	ID          string `json:"id"`
	Description string `json:"description,omitempty"`
	// Resource names the resource attributes the action's policy reads.
	Resource []string `json:"resource,omitempty"`
}

// APIRoute is an HTTP route and the action it requires.
type APIRoute struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	Action      string `json:"action"`
	Description string `json:"description,omitempty"`
}

// Nav is a navigation entry, shown to users the action allows.
type Nav struct {
	ID       string         `json:"id"`
	Title    string         `json:"title"`
	Path     string         `json:"path"`
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource,omitempty"`
	Order    int            `json:"order"`
	Icon     string         `json:"icon,omitempty"`
	Group    string         `json:"group,omitempty"`
	// Titles are the title's text in each locale of the shell, generated into its catalogs.
	Titles map[string]string `json:"titles,omitempty"`
	// GroupTitles word the group's title (nav.group.<Group>) in each locale of the shell, as
	// Titles do the entry's; one entry of each group carries them.
	GroupTitles map[string]string `json:"groupTitles,omitempty"`
}

// UIRoute is a frontend route served by the module's remote.
type UIRoute struct {
	Path     string         `json:"path"`
	Name     string         `json:"name"`
	Expose   string         `json:"expose"`
	Action   string         `json:"action"`
	Resource map[string]any `json:"resource,omitempty"`
	Layout   string         `json:"layout,omitempty"`
	Meta     map[string]any `json:"meta,omitempty"`
}

// Job is a background job kind the module runs.
type Job struct {
	Kind        string `json:"kind"`
	Description string `json:"description,omitempty"`
}

var compiled = func() *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(schemaJSON)))
	if err != nil {
		panic(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("module.schema.json", doc); err != nil {
		panic(err)
	}
	return c.MustCompile("module.schema.json")
}()

// ParseManifest validates src (YAML) against the manifest schema; errors name file and field.
func ParseManifest(file string, src []byte) (*Manifest, error) {
	var doc any
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	// YAML gives map[string]any already (yaml.v3); round-trip through JSON for the validator's types.
	j, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(j)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := compiled.Validate(inst); err != nil {
		return nil, fmt.Errorf("%s: invalid manifest: %s", file, describe(err))
	}
	m := &Manifest{}
	if err := json.Unmarshal(j, m); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return m, nil
}

var printer = message.NewPrinter(language.English)

// describe flattens the validator's error tree into "field: reason" lines.
func describe(err error) string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			field := "/" + strings.Join(e.InstanceLocation, "/")
			out = append(out, fmt.Sprintf("field %s: %s", field, e.ErrorKind.LocalizedString(printer)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	return strings.Join(out, "; ")
}
