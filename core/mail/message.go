package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// envelope is one message ready for SMTP: the addresses for MAIL FROM and RCPT TO, and the
// RFC 5322 bytes for DATA.
type envelope struct {
	from string
	to   []string
	data []byte
}

// ErrNeedsSMTPUTF8 is returned for an address whose local part is not ASCII when the server
// does not offer SMTPUTF8 (RFC 6531): such an address cannot be written any other way.
var ErrNeedsSMTPUTF8 = errors.New("the address has a non-ASCII local part and the mail server does not offer SMTPUTF8")

// compose builds the message with the standard headers (Date, Message-ID, MIME-Version), the
// subject and display names as RFC 2047 encoded words, and a quoted-printable UTF-8 body. With
// smtputf8 the server takes UTF-8 addresses as they are (RFC 6532); without it a domain is
// written in its ASCII (punycode) form and a non-ASCII local part is refused.
func compose(from string, to []string, subject, body string, now time.Time, smtputf8 bool) (*envelope, error) {
	sender, err := address(from, smtputf8)
	if err != nil {
		return nil, fmt.Errorf("from %q: %w", from, err)
	}
	env := &envelope{from: sender.Address}
	var toHdr []string
	for _, t := range to {
		a, err := address(t, smtputf8)
		if err != nil {
			return nil, fmt.Errorf("to %q: %w", t, err)
		}
		env.to = append(env.to, a.Address)
		toHdr = append(toHdr, header(a))
	}
	id, err := messageID(sender.Address)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: %s\r\n", id)
	fmt.Fprintf(&b, "From: %s\r\n", header(sender))
	fmt.Fprintf(&b, "To: %s\r\n", strings.Join(toHdr, ", "))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", oneLine(subject)))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	body = strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", "\r\n")
	if _, err := qp.Write([]byte(body)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	env.data = b.Bytes()
	return env, nil
}

// address parses one address and writes its domain as SMTP can carry it.
func address(s string, smtputf8 bool) (*netmail.Address, error) {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return nil, err
	}
	local, domain, ok := strings.Cut(a.Address, "@")
	if !ok {
		return nil, fmt.Errorf("%q has no domain", a.Address)
	}
	if !smtputf8 {
		if !ascii(local) {
			return nil, ErrNeedsSMTPUTF8
		}
		if domain, err = idna.Lookup.ToASCII(domain); err != nil {
			return nil, err
		}
	}
	a.Address = local + "@" + domain
	return a, nil
}

// header writes an address for a header: the display name as encoded words where it needs
// them, the address itself as it is.
func header(a *netmail.Address) string {
	if a.Name == "" {
		return "<" + a.Address + ">"
	}
	return mime.QEncoding.Encode("utf-8", a.Name) + " <" + a.Address + ">"
}

// messageID is a unique id in the sender's domain (RFC 5322 §3.6.4).
func messageID(sender string) (string, error) {
	var r [16]byte
	if _, err := rand.Read(r[:]); err != nil {
		return "", err
	}
	_, domain, _ := strings.Cut(sender, "@")
	if d, err := idna.Lookup.ToASCII(domain); err == nil {
		domain = d
	}
	return "<" + hex.EncodeToString(r[:]) + "@" + domain + ">", nil
}

// oneLine keeps a header value on one line: a subject with a line break would start headers of
// its own.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(s)), " ")
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
