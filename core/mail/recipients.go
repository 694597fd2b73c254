package mail

import (
	"fmt"
	netmail "net/mail"
	"strings"

	"its/core/httpx"
)

// CheckRecipients checks a mail's addresses as a request gave them: at least one recipient
// when required, at most max recipients and bcc recipients together, and each a bare address
// (no display name), which it rewrites in place to its plain form. It answers the field errors.
func CheckRecipients(recipients, bcc []string, required bool, max int) []httpx.FieldError {
	var bad []httpx.FieldError
	if required && len(recipients) == 0 {
		bad = append(bad, httpx.FieldError{Field: "recipients", Rule: "required", Message: "Name at least one recipient"})
	}
	if len(recipients)+len(bcc) > max {
		bad = append(bad, httpx.FieldError{Field: "recipients", Rule: "max", Message: fmt.Sprintf("At most %d recipients", max)})
	}
	for _, l := range []struct {
		field string
		list  []string
	}{{"recipients", recipients}, {"bccRecipients", bcc}} {
		for i, a := range l.list {
			addr, err := netmail.ParseAddress(strings.TrimSpace(a))
			if err != nil || addr.Name != "" {
				bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("%s[%d]", l.field, i), Rule: "email", Message: fmt.Sprintf("%q is not an e-mail address", a)})
				continue
			}
			l.list[i] = addr.Address
		}
	}
	return bad
}
