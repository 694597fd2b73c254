package users_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/actions"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB, env ...string) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module), env...)
}

func TestLoginPingLogout(t *testing.T) {
	a := start(t)
	c := a.Client()
	r := c.Login("Editor@Example.com")
	if strings.Contains(string(r.Raw), "argon2") || strings.Contains(string(r.Raw), "password") {
		t.Fatalf("login answer leaks a password hash: %s", r.Raw)
	}
	user := r.Body["data"].(map[string]any)["user"].(map[string]any)
	if user["email"] != "editor@example.com" || user["fullName"] != "Eddie Editor" || user["userCode"] != "EDT001" {
		t.Fatalf("unexpected user %v", user)
	}
	if r.Body["data"].(map[string]any)["csrfToken"] == "" {
		t.Fatal("no csrf token")
	}
	cookies := r.Header.Values("Set-Cookie")
	if len(cookies) != 2 || !strings.Contains(cookies[0], "its_session=") || !strings.Contains(cookies[0], "HttpOnly") || !strings.Contains(cookies[0], "SameSite=Lax") {
		t.Fatalf("session cookie flags: %v", cookies)
	}
	if strings.Contains(cookies[1], "HttpOnly") {
		t.Fatalf("csrf cookie must be readable by the shell: %v", cookies[1])
	}
	if got := c.Do("GET", "/api/users/ping", nil); got.Status != 200 {
		t.Fatalf("ping %d %s", got.Status, got.Raw)
	}
	// The session id is stored hashed: the cookie value is nowhere in the table.
	var sid string
	for _, ck := range c.HTTP.Jar.Cookies(mustURL(a.URL)) {
		if ck.Name == "its_session" {
			sid = ck.Value
		}
	}
	if len(sid) < 22 || a.Count(`SELECT count(*) FROM sessions WHERE encode(id_hash, 'escape') LIKE '%' || $1 || '%'`, sid) != 0 {
		t.Fatalf("session id %q short or stored in clear", sid)
	}
	if got := c.Do("GET", "/api/users/logout", nil); got.Status != 200 {
		t.Fatalf("logout %d", got.Status)
	}
	got := c.Do("GET", "/api/users/ping", nil)
	if got.Status != 401 || got.Body["messageCode"] != "ITS_ERR_UNAUTHENTICATED" {
		t.Fatalf("ping after logout: %d %s", got.Status, got.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM sessions`); n != 0 {
		t.Fatalf("%d sessions left after logout", n)
	}
}

func TestWrongPasswordThenRateLimit(t *testing.T) {
	a := start(t)
	c := a.Client()
	for i := 0; i < 5; i++ {
		r := c.Do("POST", "/api/users/session", map[string]string{"email": "editor@example.com", "password": "wrong"})
		if r.Status != 401 || r.Body["messageCode"] != "ITS_ERR_LOGIN_INVALID" || r.Body["message"] != "Invalid email or password" {
			t.Fatalf("attempt %d: %d %s", i, r.Status, r.Raw)
		}
	}
	// Locked now, even with the right password.
	r := c.Do("POST", "/api/users/session", map[string]string{"email": "editor@example.com", "password": "its-demo"})
	if r.Status != 429 || r.Body["messageCode"] != "ITS_ERR_RATE_LIMITED" {
		t.Fatalf("after 5 failures: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM sessions`); n != 0 {
		t.Fatalf("rate-limited login created %d sessions", n)
	}
	// Another account is not locked by this one's failures.
	c.Login("manager@example.com")
}

func TestRateLimitPerAddress(t *testing.T) {
	a := start(t, "ITS_LOGIN_MAX_FAILURES_PER_ADDRESS=3")
	c := a.Client()
	for _, e := range []string{"user@example.com", "admin@example.com", "nobody@example.com"} {
		if r := c.Do("POST", "/api/users/session", map[string]string{"email": e, "password": "x"}); r.Status != 401 {
			t.Fatalf("%s: %d", e, r.Status)
		}
	}
	if r := c.Do("POST", "/api/users/session", map[string]string{"email": "manager@example.com", "password": "its-demo"}); r.Status != 429 {
		t.Fatalf("address limit not applied: %d %s", r.Status, r.Raw)
	}
}

func TestBadBodiesChangeNothing(t *testing.T) {
	a := start(t, "ITS_BODY_LIMIT_BYTES=1024")
	c := a.Client()
	cases := []struct {
		body   string
		status int
		code   string
	}{
		{`{"email":`, 400, "ITS_ERR_BAD_REQUEST"},
		{`{"email":"editor@example.com","password":"its-demo","admin":true}`, 400, "ITS_ERR_BAD_REQUEST"},
		{`{"email":"editor@example.com","password":"its-demo"} {"again":1}`, 400, "ITS_ERR_BAD_REQUEST"},
		{`{"email":42,"password":"its-demo"}`, 400, "ITS_ERR_VALIDATION"},
		{`{"email":"editor@example.com","password":"` + strings.Repeat("x", 2048) + `"}`, 413, "ITS_ERR_TOO_LARGE"},
		{``, 400, "ITS_ERR_BAD_REQUEST"},
	}
	for _, tc := range cases {
		r := c.Do("POST", "/api/users/session", tc.body)
		if r.Status != tc.status || r.Body["messageCode"] != tc.code || r.Body["message"] == "" || r.Body["requestId"] == "" {
			t.Errorf("body %.40q: got %d %s, want %d %s", tc.body, r.Status, r.Raw, tc.status, tc.code)
		}
	}
	if n := a.Count(`SELECT count(*) FROM sessions`) + a.Count(`SELECT count(*) FROM login_failures`); n != 0 {
		t.Fatalf("refused requests wrote %d rows", n)
	}
	r := c.Do("POST", "/api/users/access-request", `{"email":"new@example.com","name":"N","lastName":"L","role":"admin"}`)
	if r.Status != 400 || a.Count(`SELECT count(*) FROM users WHERE email = 'new@example.com'`) != 0 {
		t.Fatalf("unknown field in access request: %d, user written", r.Status)
	}
}

func TestCSRF(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	body := map[string]any{"checks": []map[string]any{{"action": actions.SessionPing}}}
	// A forged cross-site call has the cookie but not the header.
	c.Header.Set("X-CSRF-Token", "forged")
	if r := c.Do("POST", "/api/authz/decisions", body); r.Status != 403 || r.Body["messageCode"] != "ITS_ERR_CSRF" {
		t.Fatalf("forged token: %d %s", r.Status, r.Raw)
	}
	c.Header.Del("X-CSRF-Token")
	if r := c.Do("POST", "/api/authz/decisions", body); r.Status != 200 {
		t.Fatalf("with token: %d %s", r.Status, r.Raw)
	}
	// Without a session, a form-encoded POST is refused.
	anon := a.Client()
	req, _ := http.NewRequest("POST", a.URL+"/api/users/session", strings.NewReader("email=a&password=b"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := anon.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 403 {
		t.Fatalf("form post without session: %d", res.StatusCode)
	}
}

// withClock starts the app on a clock the test moves forward instead of waiting.
func withClock(t *testing.T, env ...string) (*apptest.App, *clockwork.FakeClock) {
	// An hour ahead of the wall clock: the client's cookie jar drops cookies by the wall clock, so
	// cookies the server sets must not expire there before they do on the server's clock.
	clock := clockwork.NewFakeClockAt(time.Now().Add(time.Hour))
	return apptest.Start(t, fx.Options(users.Module, fx.Replace(fx.Annotate(clock, fx.As(new(clockwork.Clock))))), env...), clock
}

func TestIdleAndAbsoluteExpiry(t *testing.T) {
	a, clock := withClock(t, "ITS_SESSION_USER_TIMEOUT_MS=1200", "ITS_SESSION_USER_WARNING_MS=200")
	c := a.Client()
	c.Login("user@example.com")
	clock.Advance(1500 * time.Millisecond)
	r := c.Do("GET", "/api/users/ping", nil)
	if r.Status != 401 {
		t.Fatalf("idle session still alive: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM sessions`); n != 0 {
		t.Fatalf("expired session not deleted")
	}

	b, clock := withClock(t, "ITS_SESSION_ABSOLUTE_LIFETIME=1s")
	c = b.Client()
	c.Login("user@example.com")
	if r := c.Do("GET", "/api/users/ping", nil); r.Status != 200 {
		t.Fatalf("fresh session: %d", r.Status)
	}
	clock.Advance(1200 * time.Millisecond)
	if r := c.Do("GET", "/api/users/ping", nil); r.Status != 401 {
		t.Fatalf("session past its absolute lifetime: %d", r.Status)
	}
}

func TestSecureCookies(t *testing.T) {
	a := start(t, "ITS_SESSION_SECURE_COOKIES=true")
	r := a.Client().Do("POST", "/api/users/session", map[string]string{"email": "user@example.com", "password": "its-demo"})
	ck := strings.Join(r.Header.Values("Set-Cookie"), "\n")
	if !strings.Contains(ck, "__Host-its_session=") || !strings.Contains(ck, "Secure") || !strings.Contains(ck, "__Host-its_csrf=") {
		t.Fatalf("secure cookies: %s", ck)
	}
}

var link = regexp.MustCompile(`/(confirm-email|set-password)/([^\s]+)`)

func lastMailLink(t *testing.T, a *apptest.App, to string) []string {
	t.Helper()
	var body string
	if err := a.DB.QueryRow(context.Background(), `SELECT body_text FROM mail_outbox WHERE $1 = ANY(recipients) ORDER BY id DESC LIMIT 1`, to).Scan(&body); err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	m := link.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in mail: %s", body)
	}
	return strings.Split(m[2], "/")
}

func TestAccessRequestAndConfirm(t *testing.T) {
	a := start(t)
	c := a.Client()
	if r := c.Do("POST", "/api/users/access-request", map[string]string{"email": "nina@partner.example", "name": "Nina", "lastName": "New"}); r.Status != 200 {
		t.Fatalf("access request: %d %s", r.Status, r.Raw)
	}
	// An existing address gets the same answer and no second account.
	if r := c.Do("POST", "/api/users/access-request", map[string]string{"email": "editor@example.com", "name": "E", "lastName": "E"}); r.Status != 200 {
		t.Fatalf("existing address: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM users WHERE email = 'editor@example.com'`); n != 1 {
		t.Fatalf("%d editor accounts", n)
	}
	if r := c.Do("POST", "/api/users/access-request", map[string]string{"email": "not-an-email", "name": "", "lastName": "L"}); r.Status != 400 || len(r.Body["details"].([]any)) != 2 {
		t.Fatalf("invalid request: %d %s", r.Status, r.Raw)
	}
	code := lastMailLink(t, a, "nina@partner.example")[0]
	if r := c.Do("POST", "/api/users/session", map[string]string{"email": "nina@partner.example", "password": "anything"}); r.Status != 401 {
		t.Fatalf("pending account without password logged in: %d", r.Status)
	}
	if r := c.Do("POST", "/api/users/confirm-email", map[string]string{"code": code}); r.Status != 200 {
		t.Fatalf("confirm: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM users WHERE email = 'nina@partner.example' AND status = 'pendingApproval'`); n != 1 {
		t.Fatal("account not pending approval after confirmation")
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'admin@example.com' = ANY(recipients)`); n != 1 {
		t.Fatal("admins not told of the confirmed request")
	}
	if r := c.Do("POST", "/api/users/confirm-email", map[string]string{"code": code}); r.Status != 400 {
		t.Fatalf("code used twice: %d", r.Status)
	}
}

func TestPasswordReset(t *testing.T) {
	a := start(t)
	old := a.Client()
	old.Login("editor@example.com")
	c := a.Client()
	if r := c.Do("POST", "/api/users/password-reset", map[string]string{"email": "nobody@example.com"}); r.Status != 200 {
		t.Fatalf("unknown address must look the same: %d", r.Status)
	}
	if r := c.Do("POST", "/api/users/password-reset", map[string]string{"email": "editor@example.com"}); r.Status != 200 {
		t.Fatalf("reset: %d", r.Status)
	}
	parts := lastMailLink(t, a, "editor@example.com")
	userID, code := parts[0], parts[1]
	if r := c.Do("POST", "/api/users/password", map[string]string{"userId": userID, "code": code, "password": "short"}); r.Status != 400 {
		t.Fatalf("weak password accepted: %d", r.Status)
	}
	if r := c.Do("POST", "/api/users/password", map[string]string{"userId": userID, "code": code, "password": "New-passw0rd-2026"}); r.Status != 200 {
		t.Fatalf("set password: %d %s", r.Status, r.Raw)
	}
	if r := c.Do("POST", "/api/users/password", map[string]string{"userId": userID, "code": code, "password": "Other-passw0rd-2026"}); r.Status != 400 {
		t.Fatalf("code reused: %d", r.Status)
	}
	if r := old.Do("GET", "/api/users/ping", nil); r.Status != 401 {
		t.Fatalf("old session survived the password change: %d", r.Status)
	}
	if r := c.Do("POST", "/api/users/session", map[string]string{"email": "editor@example.com", "password": "New-passw0rd-2026"}); r.Status != 200 {
		t.Fatalf("login with new password: %d", r.Status)
	}
	// Employees are sent to IT, with no code.
	c.Do("POST", "/api/users/password-reset", map[string]string{"email": "admin@example.com"})
	var body string
	_ = a.DB.QueryRow(context.Background(), `SELECT body_text FROM mail_outbox WHERE 'admin@example.com' = ANY(recipients) ORDER BY id DESC LIMIT 1`).Scan(&body)
	if !strings.Contains(body, "contact IT") || strings.Contains(body, "/set-password/") {
		t.Fatalf("employee reset mail: %s", body)
	}
}

func TestDemoAccountsForEveryRole(t *testing.T) {
	a := start(t)
	roles := users.DemoRoles()
	if len(roles) != 10 {
		t.Fatalf("want 10 demo roles, got %v", roles)
	}
	for _, role := range roles {
		a.Client().Login(role + "@example.com")
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// TestAutocomplete: colleagues are found by name, e-mail or user code, never the caller, and
// only those the policy allows the same search; a caller without it is refused.
func TestAutocomplete(t *testing.T) {
	a := start(t)
	editor := a.Client()
	editor.Login("editor@example.com")
	emails := func(text string) []string {
		t.Helper()
		r := editor.Do("GET", "/api/users/autocomplete?text="+url.QueryEscape(text), nil)
		if r.Status != 200 {
			t.Fatalf("%q: %d %s", text, r.Status, r.Raw)
		}
		var out []string
		for _, u := range r.Body["data"].([]any) {
			u := u.(map[string]any)
			if u["id"] == "" || u["fullName"] == "" || u["userCode"] == "" {
				t.Fatalf("%q: incomplete suggestion %v", text, u)
			}
			out = append(out, strings.ToLower(u["email"].(string)))
		}
		return out
	}
	if got := emails("sel"); len(got) != 1 || got[0] != "senioreditor@example.com" {
		t.Errorf("sel: %v", got)
	}
	if got := emails("edt00"); len(got) != 0 { // the caller's own user code
		t.Errorf("own user code offers %v", got)
	}
	for _, text := range []string{"eddie", "april", "  ", "%", "_"} {
		if got := emails(text); len(got) != 0 {
			t.Errorf("%q offers %v", text, got)
		}
	}
	all := emails("example.com")
	want := []string{"user@example.com", "senioreditor@example.com", "manager@example.com"}
	for _, w := range want {
		if !slices.Contains(all, w) {
			t.Errorf("example.com: %v lacks %s", all, w)
		}
	}
	if slices.Contains(all, "editor@example.com") || slices.Contains(all, "approver@example.com") || len(all) > 10 {
		t.Errorf("example.com: %v", all)
	}
	if r := editor.Do("GET", "/api/users/autocomplete?q=selma", nil); r.Status != 200 || len(r.Body["data"].([]any)) != 1 {
		t.Errorf("?q=: %d %s", r.Status, r.Raw)
	}
	approver := a.Client()
	approver.Login("approver@example.com")
	if r := approver.Do("GET", "/api/users/autocomplete?text=sel", nil); r.Status != 403 {
		t.Errorf("caller without the assortment manager: %d", r.Status)
	}
}
