// Package config loads ITS's configuration: the embedded configs/default.yaml, an optional overlay
// file named by ITS_CONFIG, then ITS_<KEY> environment variables, in that order.
package config

import (
	"bytes"
	"fmt"
	"io/fs"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"its/configs"
)

// Config is the whole configuration; the yaml tags are the keys of configs/default.yaml.
type Config struct {
	Env            string `yaml:"env"`
	Addr           string `yaml:"addr"`
	PublicURL      string `yaml:"public_url"`
	DataDir        string `yaml:"data_dir"`
	DatabaseURL    string `yaml:"database_url"`
	Demo           bool   `yaml:"demo"`
	DemoPassword   string `yaml:"demo_password"`
	LogLevel       string `yaml:"log_level"`
	BodyLimitBytes int64  `yaml:"body_limit_bytes"`
	WebDir         string `yaml:"web_dir"`
	SiteUpdating   bool   `yaml:"site_updating"`
	TrustedProxies string `yaml:"trusted_proxies"`

	HTTP struct {
		ReadHeaderTimeout Duration `yaml:"read_header_timeout"`
		IdleTimeout       Duration `yaml:"idle_timeout"`
		BodyGrace         Duration `yaml:"body_grace"`
		BodyMinRate       int64    `yaml:"body_min_bytes_per_second"`
	} `yaml:"http"`

	Session struct {
		UserTimeoutMs    int64    `yaml:"user_timeout_ms"`
		UserWarningMs    int64    `yaml:"user_warning_ms"`
		PingIntervalMs   int64    `yaml:"ping_interval_ms"`
		AbsoluteLifetime Duration `yaml:"absolute_lifetime"`
		SecureCookies    bool     `yaml:"secure_cookies"`
	} `yaml:"session"`

	Login struct {
		MaxFailuresPerAccount int      `yaml:"max_failures_per_account"`
		MaxFailuresPerAddress int      `yaml:"max_failures_per_address"`
		FailureWindow         Duration `yaml:"failure_window"`
		MaxResetsPerAccount   int      `yaml:"max_password_resets_per_account"`
		MaxResetsPerAddress   int      `yaml:"max_password_resets_per_address"`
	} `yaml:"login"`

	Auth struct {
		// Providers are the company's identity providers staff sign in with (OIDC or SAML).
		Providers []AuthProvider `yaml:"providers"`
		// SCIM lists the identity providers that may provision accounts, each with its bearer token.
		SCIM []SCIMProvider `yaml:"scim"`
	} `yaml:"auth"`

	Authz struct {
		GrantAll         bool     `yaml:"grant_all"`
		DecisionDeadline Duration `yaml:"decision_deadline"`
		DecisionBudget   Duration `yaml:"decision_budget"`
	} `yaml:"authz"`

	Mail struct {
		SMTPAddr string `yaml:"smtp_addr"`
		From     string `yaml:"from"`
	} `yaml:"mail"`

	Tools struct {
		TravelCalendarURL   string `yaml:"travel_calendar_url"`
		KeyItemPriceURL     string `yaml:"key_item_price_url"`
		SpendingApprovalURL string `yaml:"spending_approval_url"`
		UPCLookupURL        string `yaml:"upc_lookup_url"`
	} `yaml:"tools"`

	I18n struct {
		DefaultLanguage string `yaml:"default_language"`
		TimeZone        string `yaml:"time_zone"`
	} `yaml:"i18n"`

	Storage struct {
		Driver          string   `yaml:"driver"`
		SigningSecret   string   `yaml:"signing_secret"`
		URLTTL          Duration `yaml:"url_ttl"`
		MaxUploadBytes  int64    `yaml:"max_upload_bytes"`
		StaleUploadTTL  Duration `yaml:"stale_upload_ttl"`
		Bucket          string   `yaml:"bucket"`
		Endpoint        string   `yaml:"endpoint"`
		Region          string   `yaml:"region"`
		AccessKeyID     string   `yaml:"access_key_id"`
		SecretAccessKey string   `yaml:"secret_access_key"`
		PathStyle       bool     `yaml:"path_style"`
	} `yaml:"storage"`

	Jobs struct {
		Workers           int      `yaml:"workers"`
		HeartbeatInterval Duration `yaml:"heartbeat_interval"`
		HeartbeatTimeout  Duration `yaml:"heartbeat_timeout"`
	} `yaml:"jobs"`

	Images struct {
		MaxPixels          int64 `yaml:"max_pixels"`
		DecodeBudgetPixels int64 `yaml:"decode_budget_pixels"`
	} `yaml:"images"`

	PDF struct {
		ChromiumPath         string `yaml:"chromium_path"`
		PoolSize             int    `yaml:"pool_size"`
		ConverterMemoryBytes int64  `yaml:"converter_memory_bytes"`
		ChromiumJSHeapMB     int    `yaml:"chromium_js_heap_mb"`
	} `yaml:"pdf"`

	Metrics struct {
		Addr  string `yaml:"addr"`
		Token string `yaml:"token"`
	} `yaml:"metrics"`

	Addresses struct {
		Verifier string   `yaml:"verifier"`
		URL      string   `yaml:"url"`
		Timeout  Duration `yaml:"timeout"`
	} `yaml:"addresses"`

	History struct {
		// RetentionDays is how long a grid cell's history entries are kept (0: for ever).
		RetentionDays int `yaml:"retention_days"`
	} `yaml:"history"`

	CRM struct {
		Driver      string   `yaml:"driver"`
		URL         string   `yaml:"url"`
		Secret      string   `yaml:"secret"`
		Timeout     Duration `yaml:"timeout"`
		MaxAttempts int      `yaml:"max_attempts"`
	} `yaml:"crm"`

	Plugins struct {
		Dir           string   `yaml:"dir"`
		PollInterval  Duration `yaml:"poll_interval"`
		MaxMemoryMB   int      `yaml:"max_memory_mb"`
		MaxCPUSeconds int      `yaml:"max_cpu_seconds"`
		MaxOpenFiles  int      `yaml:"max_open_files"`
		User          string   `yaml:"user"`
		Cgroup        string   `yaml:"cgroup"`
	} `yaml:"plugins"`
}

// SCIMProvider is one identity provider allowed to provision accounts over SCIM: its id (the
// accounts it creates get the strategy scim:<id>) and its bearer token, given as the token itself
// (at least 32 characters) or as "sha256:" and the token's SHA-256 in hex.
type SCIMProvider struct {
	Provider string `yaml:"provider"`
	Token    string `yaml:"token"`
}

// tokenHash is a token given as its SHA-256.
var tokenHash = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// PluginsDir is where plugin folders live: plugins.dir, or <data_dir>/plugins.
func (c *Config) PluginsDir() string {
	if c.Plugins.Dir != "" {
		return c.Plugins.Dir
	}
	return filepath.Join(c.DataDir, "plugins")
}

// Production reports whether ITS runs in production mode.
func (c *Config) Production() bool { return c.Env == "production" }

// Duration is a time.Duration written as "12h" or "15m" in YAML.
type Duration struct{ time.Duration }

// UnmarshalYAML parses a Go duration string.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %q is not a duration (like 15m or 12h)", n.Line, n.Value)
	}
	d.Duration = v
	return nil
}

// MarshalYAML writes the duration back as a string.
func (d Duration) MarshalYAML() (any, error) { return d.Duration.String(), nil }

// EnvPrefix starts every environment variable ITS reads.
const EnvPrefix = "ITS_"

// Load builds the configuration from the embedded defaults, the ITS_CONFIG overlay and the
// environment. Unknown keys anywhere are errors, so a typo never silently does nothing.
func Load() (*Config, error) { return LoadFrom(os.Environ()) }

// LoadFrom is Load with an explicit environment (KEY=VALUE strings).
func LoadFrom(environ []string) (*Config, error) {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, EnvPrefix) {
			env[k] = v
		}
	}
	raw, err := fs.ReadFile(configs.FS, "default.yaml")
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := yaml.Unmarshal(raw, &tree); err != nil {
		return nil, fmt.Errorf("configs/default.yaml: %w", err)
	}
	if overlay := env["ITS_CONFIG"]; overlay != "" {
		delete(env, "ITS_CONFIG")
		b, err := readOverlay(overlay)
		if err != nil {
			return nil, err
		}
		var over map[string]any
		if err := yaml.Unmarshal(b, &over); err != nil {
			return nil, fmt.Errorf("%s: %w", overlay, err)
		}
		if err := merge(tree, over, ""); err != nil {
			return nil, fmt.Errorf("%s: %w", overlay, err)
		}
	}
	leaves := map[string]bool{}
	flatten(tree, "", leaves)
	var unknown []string
	for k, v := range env {
		key := envKey(k, leaves)
		if key == "" {
			unknown = append(unknown, k)
			continue
		}
		if err := setLeaf(tree, key, v); err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("unknown configuration variable(s) %s: see configs/default.yaml for the keys", strings.Join(unknown, ", "))
	}
	b, err := yaml.Marshal(tree)
	if err != nil {
		return nil, err
	}
	cfg := &Config{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = publicURL(cfg.Addr)
	}
	return cfg, nil
}

// publicURL is the base URL of links when public_url is not set: the listen address, with
// localhost where it names every interface.
func publicURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func readOverlay(name string) ([]byte, error) {
	if b, err := os.ReadFile(name); err == nil {
		return b, nil
	}
	// Overlays shipped in configs/ can be named without the folder.
	b, err := fs.ReadFile(configs.FS, strings.TrimPrefix(name, "configs/"))
	if err != nil {
		return nil, fmt.Errorf("ITS_CONFIG=%s: no such file", name)
	}
	return b, nil
}

func (c *Config) validate() error {
	switch c.Env {
	case "development", "production":
	default:
		return fmt.Errorf("env: %q is not development or production", c.Env)
	}
	if c.Production() && c.Authz.GrantAll {
		return fmt.Errorf("authz.grant_all is set in production: refusing to start")
	}
	if c.Session.UserWarningMs >= c.Session.UserTimeoutMs {
		return fmt.Errorf("session.user_warning_ms (%d) must be below session.user_timeout_ms (%d)", c.Session.UserWarningMs, c.Session.UserTimeoutMs)
	}
	if c.Session.AbsoluteLifetime.Duration <= 0 || c.Login.FailureWindow.Duration <= 0 {
		return fmt.Errorf("session.absolute_lifetime and login.failure_window must be positive")
	}
	if _, err := ParsePrefixes(c.TrustedProxies); err != nil {
		return fmt.Errorf("trusted_proxies: %w", err)
	}
	if c.HTTP.ReadHeaderTimeout.Duration <= 0 || c.HTTP.IdleTimeout.Duration <= 0 || c.HTTP.BodyGrace.Duration <= 0 || c.HTTP.BodyMinRate <= 0 {
		return fmt.Errorf("http.read_header_timeout, http.idle_timeout, http.body_grace and http.body_min_bytes_per_second must be positive")
	}
	if c.BodyLimitBytes <= 0 {
		return fmt.Errorf("body_limit_bytes must be positive")
	}
	if c.Authz.DecisionDeadline.Duration <= 0 || c.Authz.DecisionBudget.Duration <= 0 || c.Authz.DecisionBudget.Duration > c.Authz.DecisionDeadline.Duration {
		return fmt.Errorf("authz.decision_deadline and authz.decision_budget must be positive, the budget within the deadline")
	}
	if c.DataDir == "" {
		return fmt.Errorf("data_dir must not be empty")
	}
	switch c.Storage.Driver {
	case "local":
	case "s3":
		if c.Storage.Bucket == "" {
			return fmt.Errorf("storage.bucket is required with storage.driver s3")
		}
	default:
		return fmt.Errorf("storage.driver: %q is not local or s3", c.Storage.Driver)
	}
	if c.Storage.URLTTL.Duration <= 0 || c.Storage.StaleUploadTTL.Duration <= 0 || c.Storage.MaxUploadBytes <= 0 {
		return fmt.Errorf("storage.url_ttl, storage.stale_upload_ttl and storage.max_upload_bytes must be positive")
	}
	if c.Jobs.Workers <= 0 {
		return fmt.Errorf("jobs.workers must be positive")
	}
	if c.Jobs.HeartbeatInterval.Duration <= 0 || c.Jobs.HeartbeatTimeout.Duration < 3*c.Jobs.HeartbeatInterval.Duration {
		return fmt.Errorf("jobs.heartbeat_interval must be positive and jobs.heartbeat_timeout at least three intervals")
	}
	if c.History.RetentionDays < 0 {
		return fmt.Errorf("history.retention_days must be 0 (keep for ever) or more")
	}
	if c.Plugins.PollInterval.Duration <= 0 {
		return fmt.Errorf("plugins.poll_interval must be positive")
	}
	if c.Plugins.MaxMemoryMB < 32 || c.Plugins.MaxCPUSeconds <= 0 || c.Plugins.MaxOpenFiles < 16 {
		return fmt.Errorf("plugins.max_memory_mb must be at least 32, plugins.max_cpu_seconds positive and plugins.max_open_files at least 16")
	}
	if c.Plugins.User == "" || c.Plugins.User == "root" {
		return fmt.Errorf("plugins.user must name an OS user other than root")
	}
	if c.Images.MaxPixels <= 0 || c.Images.DecodeBudgetPixels <= 0 {
		return fmt.Errorf("images.max_pixels and images.decode_budget_pixels must be positive")
	}
	switch c.Addresses.Verifier {
	case "builtin":
	case "http":
		if c.Addresses.URL == "" || c.Addresses.Timeout.Duration <= 0 {
			return fmt.Errorf("addresses.url and a positive addresses.timeout are required with addresses.verifier http")
		}
	default:
		return fmt.Errorf("addresses.verifier: %q is not builtin or http", c.Addresses.Verifier)
	}
	switch c.CRM.Driver {
	case "outbox":
	case "http":
		if c.CRM.URL == "" || len(c.CRM.Secret) < 32 || c.CRM.Timeout.Duration <= 0 || c.CRM.MaxAttempts < 1 {
			return fmt.Errorf("crm.url, a crm.secret of at least 32 characters, a positive crm.timeout and crm.max_attempts are required with crm.driver http")
		}
	default:
		return fmt.Errorf("crm.driver: %q is not outbox or http", c.CRM.Driver)
	}
	if c.PDF.PoolSize <= 0 {
		return fmt.Errorf("pdf.pool_size must be positive")
	}
	if c.PDF.ConverterMemoryBytes < 64<<20 || c.PDF.ChromiumJSHeapMB < 64 {
		return fmt.Errorf("pdf.converter_memory_bytes must be at least 67108864 and pdf.chromium_js_heap_mb at least 64")
	}
	seen := map[string]bool{}
	for i, p := range c.Auth.SCIM {
		if !providerID.MatchString(p.Provider) || seen[p.Provider] {
			return fmt.Errorf("auth.scim[%d].provider: %q must be a unique id of lower-case letters, digits and -", i, p.Provider)
		}
		seen[p.Provider] = true
		if len(p.Token) < 32 && !tokenHash.MatchString(p.Token) {
			return fmt.Errorf("auth.scim[%d].token: at least 32 characters, or sha256:<64 hex digits>", i)
		}
	}
	if err := validateProviders(c.Auth.Providers); err != nil {
		return err
	}
	if t := c.Metrics.Token; t != "" && len(t) < 32 {
		// A short token on a public listener can be guessed.
		return fmt.Errorf("metrics.token must be at least 32 characters")
	}
	return nil
}

// ParsePrefixes reads a list of CIDRs (or single addresses) separated by commas or spaces.
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not a CIDR or an address", f)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func flatten(m map[string]any, prefix string, out map[string]bool) {
	for k, v := range m {
		key := prefix + k
		if sub, ok := v.(map[string]any); ok {
			flatten(sub, key+".", out)
			continue
		}
		out[key] = true
	}
}

// envKey maps ITS_SESSION_USER_TIMEOUT_MS to session.user_timeout_ms among the known leaves.
func envKey(name string, leaves map[string]bool) string {
	want := strings.TrimPrefix(name, EnvPrefix)
	for k := range leaves {
		if strings.EqualFold(strings.ReplaceAll(k, ".", "_"), want) {
			return k
		}
	}
	return ""
}

func setLeaf(tree map[string]any, key, value string) error {
	parts := strings.Split(key, ".")
	m := tree
	for _, p := range parts[:len(parts)-1] {
		m = m[p].(map[string]any)
	}
	last := parts[len(parts)-1]
	switch m[last].(type) {
	case string, nil:
		m[last] = value
	default:
		var v any
		if err := yaml.Unmarshal([]byte(value), &v); err != nil {
			return err
		}
		m[last] = v
	}
	return nil
}

func merge(dst, src map[string]any, prefix string) error {
	for k, v := range src {
		cur, ok := dst[k]
		if !ok {
			return fmt.Errorf("unknown key %s%s", prefix, k)
		}
		if sub, isMap := v.(map[string]any); isMap {
			dm, ok := cur.(map[string]any)
			if !ok {
				return fmt.Errorf("key %s%s is not a section", prefix, k)
			}
			if err := merge(dm, sub, prefix+k+"."); err != nil {
				return err
			}
			continue
		}
		dst[k] = v
	}
	return nil
}
