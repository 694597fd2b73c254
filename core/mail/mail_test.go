package mail

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	smtpd "github.com/emersion/go-smtp"

	"its/core/config"
	"its/core/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// received is one message as a real SMTP server took it.
type received struct {
	from string
	utf8 bool
	to   []string
	data []byte
}

type sink struct {
	mu   sync.Mutex
	msgs []received
}

func (s *sink) NewSession(*smtpd.Conn) (smtpd.Session, error) { return &sinkSession{sink: s}, nil }

type sinkSession struct {
	sink *sink
	cur  received
}

func (s *sinkSession) Reset()        { s.cur = received{} }
func (s *sinkSession) Logout() error { return nil }
func (s *sinkSession) Mail(from string, o *smtpd.MailOptions) error {
	s.cur.from, s.cur.utf8 = from, o != nil && o.UTF8
	return nil
}
func (s *sinkSession) Rcpt(to string, _ *smtpd.RcptOptions) error {
	s.cur.to = append(s.cur.to, to)
	return nil
}
func (s *sinkSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = b
	s.sink.mu.Lock()
	s.sink.msgs = append(s.sink.msgs, s.cur)
	s.sink.mu.Unlock()
	return nil
}

// listen starts a real SMTP server on loopback, offering SMTPUTF8 or not.
func listen(t *testing.T, utf8 bool) (string, *sink) {
	t.Helper()
	k := &sink{}
	srv := smtpd.NewServer(k)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.EnableSMTPUTF8 = utf8
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String(), k
}

func outbox(t *testing.T, addr string) *Outbox {
	t.Helper()
	cfg := &config.Config{}
	cfg.Mail.SMTPAddr = addr
	cfg.Mail.From = "Équipe ITS <its@example.com>"
	return &Outbox{db: dbtest.New(t), cfg: cfg, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func enqueue(t *testing.T, o *Outbox, to []string, subject, body string) {
	t.Helper()
	ctx := context.Background()
	tx, err := o.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Enqueue(ctx, tx, to, subject, body); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

func status(t *testing.T, o *Outbox) (string, string) {
	t.Helper()
	var st, e string
	if err := o.db.QueryRow(context.Background(), `SELECT status, coalesce(error, '') FROM mail_outbox ORDER BY id DESC LIMIT 1`).Scan(&st, &e); err != nil {
		t.Fatal(err)
	}
	return st, e
}

// A message read back from a real SMTP server parses with the standard parser and carries the
// standard headers, the subject and names as encoded words, and the body unchanged.
func TestSentMessageIsStandardMIME(t *testing.T) {
	addr, k := listen(t, false)
	o := outbox(t, addr)
	subject := "Échantillons prêts — 見本の準備ができました"
	body := "Bonjour Zoë,\nvotre commande est prête : http://its.example.com/items/42\n" + strings.Repeat("long line ", 20) + "\n"
	enqueue(t, o, []string{"buyer@example.com", "planner@bücher.example"}, subject, body)
	if err := o.deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st, e := status(t, o); st != "sent" {
		t.Fatalf("status %s (%s), want sent", st, e)
	}
	if len(k.msgs) != 1 {
		t.Fatalf("%d messages received, want 1", len(k.msgs))
	}
	got := k.msgs[0]
	for i, c := range got.data {
		if c >= 0x80 {
			t.Fatalf("byte %d is 8-bit (%q...): a server without SMTPUTF8 must get 7-bit headers and body", i, got.data[max(0, i-20):i+1])
		}
	}
	if got.from != "its@example.com" || strings.Join(got.to, ",") != "buyer@example.com,planner@xn--bcher-kva.example" {
		t.Fatalf("envelope from %q to %v", got.from, got.to)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(got.data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := msg.Header.Date(); err != nil {
		t.Fatalf("Date: %v", err)
	}
	if id := msg.Header.Get("Message-ID"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@example.com>") {
		t.Fatalf("Message-ID %q", id)
	}
	if v := msg.Header.Get("MIME-Version"); v != "1.0" {
		t.Fatalf("MIME-Version %q", v)
	}
	dec := new(mime.WordDecoder)
	if s, err := dec.DecodeHeader(msg.Header.Get("Subject")); err != nil || s != subject {
		t.Fatalf("Subject decodes to %q (%v), want %q", s, err, subject)
	}
	from, err := (&netmail.AddressParser{WordDecoder: dec}).Parse(msg.Header.Get("From"))
	if err != nil || from.Name != "Équipe ITS" || from.Address != "its@example.com" {
		t.Fatalf("From %+v (%v)", from, err)
	}
	if ct, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type")); err != nil || ct != "text/plain" || params["charset"] != "utf-8" {
		t.Fatalf("Content-Type %q", msg.Header.Get("Content-Type"))
	}
	if msg.Header.Get("Content-Transfer-Encoding") != "quoted-printable" {
		t.Fatalf("Content-Transfer-Encoding %q", msg.Header.Get("Content-Transfer-Encoding"))
	}
	b, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != strings.ReplaceAll(body, "\n", "\r\n") {
		t.Fatalf("body %q", b)
	}
}

// A server that offers SMTPUTF8 gets UTF-8 addresses as they are; one that does not refuses
// nothing silently: the message is marked failed with the reason.
func TestUTF8AddressesNeedSMTPUTF8(t *testing.T) {
	addr, k := listen(t, true)
	o := outbox(t, addr)
	enqueue(t, o, []string{"jörg@bücher.example"}, "Hallo", "x")
	if err := o.deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st, e := status(t, o); st != "sent" {
		t.Fatalf("status %s (%s), want sent", st, e)
	}
	if len(k.msgs) != 1 || !k.msgs[0].utf8 || k.msgs[0].to[0] != "jörg@bücher.example" {
		t.Fatalf("received %+v", k.msgs)
	}

	addr, k = listen(t, false)
	o = outbox(t, addr)
	enqueue(t, o, []string{"jörg@example.com"}, "Hallo", "x")
	if err := o.deliver(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st, e := status(t, o); st != "failed" || !strings.Contains(e, "SMTPUTF8") {
		t.Fatalf("status %s (%s), want failed naming SMTPUTF8", st, e)
	}
	if len(k.msgs) != 0 {
		t.Fatalf("received %d messages", len(k.msgs))
	}
}

// A subject with a line break cannot add headers of its own.
func TestSubjectCannotInjectHeaders(t *testing.T) {
	env, err := compose("its@example.com", []string{"a@example.com"}, "hi\r\nBcc: evil@example.com", "x", time.Now(), false)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(env.data))
	if err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get("Bcc") != "" || msg.Header.Get("Subject") != "hi Bcc: evil@example.com" {
		t.Fatalf("headers %v", msg.Header)
	}
}
